import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router';
import { cleanup, type RenderResult, render, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { expect, type Mock } from 'vitest';
import { type SnapshotFrom, waitFor as waitForActor } from 'xstate';
import type { ApiClient } from '../../../src/api';
import type { AppActor } from '../../../src/bootstrap/app-actor';
import { App, type BootedApp, bootApp } from '../../../src/bootstrap/bootApp';
import type { AppRouter } from '../../../src/routes/router';
import { type ClipboardStub, clearCookies, stubClipboard, stubMatchMedia, stubScrollTo } from './browser';
import { defaultHandlers } from './handlers';

/**
 * One msw server per worker; a test adds its own answers with `server.use(...)`. The UI project
 * runs its files without isolation (vite.config.ts), so this module is evaluated once per worker:
 * the per-file hooks that listen and reset are registered by tests/support/ui-setup.ts, a setup
 * file that runs again for every file.
 */
export const server = setupServer(...defaultHandlers);

const started: BootedApp[] = [];
let listening = false;

/** Starts answering requests (once per worker; the server is left listening between files). */
export function listen(): void {
  if (listening) return;
  server.listen({ onUnhandledRequest: 'error' });
  listening = true;
}

/** What a test leaves behind goes: the apps it started, its answers, what the browser kept. */
export function resetAfterTest(): void {
  // The tree goes before the actors it reads, as on a page that is left.
  cleanup();
  for (const booted of started.splice(0)) booted.app.stop();
  server.resetHandlers();
  localStorage.clear();
  clearCookies();
  for (const script of document.head.querySelectorAll('script[data-google-tag]')) script.remove();
  Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true, writable: true });
}

export interface RenderAppOptions {
  /** The first URL, e.g. '/cart' or '/shop?page=2'. */
  path?: string;
  /** msw handlers that take precedence over the defaults for this test. */
  handlers?: HttpHandler[];
  /** localStorage entries set before start, e.g. `SIGNED_IN` or `{ languageId: '2' }`. */
  storage?: Readonly<Record<string, string>>;
  /** document.cookie before start, e.g. 'cookie_consent=true' (several separated by '; '). */
  cookies?: string;
}

export interface RenderedApp extends RenderResult {
  user: UserEvent;
  app: AppActor;
  router: AppRouter;
  api: ApiClient;
  history: RouterHistory;
  server: typeof server;
  /** `window.scrollTo`, stubbed. */
  scrollTo: Mock;
  /** `navigator.clipboard`, stubbed (`writeText` resolves unless a test says otherwise). */
  clipboard: ClipboardStub;
  /** Resolves once the start-up calls have settled and the routed app is shown. */
  ready: () => Promise<SnapshotFrom<AppActor>>;
  /** The current path with its search, e.g. '/login?redirect=%2Fcart'. */
  location: () => string;
  /**
   * A page reload: this app is unmounted and stopped, and a new one starts at the current URL
   * with what the browser kept (localStorage, cookies) and the handlers in place.
   */
  reload: () => RenderedApp;
}

/**
 * Renders the real app (the same bootstrap as src/main.tsx) at `path` against msw. The app
 * starts at once: the start-up spinner shows until the start-up calls have answered.
 */
export function renderApp({ path = '/', handlers = [], storage = {}, cookies = '' }: RenderAppOptions = {}) {
  server.use(...handlers);
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  for (const cookie of cookies.split(';')) {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this is the browser's state
    if (cookie.trim() !== '') document.cookie = `${cookie.trim()}; Path=/`;
  }
  return start(path);
}

function start(path: string): RenderedApp {
  const scrollTo = stubScrollTo();
  stubMatchMedia();
  const user = userEvent.setup({ delay: null });
  const clipboard = stubClipboard();

  const history = createMemoryHistory({ initialEntries: [path] });
  const booted = bootApp({ history });
  started.push(booted);
  const { app, router, routerMounted } = booted;
  const view = render(<App app={app} router={router} routerMounted={routerMounted} />);

  return {
    ...view,
    user,
    app,
    router,
    api: booted.api,
    history,
    server,
    scrollTo,
    clipboard,
    ready: async () => {
      const snapshot = await waitForActor(app, (candidate) => candidate.matches('ready'));
      // The shell renders the app as a deferred update: the start-up spinner stays a moment longer.
      await waitFor(() => expect(view.container.querySelector('.app-status')).toBeNull());
      return snapshot;
    },
    location: () => router.state.location.href,
    reload: () => {
      const href = router.state.location.href;
      view.unmount();
      app.stop();
      return start(href);
    },
  };
}
