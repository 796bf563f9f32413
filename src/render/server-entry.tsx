/**
 * The render entry the build emits for the server (`vite build --ssr`, dist/render/): the app's
 * own route tree and components, rendered to HTML for one URL from start-up answers the server
 * gives in-process (docs/decisions/0021). The server loads it by path; it never imports src/.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { localeOf } from '../../machines/language';
import { createApiClient } from '../api';
import { App, bootApp } from '../bootstrap/bootApp';
import { recordingFetch, type StartupData } from '../bootstrap/inlined-answers';
import { createApp } from '../bootstrap/start-app';
import { pageTitle } from '../features/shell/usePageTitle';
import { showsNotFound } from '../routes/not-found';

export { pageKey } from './page-key';

/** Where the render's api client thinks the API is; nothing is ever sent there. */
const RENDER_API_BASE = new URL('http://render.invalid/api');

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The visitor's consent, when it hides the cookie banner (domain/page-cookies.ts). */
  cookieConsent: 'true' | undefined;
  /** The visitor's chosen language, when it is not the default one. */
  languageId: number | null;
  /** The visitor's chosen display currency, when it is not the default one. */
  currencyCode: string | null;
  /**
   * The API's answer (the whole JSON body) to `GET /api{path}?{query}`, from the same queries
   * the API's handlers use; undefined where the render should see a 404.
   */
  answer: (path: string, query: URLSearchParams) => Promise<unknown>;
}

export type RenderResult =
  | {
      kind: 'page';
      /** The answer's HTTP status: 404 when the route tree rendered the not-found page. */
      status: 200 | 404;
      html: string;
      lang: string;
      title: string;
      startup: StartupData;
    }
  /** Start-up failed, or the route redirects (a guard): the page goes out unrendered. */
  | { kind: 'none'; reason: string };

/**
 * Start-up answers the page does not carry: the countries (10 KB of JSON, 2.3 KB compressed) are
 * shown only by the sign-up and profile forms' country lists, which open on a click. The app asks
 * for them in parallel with its code, and every page's HTML stays within the first round trip of
 * a new connection (~14 KB; docs/decisions/0023).
 */
const NOT_INLINED = new Set(['/countries']);

function inlined(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !NOT_INLINED.has(key)));
}

/**
 * Renders the first screen of a signed-out visitor in the language and currency they chose: the
 * screen their app starts with, so it hydrates the page (a signed-in customer's too,
 * docs/decisions/0054).
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const answers: Record<string, unknown> = {};
  const api = createApiClient({
    baseUrl: RENDER_API_BASE.href,
    getToken: () => null,
    getLanguageId: () => request.languageId,
    getCurrency: () => request.currencyCode,
    fetch: recordingFetch(RENDER_API_BASE, request.answer, answers),
  });
  const started = createApp({
    api,
    input: {
      hasStoredSession: false,
      storedLanguageId: request.languageId,
      // The currency machine finds the currency in the list by its code; the symbol is not read.
      storedCurrency: request.currencyCode === null ? null : { code: request.currencyCode, symbol: '' },
      cookieConsent: request.cookieConsent,
    },
  });
  started.app.start();
  try {
    const history = createMemoryHistory({ initialEntries: [request.url] });
    const { app, router, firstScreen, routerMounted } = bootApp({ history, started });
    await firstScreen;
    const snapshot = app.getSnapshot();
    if (!snapshot.matches('ready')) return { kind: 'none', reason: 'start-up failed' };
    // A server load that ends in a redirect (a guard, a canonical URL) resolves no location.
    if (router.state.resolvedLocation === undefined) return { kind: 'none', reason: 'redirect' };
    const language = snapshot.context.language.getSnapshot().context;
    const currency = snapshot.context.currency.getSnapshot().context;
    const html = await renderComplete(<App app={app} router={router} routerMounted={routerMounted} />);
    return {
      kind: 'page',
      status: showsNotFound(router.state.matches) ? 404 : 200,
      html,
      lang: localeOf(language),
      title: pageTitle(firstHeading(html)),
      startup: {
        languageId: language.languageId,
        currencyCode: currency.current.code,
        path: router.state.resolvedLocation.pathname,
        answers: inlined(answers),
      },
    };
  } finally {
    started.app.stop();
  }
}

/** React's marker of a Suspense boundary the server left for the browser to render. */
const CLIENT_RENDERED = '<!--$!-->';
const ATTEMPTS = 3;

/**
 * The tree's HTML with every Suspense boundary filled. renderToString leaves a boundary whose
 * lazy component has not loaded yet (a lazily loaded field) for the browser, and prerender
 * streams it after the shell with an inline script the CSP blocks; so a boundary left open
 * is rendered once with prerender, which loads the component (React.lazy keeps it for the next
 * requests), and the page again with renderToString.
 */
async function renderComplete(tree: ReactNode): Promise<string> {
  let html = renderToString(tree);
  for (let attempt = 1; attempt < ATTEMPTS && html.includes(CLIENT_RENDERED); attempt += 1) {
    const { prelude } = await prerender(tree);
    await new Response(prelude).arrayBuffer();
    html = renderToString(tree);
  }
  return html;
}

/** The text of the first h1 in `#content`, where usePageTitle reads the browser's title from. */
function firstHeading(html: string): string | undefined {
  const content = html.indexOf('id="content"');
  if (content === -1) return undefined;
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html.slice(content))?.[1];
  return heading
    ?.replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
