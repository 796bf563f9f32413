import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import './page-nonce';

export interface CspOptions {
  /** Extra origins the storefront may fetch from (e.g. an IP-to-country lookup). */
  connectSrc?: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function httpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Script sources that allow exactly the configured `google_tag`: the hash of each inline
 * script's text and the URL of each external one. A snippet without `<script>` tags is taken as
 * the text of one inline script. The storefront must insert each script with exactly this text.
 */
export function googleTagSources(googleTag: string | null | undefined): string[] {
  if (!googleTag) return [];
  const scripts = [...googleTag.matchAll(SCRIPT)];
  if (scripts.length === 0) return [sha256(googleTag)];
  return scripts.flatMap(([, attributes = '', body = '']) => {
    const src = SRC.exec(attributes);
    if (src) {
      const url = httpUrl(src[1] ?? src[2] ?? src[3] ?? '');
      return url ? [url] : [];
    }
    return body === '' ? [] : [sha256(body)];
  });
}

/**
 * The hashes of the `style` attributes in a server-rendered page (react-aria's visually hidden
 * inputs), as the browser reads them (entities decoded): the CSP allows exactly these.
 */
export function styleAttributeHashes(html: string): string[] {
  const values = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value = '']) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
  return [...new Set(values)].map(sha256);
}

/**
 * The Content-Security-Policy of the storefront's pages: this origin only, plus the google tag,
 * plus the page's style nonce (the app page has one: react-aria's inserted <style> carries it),
 * plus the hashes of the style attributes the server rendered into the page (ADR 0021).
 */
export function cspFor(
  googleTag: string | null | undefined,
  options: CspOptions = {},
  styleNonce?: string,
  styleHashes: readonly string[] = [],
): string {
  const attributes = styleHashes.length === 0 ? [] : ["'unsafe-hashes'", ...styleHashes];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...googleTagSources(googleTag)],
    'style-src': ["'self'", ...(styleNonce === undefined ? [] : [`'nonce-${styleNonce}'`]), ...attributes],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.connectSrc ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/**
 * Helmet's headers, the CSP aside (set per page below), worked out once: none depends on the
 * request, and `@fastify/helmet` rebuilt helmet's middleware on every request.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet({ contentSecurityPolicy: false })(
    {} as IncomingMessage,
    collect as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

export interface SecurityOptions {
  publicUrl: string;
  googleTag: () => Promise<string | null> | string | null;
  csp?: CspOptions;
}

/**
 * Helmet's headers on every answer; the CSP on HTML pages (it depends on the google tag, read
 * from the settings, so it is computed per page and cached per tag); CORS for PUBLIC_URL only.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const headers = helmetHeaders();
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await app.register(cors, {
    origin: [new URL(options.publicUrl).origin],
    methods: ['GET', 'POST', 'PUT'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });

  app.decorateRequest('cspNonce', null);
  app.decorateRequest('cspStyleHashes', null);
  let cached: { tag: string | null; policy: string } | undefined;
  app.addHook('onSend', async (request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || reply.hasHeader('content-security-policy')) return;
    let tag: string | null = null;
    try {
      tag = await options.googleTag();
    } catch (error) {
      request.log.error({ err: error }, 'could not read google_tag for the CSP');
    }
    if (request.cspNonce !== null) {
      const hashes = request.cspStyleHashes ?? [];
      reply.header('content-security-policy', cspFor(tag, options.csp, request.cspNonce, hashes));
      return;
    }
    if (cached?.tag !== tag) cached = { tag, policy: cspFor(tag, options.csp) };
    reply.header('content-security-policy', cached.policy);
  });
}
