import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ApiHookEvent,
  call,
  createApiClient,
  FORBIDDEN_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  RATE_LIMITED_MESSAGE,
  SERVER_ERROR_MESSAGE,
  UNVERIFIED_EMAIL_MESSAGE,
  unwrap,
} from '../../src/api';

const BASE = 'http://api.test/api';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const api = createApiClient({
  baseUrl: BASE,
  getToken: () => 'token',
  getLanguageId: () => 1,
  getCurrency: () => 'EUR',
});

function failure(message: string, errors?: Record<string, string[]>) {
  return { status: 'ERROR', message, ...(errors ? { errors } : {}) };
}

function answer(path: string, response: () => Response) {
  server.use(http.all(`${BASE}${path}`, response));
}

/** Calls GET /settings with a default message and returns what it threw. */
async function settingsError(response: () => Response, defaultMessage?: string): Promise<ApiError> {
  answer('/settings', response);
  const caught = await call(api.GET('/settings'), defaultMessage).catch((error: unknown) => error);
  if (!(caught instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(caught)}`);
  return caught;
}

describe('HTTP status → ApiError', () => {
  it('400 → bad-request with the server message', async () => {
    const error = await settingsError(() =>
      HttpResponse.json(failure('Unknown field: foo'), { status: 400 }),
    );
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, message: 'Unknown field: foo' });
  });

  it("400 without a message → the operation's default, else 'An error occurred'", async () => {
    const empty = () => new HttpResponse(null, { status: 400 });
    expect((await settingsError(empty, 'Failed to fetch settings')).message).toBe('Failed to fetch settings');
    expect((await settingsError(empty)).message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('401 → unauthorized', async () => {
    const error = await settingsError(() => HttpResponse.json(failure('Session expired'), { status: 401 }));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Session expired' });
  });

  it("403 'Your email address is not verified.' → unverified", async () => {
    const error = await settingsError(() =>
      HttpResponse.json(failure(UNVERIFIED_EMAIL_MESSAGE), { status: 403 }),
    );
    expect(error).toMatchObject({ kind: 'unverified', status: 403, message: UNVERIFIED_EMAIL_MESSAGE });
  });

  it('other 403 → forbidden with the server message', async () => {
    const error = await settingsError(() =>
      HttpResponse.json(failure('Registration is closed'), { status: 403 }),
    );
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, message: 'Registration is closed' });
  });

  it("other 403 without a message → 'Access forbidden', ahead of the operation's default", async () => {
    const error = await settingsError(() => new HttpResponse(null, { status: 403 }), 'Registration failed');
    expect(error).toMatchObject({ kind: 'forbidden', message: FORBIDDEN_MESSAGE });
  });

  it('404 → not-found with the server message or the default', async () => {
    const withMessage = await settingsError(() =>
      HttpResponse.json(failure('Page not found'), { status: 404 }),
    );
    expect(withMessage).toMatchObject({ kind: 'not-found', status: 404, message: 'Page not found' });
    const without = await settingsError(
      () => new HttpResponse(null, { status: 404 }),
      'Failed to fetch page',
    );
    expect(without).toMatchObject({ kind: 'not-found', message: 'Failed to fetch page' });
  });

  it('409 → conflict with the server message', async () => {
    const error = await settingsError(() =>
      HttpResponse.json(failure('Your cart is empty'), { status: 409 }),
    );
    expect(error).toMatchObject({ kind: 'conflict', status: 409, message: 'Your cart is empty' });
  });

  it('422 → validation carrying the field errors', async () => {
    const errors = { email: ['The email has already been taken.'], phone: ['Invalid phone', 'Too short'] };
    const error = await settingsError(() =>
      HttpResponse.json(failure('The email has already been taken.', errors), { status: 422 }),
    );
    expect(error).toMatchObject({
      kind: 'validation',
      status: 422,
      message: 'The email has already been taken.',
      fieldErrors: errors,
      silent: false,
    });
  });

  it("422 carries the server's reason (ErrorCode) only when it gave one", async () => {
    const short = await settingsError(() =>
      HttpResponse.json(
        {
          ...failure('Not enough Coins', { payment_method: ['Not enough Coins'] }),
          code: 'insufficient_funds',
        },
        { status: 422 },
      ),
    );
    expect(short).toMatchObject({ kind: 'validation', code: 'insufficient_funds' });
    const other = await settingsError(() =>
      HttpResponse.json(failure('Sent before', { idempotency_key: ['Sent before'] }), { status: 422 }),
    );
    expect(other.code).toBeUndefined();
  });

  it('422 without a message → the first field error', async () => {
    const error = await settingsError(() =>
      HttpResponse.json({ status: 'ERROR', errors: { password: ['Password is too weak'] } }, { status: 422 }),
    );
    expect(error).toMatchObject({ kind: 'validation', message: 'Password is too weak' });
  });

  it('429 → rate-limited with the docs/product.md §8 text and Retry-After in seconds', async () => {
    const error = await settingsError(
      () =>
        HttpResponse.json(
          { statusCode: 429, error: 'Too Many Requests' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      'Failed to fetch settings',
    );
    expect(error).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      message: RATE_LIMITED_MESSAGE,
      retryAfterSeconds: 30,
    });
  });

  it('429 reads a Retry-After given as an HTTP date', async () => {
    const inOneMinute = new Date(Date.now() + 60_000).toUTCString();
    const error = await settingsError(
      () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': inOneMinute } }),
    );
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('500 → server with the docs/product.md §8 text', async () => {
    const error = await settingsError(
      () => new HttpResponse(null, { status: 500 }),
      'Failed to fetch settings',
    );
    expect(error).toMatchObject({ kind: 'server', status: 500, message: SERVER_ERROR_MESSAGE });
  });

  it('503 with Retry-After (the database-unavailable answer) carries the seconds too', async () => {
    const error = await settingsError(
      () => new HttpResponse(null, { status: 503, headers: { 'Retry-After': '5' } }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 503, retryAfterSeconds: 5 });
  });

  it('503 with an HTML page → server with the docs/product.md §8 text, never the HTML', async () => {
    const error = await settingsError(() =>
      HttpResponse.html('<html><body>502 Bad Gateway</body></html>', { status: 503 }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 503, message: SERVER_ERROR_MESSAGE });
  });

  it('no response → network with the docs/product.md §8 text', async () => {
    const error = await settingsError(() => HttpResponse.error(), 'Failed to fetch settings');
    expect(error).toMatchObject({ kind: 'network', message: NETWORK_ERROR_MESSAGE, silent: false });
    expect(error.status).toBeUndefined();
  });
});

describe('server message precedence', () => {
  it.each([
    [400, 'bad-request'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [429, 'rate-limited'],
    [500, 'server'],
    [503, 'server'],
  ])('a %i error envelope message wins over every default', async (status, kind) => {
    const error = await settingsError(
      () => HttpResponse.json(failure('Said by the server'), { status }),
      'Failed to fetch settings',
    );
    expect(error).toMatchObject({ kind, message: 'Said by the server' });
  });

  it('ignores a message outside the error envelope (framework errors, blank messages)', async () => {
    const framework = await settingsError(() =>
      HttpResponse.json({ statusCode: 500, message: 'relation "users" does not exist' }, { status: 500 }),
    );
    expect(framework.message).toBe(SERVER_ERROR_MESSAGE);
    const blank = await settingsError(
      () => HttpResponse.json(failure('  '), { status: 409 }),
      'Checkout failed',
    );
    expect(blank.message).toBe('Checkout failed');
  });
});

describe('2xx answers', () => {
  it('returns the data of a 200 whose status is OK', async () => {
    const payload = { status: 'OK', authenticated: true, emailVerified: true };
    answer('/is-auth', () => HttpResponse.json(payload));
    await expect(call(api.GET('/is-auth'), 'Authentication check failed')).resolves.toEqual(payload);
  });

  it("fails a 200 whose status is not 'OK', with the server message", async () => {
    answer('/login', () => HttpResponse.json(failure('Invalid credentials')));
    const pending = call(api.POST('/login', { body: { username: 'a@b.co', password: 'Secret12' } }));
    await expect(pending).rejects.toMatchObject({
      kind: 'bad-request',
      status: 200,
      message: 'Invalid credentials',
    });
  });

  it("fails a 200 whose status is not 'OK' with the given default when there is no message", async () => {
    answer('/login', () => HttpResponse.json({ status: 'ERROR' }));
    const result = await api.POST('/login', { body: { username: 'a@b.co', password: 'Secret12' } });
    expect(() => unwrap(result, 'Authentication failed')).toThrow(
      expect.objectContaining({ name: 'ApiError', message: 'Authentication failed' }),
    );
  });
  it('fails a 200 whose body is not JSON (an HTML page from a proxy) as a server error', async () => {
    answer('/settings', () => HttpResponse.html('<!doctype html><title>Blockfront</title>'));
    await expect(call(api.GET('/settings'), 'Failed to fetch settings')).rejects.toMatchObject({
      kind: 'server',
      message: SERVER_ERROR_MESSAGE,
    });
  });
});

describe('session hooks', () => {
  function listen() {
    const unauthorized = vi.fn<(event: ApiHookEvent) => void>();
    const unverified = vi.fn<(event: ApiHookEvent) => void>();
    const stop = [api.onUnauthorized(unauthorized), api.onUnverified(unverified)];
    return {
      unauthorized,
      unverified,
      stop: () => {
        for (const unsubscribe of stop) unsubscribe();
      },
    };
  }

  it('reports every 401 to onUnauthorized, with the error and the operation', async () => {
    const hooks = listen();
    answer('/user/profile', () => HttpResponse.json(failure('Session expired'), { status: 401 }));
    await api.GET('/user/profile');
    await api.GET('/user/profile');
    hooks.stop();
    expect(hooks.unauthorized).toHaveBeenCalledTimes(2);
    const [event] = hooks.unauthorized.mock.calls[0] ?? [];
    expect(event).toMatchObject({ method: 'GET', path: '/user/profile', error: { kind: 'unauthorized' } });
    expect(hooks.unverified).not.toHaveBeenCalled();
  });

  it("reports 403 'Your email address is not verified.' to onUnverified", async () => {
    const hooks = listen();
    answer('/orders/checkout', () => HttpResponse.json(failure(UNVERIFIED_EMAIL_MESSAGE), { status: 403 }));
    await api.POST('/orders/checkout', { body: { payment_method: 'balance' } });
    hooks.stop();
    expect(hooks.unverified).toHaveBeenCalledTimes(1);
    expect(hooks.unverified.mock.calls[0]?.[0]).toMatchObject({
      method: 'POST',
      path: '/orders/checkout',
      error: { kind: 'unverified' },
    });
    expect(hooks.unauthorized).not.toHaveBeenCalled();
  });

  it('reports nothing for other failures or successes', async () => {
    const hooks = listen();
    for (const [status, message] of [
      [403, 'Registration is closed'],
      [422, 'Invalid'],
      [500, 'Boom'],
      [200, 'Fine'],
    ] as const) {
      answer('/settings', () => HttpResponse.json(failure(message), { status }));
      await api.GET('/settings');
    }
    hooks.stop();
    expect(hooks.unauthorized).not.toHaveBeenCalled();
    expect(hooks.unverified).not.toHaveBeenCalled();
  });

  it('skips the hook for a 401 on POST /logout but still fails the call', async () => {
    const hooks = listen();
    answer('/logout', () => HttpResponse.json(failure('Unauthenticated'), { status: 401 }));
    const pending = call(api.POST('/logout'), 'Logout failed');
    await expect(pending).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    hooks.stop();
    expect(hooks.unauthorized).not.toHaveBeenCalled();
  });

  it('stops calling a listener once unsubscribed', async () => {
    const hooks = listen();
    hooks.stop();
    answer('/user/profile', () => HttpResponse.json(failure('Session expired'), { status: 401 }));
    await api.GET('/user/profile');
    expect(hooks.unauthorized).not.toHaveBeenCalled();
  });
});
