import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, failure, fixtures, ok, renderApp } from '../support';

const UNSAFE_HTML =
  '<h2>Server etiquette</h2><p>Be excellent to each other.</p>' +
  '<script>window.__pwned = true</script>' +
  '<img src="/images/hero/hero.svg" alt="Lobby" onerror="window.__pwned = true">' +
  '<a href="javascript:alert(1)">Click</a>';

const etiquette = {
  id: 9,
  slug: 'etiquette',
  title: 'Etiquette',
  content: UNSAFE_HTML,
  is_terms: 0,
  is_privacy: 0,
};

/** The list knows the etiquette page, and the page answers by id or slug. */
const etiquetteHandlers = [
  http.get(api('/static-pages'), () =>
    ok([
      ...fixtures.staticPageSummaries,
      { id: 9, slug: 'etiquette', title: 'Etiquette', is_terms: 0, is_privacy: 0 },
    ]),
  ),
  http.get(api('/static-pages/:idOrSlug'), ({ params }) =>
    params.idOrSlug === '9' || params.idOrSlug === 'etiquette'
      ? ok(etiquette)
      : failure(404, 'Page not found'),
  ),
];

function expectSanitizedEtiquette() {
  const content = screen.getByText('Be excellent to each other.').closest('.prose');
  if (!(content instanceof HTMLElement)) throw new Error('no page content');
  expect(content.querySelector('h2')).toHaveTextContent('Server etiquette');
  expect(content.querySelector('script')).toBeNull();
  const image = content.querySelector('img');
  expect(image).toHaveAttribute('alt', 'Lobby');
  expect(image).not.toHaveAttribute('onerror');
  expect(content.querySelector('a')).not.toHaveAttribute('href');
  expect(content.innerHTML).not.toContain('__pwned');
  expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
}

describe('static pages', () => {
  it('by id: the title and the sanitized HTML content', async () => {
    renderApp({ path: '/static-page/9', handlers: etiquetteHandlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Etiquette' })).toBeInTheDocument();
    expectSanitizedEtiquette();
  });

  it('by slug: the same page, sanitized', async () => {
    renderApp({ path: '/etiquette', handlers: etiquetteHandlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Etiquette' })).toBeInTheDocument();
    expectSanitizedEtiquette();
  });

  it('shows a spinner while the page loads', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { ready, router } = renderApp({
      path: '/',
      handlers: [
        http.get(api('/static-pages/:idOrSlug'), async () => {
          await answered;
          return ok(fixtures.staticPages[2]);
        }),
      ],
    });
    await ready();
    void router.navigate({ to: '/static-page/$id', params: { id: '3' } });
    const main = await screen.findByRole('main', { busy: true });
    expect(await within(main).findByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('By using Blockfront you agree to these terms.')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('By using Blockfront you agree to these terms.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a page the server does not have (404) is the not-found page', async () => {
    renderApp({ path: '/static-page/404' });
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, the page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  });

  it('a slug that is not in the list is the not-found page, without asking for it', async () => {
    const asked: string[] = [];
    renderApp({
      path: '/no-such-page',
      handlers: [
        http.get(api('/static-pages/:idOrSlug'), ({ params }) => {
          asked.push(String(params.idOrSlug));
          return failure(404, 'Page not found');
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('shows the error text when the page cannot be loaded', async () => {
    renderApp({
      path: '/static-page/1',
      handlers: [http.get(api('/static-pages/:idOrSlug'), () => failure(500, 'The page store is down'))],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The page store is down');
  });

  it('loads the page again in a newly chosen language', async () => {
    const { app } = renderApp({
      path: '/static-page/1',
      handlers: [
        http.get(api('/static-pages/:idOrSlug'), ({ request }) => {
          const german = new URL(request.url).searchParams.get('lang_id') === '2';
          return ok({
            ...fixtures.staticPages[0],
            content: german ? '<p>Seid nett.</p>' : '<p>Be nice.</p>',
          });
        }),
      ],
    });
    expect(await screen.findByText('Be nice.')).toBeInTheDocument();
    app.getSnapshot().context.language.send({ type: 'CHANGE', id: 2 });
    expect(await screen.findByText('Seid nett.')).toBeInTheDocument();
  });
});

describe('rules and FAQ', () => {
  it('/rules shows the rules page under its own heading', async () => {
    renderApp({ path: '/rules' });
    expect(await screen.findByText('Be kind, no griefing, no cheats.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toBeInTheDocument();
  });

  it('/faq shows the FAQ page under its own heading', async () => {
    const asked: string[] = [];
    renderApp({
      path: '/faq',
      handlers: [
        http.get(api('/static-pages/:idOrSlug'), ({ params }) => {
          asked.push(String(params.idOrSlug));
          return HttpResponse.json({ status: 'OK', payload: fixtures.staticPages[1] });
        }),
      ],
    });
    expect(
      await screen.findByText('How do I join? Copy the address and paste it in the multiplayer screen.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('faq'));
  });
});
