import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mountApp } from '../../../src/bootstrap/bootApp';
import { startApp } from '../../../src/bootstrap/start-app';
import { api, expectConsoleError, failure, fixtures, ok, renderApp, server } from '../support';

describe('start-up (docs/product.md §2 "Shell", §8)', () => {
  it('shows a spinner until the start-up calls have answered, then the app', async () => {
    let answer: () => void = () => {};
    const settingsHeld = new Promise<void>((resolve) => {
      answer = resolve;
    });
    renderApp({
      handlers: [
        http.get(api('/settings'), async () => {
          await settingsHeld;
          return ok(fixtures.settings);
        }),
      ],
    });
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();

    answer();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it("index.html paints the same spinner before the scripts run (React's first render changes nothing)", () => {
    const { container } = renderApp({ handlers: [http.get(api('/settings'), () => new Promise(() => {}))] });
    const html = readFileSync(resolve('index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.getElementById('root')?.innerHTML).toBe(container.innerHTML);
  });

  it('a guest starts without asking the server about a session (nothing stored to confirm)', async () => {
    const asked: string[] = [];
    const { ready } = renderApp({
      handlers: [
        http.get(api('/is-auth'), ({ request }) => {
          asked.push(request.url);
          return failure(401, 'Unauthenticated.');
        }),
      ],
    });
    await ready();
    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('shows the initialization error with its message when the settings fail', async () => {
    // docs/product.md §8: a start-up failure is logged as well as shown.
    expectConsoleError(/^Failed to fetch settings ApiError: Maintenance in progress/);
    renderApp({ handlers: [http.get(api('/settings'), () => failure(503, 'Maintenance in progress'))] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred during initialization: Maintenance in progress');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('mounts signed out when the start-up auth check fails', async () => {
    const { ready } = renderApp({
      storage: { auth_session: 'true', token: 'stale' },
      handlers: [http.get(api('/is-auth'), () => HttpResponse.error())],
    });
    await ready();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });
});

describe('google_tag (docs/product.md §3)', () => {
  const scripts = () => [...document.head.querySelectorAll('script')];

  it('injects a plain snippet once, as one script whose text is exactly the setting', async () => {
    const snippet = "window.dataLayer = window.dataLayer || [];\nwindow.dataLayer.push({ event: 'boot' });";
    const { ready, rerender, app, router } = renderApp({
      handlers: [http.get(api('/settings'), () => ok({ ...fixtures.settings, google_tag: snippet }))],
    });
    await ready();
    await screen.findByRole('banner');
    await router.navigate({ to: '/shop' });
    rerender(<div />);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.text).toBe(snippet);
    app.stop();
  });

  it('recreates each <script> of a tag snippet: external ones with their attributes, inline ones with their text', async () => {
    const inline = "window.dataLayer=[];function gtag(){dataLayer.push(arguments)}gtag('config','G-TEST1');";
    const snippet = `<!-- tag -->\n<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST1"></script>\n<script>${inline}</script>`;
    const { ready } = renderApp({
      handlers: [http.get(api('/settings'), () => ok({ ...fixtures.settings, google_tag: snippet }))],
    });
    await ready();
    await waitFor(() => expect(scripts()).toHaveLength(2));
    const [external, own] = scripts();
    expect(external?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1');
    expect(external?.hasAttribute('async')).toBe(true);
    expect(external?.text).toBe('');
    expect(own?.text).toBe(inline);
  });

  it('injects nothing without a tag', async () => {
    const { ready } = renderApp();
    await ready();
    await screen.findByRole('banner');
    expect(scripts()).toHaveLength(0);
  });
});

describe('the browser entry (src/main.tsx → mountApp)', () => {
  /** #root as index.html has it, the start-up spinner inside. */
  function pageRoot(): HTMLElement {
    const html = readFileSync(resolve('index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const root = document.createElement('div');
    root.innerHTML = page.getElementById('root')?.innerHTML ?? '';
    document.body.append(root);
    return root;
  }

  it("keeps index.html's spinner until the first screen is ready, then renders it", async () => {
    let answer: () => void = () => {};
    const settingsHeld = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(api('/settings'), async () => {
        await settingsHeld;
        return ok(fixtures.settings);
      }),
    );
    const element = pageRoot();
    const spinner = element.innerHTML;
    const started = startApp();
    const mounted = mountApp(started, element);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(element.innerHTML).toBe(spinner);
    // React has not taken the element yet (createRoot marks its container).
    expect(Object.keys(element).some((key) => key.startsWith('__reactContainer'))).toBe(false);

    answer();
    const root = await mounted;
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(element.querySelector('.app-status')).toBeNull();
    root.unmount();
    started.app.stop();
    element.remove();
  });

  it('renders the initialization error when start-up fails', async () => {
    // docs/product.md §8: a start-up failure is logged as well as shown.
    expectConsoleError(/^Failed to fetch settings ApiError: Maintenance in progress/);
    server.use(http.get(api('/settings'), () => failure(503, 'Maintenance in progress')));
    const element = pageRoot();
    const started = startApp();
    const root = await mountApp(started, element);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred during initialization: Maintenance in progress',
    );
    root.unmount();
    started.app.stop();
    element.remove();
  });
});
