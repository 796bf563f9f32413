import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ApiClientOptions,
  ApiError,
  CHECKOUT_TIMEOUT_MS,
  call,
  createApiClient,
  type paths,
  REQUEST_TIMEOUT_MS,
  resolveBaseUrl,
} from '../../src/api';

const BASE = 'http://api.test/api';
const OK = { status: 'OK' };
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function client<Paths extends object = paths>(options: ApiClientOptions = {}) {
  return createApiClient<Paths>({
    baseUrl: BASE,
    getToken: () => null,
    getLanguageId: () => 2,
    getCurrency: () => 'USD',
    ...options,
  });
}

/** Answers every request under BASE with `{status: 'OK'}` and hands the request to `seen`. */
function capture(): Request[] {
  const seen: Request[] = [];
  server.use(
    http.all(`${BASE}/*`, ({ request }) => {
      seen.push(request);
      return HttpResponse.json(OK);
    }),
  );
  return seen;
}

function only(seen: Request[]): Request {
  expect(seen).toHaveLength(1);
  const [request] = seen;
  if (request === undefined) throw new Error('no request');
  return request;
}

/** A client for operations the contract does not have (a PATCH, a DELETE, form-data uploads). */
interface UploadPaths {
  '/avatar': {
    patch: {
      requestBody: { content: { 'application/json': { title: string } } };
      responses: { 200: { content: { 'application/json': { status: string } } } };
    };
    post: {
      requestBody: { content: { 'multipart/form-data': FormData } };
      responses: { 200: { content: { 'application/json': { status: string } } } };
    };
    delete: {
      responses: { 200: { content: { 'application/json': { status: string } } } };
    };
  };
}

describe('every request', () => {
  it('is sent with credentials: include', async () => {
    const seen = capture();
    const api = client();
    await call(api.GET('/settings'));
    await call(api.POST('/cart/clear'));
    expect(seen.map((request) => request.credentials)).toEqual(['include', 'include']);
  });

  it('carries Authorization: Bearer <token> when a token is stored', async () => {
    const seen = capture();
    await call(client({ getToken: () => 'abc123' }).GET('/user/profile'));
    expect(only(seen).headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('carries no Authorization header when no token is stored', async () => {
    const seen = capture();
    await call(client({ getToken: () => null }).GET('/user/profile'));
    expect(only(seen).headers.has('Authorization')).toBe(false);
  });

  it('reads the token, language and currency afresh for each request', async () => {
    const seen = capture();
    let token = 'first';
    const api = client({ getToken: () => token });
    await call(api.GET('/settings'));
    token = 'second';
    await call(api.GET('/settings'));
    expect(seen.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer first',
      'Bearer second',
    ]);
  });
});

describe('lang_id and currency', () => {
  it('adds lang_id to the query of a GET and keeps the other parameters', async () => {
    const seen = capture();
    await call(client().GET('/products', { params: { query: { page: 3 } } }));
    const url = new URL(only(seen).url);
    expect(url.searchParams.get('lang_id')).toBe('2');
    expect(url.searchParams.get('page')).toBe('3');
  });

  it('keeps a lang_id the caller asked for (loading another language)', async () => {
    const seen = capture();
    await call(client().GET('/localizations', { params: { query: { lang_id: 5 } } }));
    expect(new URL(only(seen).url).searchParams.getAll('lang_id')).toEqual(['5']);
  });

  it('adds nothing when no language is stored', async () => {
    const seen = capture();
    await call(client({ getLanguageId: () => null }).GET('/settings'));
    expect(new URL(only(seen).url).searchParams.has('lang_id')).toBe(false);
  });

  it('merges lang_id into a POST JSON body and keeps its fields', async () => {
    const seen = capture();
    await call(client().POST('/login', { body: { username: 'steve@example.com', password: 'Diamond7' } }));
    const request = only(seen);
    expect(new URL(request.url).searchParams.has('lang_id')).toBe(false);
    expect(await request.json()).toEqual({ username: 'steve@example.com', password: 'Diamond7', lang_id: 2 });
  });

  it('merges lang_id into a PUT JSON body and keeps its fields', async () => {
    const seen = capture();
    const profile = { name: 'Alex', surname: 'Stone', phone: '+44 20 7946 0000', phoneE164: '+442079460000' };
    await call(client().PUT('/user/profile', { body: { ...profile, country: 826, city: 'London' } }));
    expect(await only(seen).json()).toEqual({ ...profile, country: 826, city: 'London', lang_id: 2 });
  });

  it('puts lang_id in the query of a PATCH and a DELETE, and leaves their bodies as they are', async () => {
    const seen = capture();
    const api = client<UploadPaths>();
    await call(api.PATCH('/avatar', { body: { title: 'Creeper' } }));
    const patch = only(seen);
    expect(new URL(patch.url).searchParams.get('lang_id')).toBe('2');
    expect(await patch.json()).toEqual({ title: 'Creeper' });
    seen.length = 0;
    await call(api.DELETE('/avatar'));
    const removal = only(seen);
    expect(new URL(removal.url).searchParams.get('lang_id')).toBe('2');
    expect(await removal.text()).toBe('');
  });

  it('sends {lang_id} as JSON for a POST without a body', async () => {
    const seen = capture();
    await call(client().POST('/cart/clear'));
    const request = only(seen);
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ lang_id: 2 });
  });

  it('appends lang_id and currency to a form-data body and keeps its fields', async () => {
    const seen = capture();
    const api = client<UploadPaths>();
    const form = new FormData();
    form.append('title', 'Creeper');
    form.append('image', new Blob(['png-bytes'], { type: 'image/png' }), 'creeper.png');
    await call(api.POST('/avatar', { body: form }));
    const received = await only(seen).formData();
    expect(received.get('title')).toBe('Creeper');
    expect(received.get('lang_id')).toBe('2');
    expect(received.get('currency')).toBe('USD');
    const image = received.get('image');
    expect(image).toBeInstanceOf(Blob);
    expect(image instanceof Blob ? await image.text() : null).toBe('png-bytes');
  });

  it('does not add currency to JSON bodies', async () => {
    const seen = capture();
    await call(client().POST('/orders/checkout', { body: { payment_method: 'balance' } }));
    expect(await only(seen).json()).toEqual({ payment_method: 'balance', lang_id: 2 });
  });
});

describe('stored values and base URL', () => {
  it('reads token, languageId and currency_code from localStorage by default', async () => {
    const stored = new Map([
      ['token', 'stored-token'],
      ['languageId', '3'],
      ['currency_code', 'GBP'],
    ]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    const seen: Request[] = [];
    server.use(
      http.all(`${BASE}/*`, ({ request }) => {
        seen.push(request);
        return HttpResponse.json(OK);
      }),
    );
    const api = createApiClient<UploadPaths>({ baseUrl: BASE });
    const form = new FormData();
    form.append('title', 'x');
    await call(api.POST('/avatar', { body: form }));
    const request = only(seen);
    expect(request.headers.get('Authorization')).toBe('Bearer stored-token');
    const received = await request.formData();
    expect([received.get('lang_id'), received.get('currency')]).toEqual(['3', 'GBP']);
  });

  it('resolves the default /api against location.origin', () => {
    vi.stubGlobal('location', new URL('https://shop.example:8443/account/orders'));
    expect(resolveBaseUrl()).toBe('https://shop.example:8443/api');
  });

  it('lets VITE_API_BASE override the base', () => {
    vi.stubGlobal('location', new URL('https://shop.example/'));
    vi.stubEnv('VITE_API_BASE', '/backend/api');
    expect(resolveBaseUrl()).toBe('https://shop.example/backend/api');
    vi.stubEnv('VITE_API_BASE', 'https://api.example/v1');
    expect(resolveBaseUrl()).toBe('https://api.example/v1');
  });
});

describe('timeouts and cancellation', () => {
  function hang() {
    server.use(
      http.all(`${BASE}/*`, async () => {
        await delay('infinite');
        return HttpResponse.json(OK);
      }),
    );
  }

  function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
    let settled = false;
    promise.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    return new Promise((resolve) => setTimeout(() => resolve(settled), ms));
  }

  it('uses 6000 ms for every call and 60000 ms for POST /orders/checkout by default', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(6000);
    expect(CHECKOUT_TIMEOUT_MS).toBe(60000);
    capture();
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const api = createApiClient({ baseUrl: BASE });
    await call(api.GET('/settings'));
    await call(api.POST('/cart/clear'));
    await call(api.POST('/orders/checkout', { body: { payment_method: 'balance' } }));
    expect(timeout.mock.calls).toEqual([[6000], [6000], [60000]]);
  });

  it('fails a normal call with a timeout error when the timeout passes', async () => {
    hang();
    const api = client({ timeouts: { default: 30, checkout: 5000 } });
    const error = await call(api.GET('/settings')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', serverMessage: undefined, silent: false });
  });

  it('gives checkout the longer timeout: alive past the normal one, failed at its own', async () => {
    hang();
    const api = client({ timeouts: { default: 30, checkout: 800 } });
    const checkout = call(api.POST('/orders/checkout', { body: { payment_method: 'card' } }));
    const outcome = checkout.catch((caught: unknown) => caught);
    expect(await settledAfter(checkout, 150)).toBe(false);
    expect(await outcome).toMatchObject({ kind: 'timeout' });
  });

  it('times out a response whose body stops arriving', async () => {
    // Like a real fetch: aborting the request errors a body that is still streaming.
    const stalledBody = (request: Request) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":'));
          request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
        },
      });
    const api = client({
      timeouts: { default: 30 },
      fetch: async (request) =>
        new Response(stalledBody(request), { headers: { 'Content-Type': 'application/json' } }),
    });
    await expect(call(api.GET('/settings'))).rejects.toMatchObject({
      kind: 'timeout',
      serverMessage: undefined,
    });
  });

  it("reports the caller's abort as a silent 'cancelled' error", async () => {
    hang();
    const controller = new AbortController();
    const pending = call(client().GET('/settings', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 10);
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'cancelled', silent: true });
  });

  it('throws ApiError from the raw client too, without the call helper', async () => {
    server.use(http.get(`${BASE}/settings`, () => HttpResponse.error()));
    const error = await client()
      .GET('/settings')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', serverMessage: undefined, silent: false });
  });
});
