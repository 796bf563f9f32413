import type { Middleware } from 'openapi-fetch';

/** What every request carries, read fresh for each request (docs/product.md §7). */
export interface OutgoingOptions {
  getToken: () => string | null;
  getLanguageId: () => number | null;
  getCurrency: () => string | null;
  timeoutFor: (method: string, schemaPath: string) => number;
}

/**
 * Methods whose body carries lang_id. A PATCH body holds only the fields it changes and a DELETE
 * has none: theirs goes in the query, as a GET's (openapi.yaml's convention, tests/contract).
 */
const BODY_METHODS = new Set(['POST', 'PUT']);

/**
 * Rebuilds each request once with: credentials 'include', the Bearer token when one is stored,
 * lang_id (POST/PUT body, form-data also gets currency; the query of every other method), and a timeout combined
 * with the caller's signal so the caller can still abort.
 */
export function outgoing(options: OutgoingOptions): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const method = request.method.toUpperCase();
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      const token = options.getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);

      const languageId = options.getLanguageId();
      let body: BodyInit | null;
      if (BODY_METHODS.has(method)) {
        body = await bodyWithLanguage(request, headers, languageId, options.getCurrency());
      } else {
        if (languageId !== null && !url.searchParams.has('lang_id')) {
          url.searchParams.set('lang_id', String(languageId));
        }
        body = method === 'GET' || request.body === null ? null : await request.arrayBuffer();
      }

      const timeout = AbortSignal.timeout(options.timeoutFor(method, schemaPath));
      return new Request(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: AbortSignal.any([request.signal, timeout]),
        redirect: request.redirect,
        cache: request.cache,
      });
    },
  };
}

/**
 * A lang_id the caller put in the body or query on purpose (e.g. loading another language's
 * translations) is kept; otherwise the stored language is added. Bodies that are neither JSON
 * objects nor form-data are sent unchanged.
 */
async function bodyWithLanguage(
  request: Request,
  headers: Headers,
  languageId: number | null,
  currency: string | null,
): Promise<BodyInit | null> {
  const contentType = headers.get('Content-Type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData();
    if (languageId !== null && !form.has('lang_id')) form.append('lang_id', String(languageId));
    if (currency !== null && !form.has('currency')) form.append('currency', currency);
    // The rebuilt form gets a new multipart boundary, so the old header must go.
    headers.delete('Content-Type');
    return form;
  }

  const text = await request.text();
  if (languageId === null) return text === '' ? null : text;
  if (text === '') {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify({ lang_id: languageId });
  }
  if (!contentType.includes('json')) return text;
  const parsed = parseJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
  return JSON.stringify({ lang_id: languageId, ...parsed });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
