/**
 * The start-up answers the server inlines into the app page (docs/decisions/0021): the API's
 * answers to the GET requests the first screen made while the server rendered it, keyed by the
 * request. The browser's api client takes each from the page once instead of fetching it again.
 */
export interface StartupData {
  /** The language the answers are in (the default one); null when there are no languages. */
  languageId: number | null;
  /** The currency the server's first screen shows prices in. */
  currencyCode: string;
  /** The path of the page the server rendered (a signed-in customer's app may go elsewhere). */
  path: string;
  /** Response bodies by `answerKey`. */
  answers: Record<string, unknown>;
}

/**
 * A GET's path below the API base and its query without `lang_id`, sorted: the server's render
 * and the browser build the same request from the same code, except that the browser adds the
 * stored language once the language machine has chosen one.
 */
export function answerKey(url: URL, apiBase: URL): string {
  const base = apiBase.pathname.replace(/\/$/, '');
  const path = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : url.pathname;
  const query = [...url.searchParams].filter(([name]) => name !== 'lang_id').sort(compareEntries);
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query)}`;
}

function compareEntries(a: [string, string], b: [string, string]): number {
  return a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0].localeCompare(b[0]);
}

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * A fetch for the api client that answers each inlined GET once from `data` (when its lang_id is
 * absent or the answers' language) and sends everything else, and every later request, to
 * `fallback`.
 */
export function inlinedFetch(
  data: StartupData,
  apiBase: URL,
  fallback: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  const unused = new Map(Object.entries(data.answers));
  return async (request) => {
    if (request.method !== 'GET' || unused.size === 0) return fallback(request);
    const url = new URL(request.url);
    const langId = url.searchParams.get('lang_id');
    if (langId !== null && langId !== String(data.languageId)) return fallback(request);
    const key = answerKey(url, apiBase);
    if (!unused.has(key)) return fallback(request);
    const body = unused.get(key);
    unused.delete(key);
    return jsonResponse(body);
  };
}

/** A recording fetch for the server's render: answers from `answer` and remembers each. */
export function recordingFetch(
  apiBase: URL,
  answer: (path: string, query: URLSearchParams) => Promise<unknown>,
  answers: Record<string, unknown>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const key = answerKey(url, apiBase);
    if (request.method !== 'GET') return new Response(null, { status: 405 });
    const path = key.split('?')[0] ?? key;
    const body = await answer(path, url.searchParams);
    if (body === undefined) return new Response(JSON.stringify({ status: 'ERROR' }), { status: 404 });
    answers[key] = body;
    return jsonResponse(body);
  };
}
