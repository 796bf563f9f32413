import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ApiHookEvent,
  call,
  createApiClient,
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

/** What GET /settings throws for a failure `status` with the server's `message` (and field `errors`), or no body. */
function refusal(status: number, message?: string, errors?: Record<string, string[]>): Promise<ApiError> {
  return settingsError(() =>
    message === undefined
      ? new HttpResponse(null, { status })
      : HttpResponse.json(failure(message, errors), { status }),
  );
}

/** Calls GET /settings and returns what it threw. */
async function settingsError(response: () => Response): Promise<ApiError> {
  answer('/settings', response);
  const caught = await call(api.GET('/settings')).catch((error: unknown) => error);
  if (!(caught instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(caught)}`);
  return caught;
}

describe('HTTP status → ApiError', () => {
  it('400 → bad-request with the server message', async () => {
    const error = await refusal(400, 'Unknown field: foo');
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, message: 'Unknown field: foo' });
  });

  it('400 without a message → no server message; the message only describes the failure', async () => {
    const error = await refusal(400);
    expect(error).toMatchObject({
      kind: 'bad-request',
      serverMessage: undefined,
      message: 'bad-request (HTTP 400)',
    });
  });

  it('401 → unauthorized', async () => {
    const error = await refusal(401, 'Session expired');
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Session expired' });
  });

  it("403 'Your email address is not verified.' → unverified", async () => {
    const error = await refusal(403, UNVERIFIED_EMAIL_MESSAGE);
    expect(error).toMatchObject({ kind: 'unverified', status: 403, message: UNVERIFIED_EMAIL_MESSAGE });
  });

  it('other 403 → forbidden with the server message', async () => {
    const error = await refusal(403, 'Registration is closed');
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, message: 'Registration is closed' });
  });

  it('other 403 without a message → forbidden, without a server message', async () => {
    const error = await refusal(403);
    expect(error).toMatchObject({
      kind: 'forbidden',
      serverMessage: undefined,
      message: 'forbidden (HTTP 403)',
    });
  });

  it('404 → not-found with the server message, if any', async () => {
    const withMessage = await refusal(404, 'Page not found');
    expect(withMessage).toMatchObject({ kind: 'not-found', status: 404, message: 'Page not found' });
    const without = await refusal(404);
    expect(without).toMatchObject({ kind: 'not-found', serverMessage: undefined });
  });

  it('409 → conflict with the server message', async () => {
    const error = await refusal(409, 'Your cart is empty');
    expect(error).toMatchObject({ kind: 'conflict', status: 409, message: 'Your cart is empty' });
  });

  it('422 → validation carrying the field errors', async () => {
    const errors = { email: ['The email has already been taken.'], phone: ['Invalid phone', 'Too short'] };
    const error = await refusal(422, 'The email has already been taken.', errors);
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
    const other = await refusal(422, 'Sent before', { idempotency_key: ['Sent before'] });
    expect(other.code).toBeUndefined();
  });

  it('422 without a message → the first field error', async () => {
    const error = await settingsError(() =>
      HttpResponse.json({ status: 'ERROR', errors: { password: ['Password is too weak'] } }, { status: 422 }),
    );
    expect(error).toMatchObject({ kind: 'validation', message: 'Password is too weak' });
  });

  it('429 → rate-limited with Retry-After in seconds', async () => {
    const error = await settingsError(() =>
      HttpResponse.json(
        { statusCode: 429, error: 'Too Many Requests' },
        { status: 429, headers: { 'Retry-After': '30' } },
      ),
    );
    expect(error).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      serverMessage: undefined,
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

  it('500 → server', async () => {
    const error = await refusal(500);
    expect(error).toMatchObject({ kind: 'server', status: 500, serverMessage: undefined });
  });

  it('503 with Retry-After (the database-unavailable answer) carries the seconds too', async () => {
    const error = await settingsError(
      () => new HttpResponse(null, { status: 503, headers: { 'Retry-After': '5' } }),
    );
    expect(error).toMatchObject({ kind: 'server', status: 503, retryAfterSeconds: 5 });
  });

  it('503 with an HTML page → server, never the HTML', async () => {
    const error = await settingsError(() =>
      HttpResponse.html('<html><body>502 Bad Gateway</body></html>', { status: 503 }),
    );
    expect(error).toMatchObject({
      kind: 'server',
      status: 503,
      serverMessage: undefined,
      message: 'server (HTTP 503)',
    });
  });

  it('no response → network', async () => {
    const error = await settingsError(() => HttpResponse.error());
    expect(error).toMatchObject({
      kind: 'network',
      serverMessage: undefined,
      message: 'network',
      silent: false,
    });
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
  ])('a %i error envelope message is the server message', async (status, kind) => {
    const error = await settingsError(() => HttpResponse.json(failure('Said by the server'), { status }));
    expect(error).toMatchObject({ kind, serverMessage: 'Said by the server', message: 'Said by the server' });
  });

  it('ignores a message outside the error envelope (framework errors, blank messages)', async () => {
    const framework = await settingsError(() =>
      HttpResponse.json({ statusCode: 500, message: 'relation "users" does not exist' }, { status: 500 }),
    );
    expect(framework).toMatchObject({ serverMessage: undefined, message: 'server (HTTP 500)' });
    const blank = await refusal(409, '  ');
    expect(blank).toMatchObject({ serverMessage: undefined, message: 'conflict (HTTP 409)' });
  });
});

describe('2xx answers', () => {
  it('returns the data of a 200 whose status is OK', async () => {
    const payload = { status: 'OK', authenticated: true, emailVerified: true };
    answer('/is-auth', () => HttpResponse.json(payload));
    await expect(call(api.GET('/is-auth'))).resolves.toEqual(payload);
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

  it("fails a 200 whose status is not 'OK' without a server message when there is none", async () => {
    answer('/login', () => HttpResponse.json({ status: 'ERROR' }));
    const result = await api.POST('/login', { body: { username: 'a@b.co', password: 'Secret12' } });
    expect(() => unwrap(result)).toThrow(
      expect.objectContaining({ name: 'ApiError', kind: 'bad-request', serverMessage: undefined }),
    );
  });
  it('fails a 200 whose body is not JSON (an HTML page from a proxy) as a server error', async () => {
    answer('/settings', () => HttpResponse.html('<!doctype html><title>Blockfront</title>'));
    await expect(call(api.GET('/settings'))).rejects.toMatchObject({
      kind: 'server',
      serverMessage: undefined,
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
    const pending = call(api.POST('/logout'));
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
