import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, CURRENCY_COOKIE, LANGUAGE_COOKIE } from '../../domain/page-cookies';
import type { PageChoices, RenderEntry } from '../render/app-page';
import { withFirstScreen } from '../render/app-page';
import { RENDER_CACHE_ENTRIES } from '../render/render-cache';
import type { PageCookies } from '../render/startup-answers';
import { acceptsGzip, gzippedPages } from './page-gzip';
import { newCspNonce, nonceMeta, nonceMetaPlace, withCspNonce } from './page-nonce';
import { styleAttributeHashes } from './security';

/** Hashed names (Vite's /assets/: scripts, styles, fonts): a new build names a changed file anew. */
const LONG_CACHE = 'public, max-age=31536000, immutable';
/**
 * The public files at fixed names (images, icons): used for an hour without asking again, so a
 * visitor's next page paints its images at once, then revalidated by their ETag; an operator's
 * replaced image shows within the hour.
 */
const FIXED_NAME_CACHE = 'public, max-age=3600';
/** A page: always asked again (each answer carries its own CSP nonce, docs/decisions/0009). */
const PAGE_CACHE = 'no-cache';

/** The Cache-Control of the built file at `relativePath` (docs/decisions/0024). */
export function cacheControlOf(relativePath: string): string {
  if (relativePath.startsWith(`assets${path.sep}`)) return LONG_CACHE;
  if (relativePath.endsWith('.html')) return PAGE_CACHE;
  return FIXED_NAME_CACHE;
}

/** Files the build stores beside a `.br` and a `.gz` copy (scripts/compress-assets.ts). */
export const COMPRESSIBLE_FILE = /\.(?:js|css|svg|html|json|ico)$/;

/**
 * The build's brotli and gzip copies are sent only in place of their file, to a browser that
 * accepts them: asked for by their own name they are not found (`/index.html.br` would otherwise
 * go out as `application/octet-stream`, and the app page never without its CSP nonce).
 */
export function isCompressedCopy(pathname: string): boolean {
  return /\.(?:br|gz)$/i.test(pathname);
}

/**
 * Whether `pathname` names a file of the built storefront that is served as it is (GET and HEAD
 * only): a static file under `root`, not a compressed copy.
 */
export function builtFileAt(root: string | null): (pathname: string) => boolean {
  return (pathname) => {
    if (root === null || isCompressedCopy(pathname)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const file = path.join(root, path.normalize(decoded));
    if (!file.startsWith(path.join(root, path.sep))) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
}

/** True for paths the SPA may own: not the API, not a hashed asset, no file extension. */
export function isAppRoute(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/** Whether the answer to `url` may come from a compressed copy (app routes answer with index.html). */
function servesCompressibleFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return isAppRoute(url) || COMPRESSIBLE_FILE.test(pathname);
}

function withVary(current: unknown, field: string): string {
  const fields = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return fields.some((value) => value.toLowerCase() === field.toLowerCase() || value === '*')
    ? fields.join(', ')
    : [...fields, field].join(', ');
}

/** Whether `root` holds a built storefront to serve. */
export function servesApp(root: string | null): root is string {
  return root !== null && existsSync(path.join(root, 'index.html'));
}

/**
 * The app page for one request: index.html with its first screen rendered in, and the status the
 * render gave it (404 for the app's not-found page); or index.html unrendered, with 200.
 */
export type FirstScreen = (request: FastifyRequest, page: string) => Promise<AppPage>;

export interface AppPage {
  html: string;
  status: number;
  /** The CSP hashes of the rendered page's style attributes (none for index.html as it is). */
  styleHashes?: string[];
}

/** How long a page waits for its first screen before it goes out unrendered (the app then starts as without). */
export const RENDER_TIMEOUT_MS = 3_000;

/** Renders each page's first screen with the build's render entry (docs/decisions/0021). */
export function firstScreenOf(
  entry: RenderEntry,
  {
    answer,
    choices,
  }: {
    answer: (path: string, query: URLSearchParams) => Promise<unknown>;
    /** The choices the visitor's cookies name, as the page is rendered with them. */
    choices: (cookies: PageCookies) => Promise<PageChoices>;
  },
  timeoutMs = RENDER_TIMEOUT_MS,
): FirstScreen {
  // A kept render (server/render/render-cache.ts) answers many requests: its page is composed once
  // (again only if another index.html is passed in).
  const composed = new WeakMap<object, { page: string; html: string; styleHashes: string[] }>();
  const pageWith = (page: string, rendered: Parameters<typeof withFirstScreen>[1]) => {
    let made = composed.get(rendered);
    if (made?.page !== page) {
      const html = withFirstScreen(page, rendered);
      made = { page, html, styleHashes: styleAttributeHashes(html) };
      composed.set(rendered, made);
    }
    return { html: made.html, styleHashes: made.styleHashes };
  };
  return async (request, page) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const cookies = request.headers.cookie;
      const rendering = choices({
        consent: cookieOf(cookies, CONSENT_COOKIE),
        languageId: cookieOf(cookies, LANGUAGE_COOKIE),
        currencyCode: cookieOf(cookies, CURRENCY_COOKIE),
      }).then((chosen) => entry.render({ url: request.url, ...chosen, answer }));
      const rendered = await Promise.race([rendering, timeout]);
      if (rendered === 'timeout') {
        rendering.catch(() => undefined);
        request.log.warn({ timeoutMs }, 'the first screen took too long; the page goes out unrendered');
      } else if (rendered.kind === 'page') {
        return { ...pageWith(page, rendered), status: rendered.status };
      } else {
        request.log.debug({ reason: rendered.reason }, 'first screen not rendered');
      }
    } catch (error) {
      request.log.error({ err: error }, 'rendering the first screen failed; the page goes out unrendered');
    } finally {
      clearTimeout(timer);
    }
    // Unrendered, the server cannot tell a page from a missing one (the app's route tree decides,
    // in the browser): the page goes out as the app, 200 (docs/decisions/0024).
    return { html: page, status: 200 };
  };
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return undefined;
  }
}

/**
 * Serves the built storefront: hashed files under /assets/ cached for a year, the app page
 * revalidated on each use, the other public files (images, icons) for an hour (cacheControlOf).
 * Text files go out as the build's brotli or gzip copy when the browser accepts one. The app page carries its first screen when `firstScreen` is
 * given (the build's render entry). Returns the SPA fallback for the not-found handler, or
 * undefined when there is no build (development, where Vite serves the app).
 */
export async function registerStaticApp(
  app: FastifyInstance,
  root: string | null,
  firstScreen?: FirstScreen,
): Promise<((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined> {
  if (!servesApp(root)) return undefined;
  const page = readFileSync(path.join(root, 'index.html'), 'utf8');
  // Deflated once each (docs/decisions/0053): the kept renders, and index.html as it is.
  const gzipped = gzippedPages(nonceMetaPlace, RENDER_CACHE_ENTRIES + 1);
  // The app page is rendered per answer with its own CSP nonce (page-nonce.ts), so it never
  // comes from the files (nor from their precompressed copies) and carries no validator.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, status, styleHashes } =
      firstScreen === undefined
        ? { html: page, status: 200, styleHashes: undefined }
        : await firstScreen(request, page);
    const nonce = newCspNonce();
    request.cspNonce = nonce;
    if (styleHashes !== undefined) request.cspStyleHashes = styleHashes;
    reply
      .code(status)
      .header('cache-control', PAGE_CACHE)
      .header('vary', withVary(reply.getHeader('vary'), 'accept-encoding'))
      .type('text/html; charset=utf-8');
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(withCspNonce(html, nonce));
    return reply.header('content-encoding', 'gzip').send(gzipped(html).with(nonceMeta(nonce)));
  };
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathname) => !isCompressedCopy(pathname),
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlOf(path.relative(root, file)));
    },
  });
  // On the reply, not in setHeaders: CORS sets `vary: Origin` there, which would replace a raw header.
  app.addHook('onSend', async (request, reply) => {
    if (servesCompressibleFile(request.url))
      reply.header('vary', withVary(reply.getHeader('vary'), 'accept-encoding'));
  });
  return sendPage;
}
