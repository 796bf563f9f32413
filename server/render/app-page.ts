import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The render entry's answer (src/render/server-entry.tsx), as the server sees it. */
export type RenderResult =
  | { kind: 'page'; status: number; html: string; lang: string; title: string; startup: unknown }
  | { kind: 'none'; reason: string };

/**
 * What a page is rendered with besides its URL and the database: the visitor's stored choices
 * (domain/page-cookies.ts), each as the store's default (undefined, null) unless it changes the page.
 */
export interface PageChoices {
  /** 'true' hides the cookie banner; any other value shows it, as none does. */
  cookieConsent: 'true' | undefined;
  /** A listed language other than the default one. */
  languageId: number | null;
  /** An offered display currency other than the default one. */
  currencyCode: string | null;
}

export interface RenderEntry {
  /**
   * The URL of the page `url` shows: its path and the search values its routes read (the render
   * entry's own route tree decides). Optional: an entry without it renders each URL as given.
   */
  pageKey?(url: string): string;
  render(
    request: PageChoices & {
      url: string;
      answer: (path: string, query: URLSearchParams) => Promise<unknown>;
    },
  ): Promise<RenderResult>;
}

/** Where the build puts the render entry, beside the storefront's own files (dist/app → dist/render). */
export function renderEntryPath(staticDir: string): string {
  return path.join(staticDir, '..', 'render', 'server-entry.js');
}

/** The built render entry, or null when the build has none (then the page goes out unrendered). */
export async function loadRenderEntry(staticDir: string): Promise<RenderEntry | null> {
  const file = renderEntryPath(staticDir);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as Partial<RenderEntry>;
  if (typeof entry.render !== 'function') throw new Error(`${file} exports no render function`);
  if (entry.pageKey !== undefined && typeof entry.pageKey !== 'function')
    throw new Error(`${file} exports a pageKey that is no function`);
  return entry as RenderEntry;
}

const ROOT_OPEN = '<div id="root">';
const LEADING_LINKS = /^(?:<link [^>]*>)+/;

/**
 * index.html with the rendered first screen in place of the start-up spinner inside #root, the
 * page's language on <html>, and the start-up answers as JSON the app reads before it fetches
 * anything (`<` escaped, so nothing in the data can close the element).
 */
export function withFirstScreen(
  page: string,
  rendered: { html: string; lang: string; title?: string; startup: unknown },
): string {
  const start = page.indexOf(ROOT_OPEN);
  const end = start === -1 ? -1 : page.indexOf('</div>', start);
  if (end === -1) throw new Error('index.html has no <div id="root">…</div>');
  const json = JSON.stringify(rendered.startup)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const data = `<script type="application/json" id="startup-data">${json}</script>`;
  // React puts the resource hints of what it rendered (the LCP image's preload) first: they
  // belong in the head, where the browser finds them early and hydration does not meet them.
  const hints = LEADING_LINKS.exec(rendered.html)?.[0] ?? '';
  const body = rendered.html.slice(hints.length);
  const html = `${page.slice(0, start)}${ROOT_OPEN}${body}</div>${data}${page.slice(end + '</div>'.length)}`;
  return withoutModulePreloads(html)
    .replace('</head>', `${hints}</head>`)
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeAttribute(rendered.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, (title) =>
      rendered.title ? `<title>${escapeText(rendered.title)}</title>` : title,
    );
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/[^A-Za-z0-9-]/g, '');
}

const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * A page that paints from its HTML needs the UI code only to hydrate: index.html's modulepreloads
 * (there so an unrendered page's first render need not wait for the entry to ask for its chunks,
 * ADR 0006) would compete with the stylesheet, the font and the first screen's images; the entry
 * asks for the chunks itself once it runs.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}
