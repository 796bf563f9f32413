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
  const meta = `<meta name="csp-nonce" nonce="${nonce}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html) ?? /<!doctype html>/i.exec(html);
  if (head === null) return meta + html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + meta + html.slice(end);
}
