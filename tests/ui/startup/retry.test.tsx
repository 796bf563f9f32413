import { readFileSync } from 'node:fs';
import { act, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, expectConsoleError, failure, fixtures, ok, renderApp } from '../support';

/** /settings answers with each of `answers` in turn, then with the demo settings. */
function settingsAnswering(...answers: (() => Response)[]) {
  const asked: number[] = [];
  const handler = http.get(api('/settings'), () => {
    asked.push(Date.now());
    const next = answers.shift();
    return next ? next() : ok(fixtures.settings);
  });
  return { handler, asked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the start-up error (docs/product.md §2 "Shell", §8): framed like the shell, with Retry', () => {
  // docs/product.md §8: a start-up failure is logged as well as shown.
  it('shows the message inside the header and footer bands with a Retry button that starts the app again', async () => {
    expectConsoleError(/^Failed to fetch settings ApiError: Maintenance in progress/);
    const settings = settingsAnswering(() => failure(503, 'Maintenance in progress'));
    const { user, ready } = renderApp({ handlers: [settings.handler] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred during initialization: Maintenance in progress');
    const frame = alert.closest('.startup-error');
    expect(frame).not.toBeNull();
    expect(within(frame as HTMLElement).getByText('Blockfront')).toBeInTheDocument();
    // A 503 without Retry-After waits for the customer: no countdown.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await ready();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(settings.asked).toHaveLength(2);
  });

  it("retries by itself after a 429's Retry-After seconds, counting down", async () => {
    expectConsoleError(/^Failed to fetch settings ApiError: Too many requests/);
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    const settings = settingsAnswering(() =>
      HttpResponse.json(
        { status: 'ERROR', message: 'Too many requests. Please wait a moment.' },
        { status: 429, headers: { 'Retry-After': '5' } },
      ),
    );
    const { ready } = renderApp({ handlers: [settings.handler] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a moment.');
    expect(screen.getByRole('status')).toHaveTextContent('Retrying in 5 seconds…');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status')).toHaveTextContent('Retrying in 4 seconds…');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Retrying in 1 second…');
    expect(settings.asked).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await ready();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(settings.asked).toHaveLength(2);
  });

  it('Retry also loads the languages again when they failed too: the stored German comes back', async () => {
    expectConsoleError(/^Failed to fetch settings ApiError: Maintenance in progress/);
    const settings = settingsAnswering(() => failure(503, 'Maintenance in progress'));
    let languagesAsked = 0;
    const german = JSON.parse(readFileSync('server/db/seed/catalogues/de.json', 'utf8'));
    const { user, ready } = renderApp({
      storage: { languageId: '2' },
      handlers: [
        settings.handler,
        http.get(api('/languages'), () => {
          languagesAsked += 1;
          return languagesAsked === 1 ? failure(503, 'Maintenance in progress') : ok(fixtures.languages);
        }),
        http.get(api('/localizations'), () => ok(german)),
      ],
    });
    // The languages failed: the error reads in the built-in English.
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await ready();
    expect(await screen.findByRole('link', { name: 'ANMELDEN' })).toBeInTheDocument();
    expect(languagesAsked).toBe(2);
  });

  it('in German: the frame, the Retry button and the countdown are translated', async () => {
    expectConsoleError(/^Failed to fetch settings ApiError: rate-limited \(HTTP 429\)/);
    const settings = settingsAnswering(
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '2' } }),
    );
    const german = JSON.parse(readFileSync('server/db/seed/catalogues/de.json', 'utf8'));
    renderApp({
      storage: { languageId: '2' },
      handlers: [settings.handler, http.get(api('/localizations'), () => ok(german))],
    });
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Neuer Versuch in 2 Sekunden…');
  });
});
