import { randomBytes } from 'node:crypto';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSP nonce of the app page this request answers (null for every other answer). */
    cspNonce: string | null;
    /** The CSP hashes of the style attributes the server rendered into this app page (null: none). */
    cspStyleHashes: string[] | null;
  }
}

/** A fresh, unguessable nonce for one page: 128 random bits, base64. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The app's index.html with `<meta name="csp-nonce" nonce="…">` first in its head: react-aria
 * reads the nonce there and puts it on the <style> elements it inserts (usePreventScroll on iOS,
 * usePress), which the CSP (style-src 'self' 'nonce-…') then allows, and nothing else inline.
 */
export function withCspNonce(html: string, nonce: string): string {
  const at = nonceMetaPlace(html);
  return html.slice(0, at) + nonceMeta(nonce) + html.slice(at);
}

/** `<meta name="csp-nonce" nonce="…">`, which `withCspNonce` puts at `nonceMetaPlace`. */
export function nonceMeta(nonce: string): string {
  return `<meta name="csp-nonce" nonce="${nonce}">`;
}

/** Where the nonce's meta goes: first in the head (else after the doctype, else first). */
export function nonceMetaPlace(html: string): number {
  const head = /<head(?:\s[^>]*)?>/i.exec(html) ?? /<!doctype html>/i.exec(html);
  return head === null ? 0 : head.index + head[0].length;
}
