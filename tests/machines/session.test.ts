import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { ApiFailure } from '../../domain/api-failure';
import {
  type AuthCheckResult,
  awaitsVerification,
  checkFailureMessage,
  sessionMachine,
  sessionMessages,
} from '../../machines/session';
import { failureMessages, verbatim } from '../../machines/text';
import { afterEvent, describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { startWithToasts } from './support';

const failure = (
  kind: ApiFailure['kind'],
  message: string,
  status?: number,
  serverMessage?: string,
): ApiFailure => ({ kind, message, status, serverMessage });
const unauthorized = failure('unauthorized', 'Unauthenticated.', 401);

describePaths(
  'session paths',
  pathPlan(sessionMachine, {
    inputs: [{ hasStoredSession: true }, { hasStoredSession: false }],
    events: [
      { type: 'CHECK' },
      { type: 'SIGNED_IN', token: 'tok', emailVerified: true },
      { type: 'LOGOUT' },
      { type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/account' },
      { type: 'UNAUTHORIZED', onProtectedRoute: false, path: '/shop' },
      { type: 'UNVERIFIED', path: '/cart' },
      { type: 'LOGIN_REQUIRED' },
      afterEvent(0, 'session.starting'),
      doneEvent('checkAuth', { authenticated: true, emailVerified: true }),
      doneEvent('checkAuth', { authenticated: false, emailVerified: false }),
      errorEvent('checkAuth', unauthorized),
      errorEvent('checkAuth', failure('network', 'Network error. Please check your connection.')),
      doneEvent('logout'),
      errorEvent('logout', unauthorized),
      errorEvent('logout', failure('server', 'Server error. Please try again later.', 500)),
    ],
  }),
);

interface Stubs {
  check?: () => Promise<AuthCheckResult>;
  logout?: () => Promise<void>;
}

function startSession(hasStoredSession: boolean, stubs: Stubs = {}) {
  const calls: Array<{ action: string; params?: unknown }> = [];
  let checks = 0;
  const machine = sessionMachine.provide({
    actors: {
      checkAuth: fromPromise(() => {
        checks += 1;
        return stubs.check ? stubs.check() : new Promise<AuthCheckResult>(() => {});
      }),
      logout: fromPromise(stubs.logout ?? (async () => {})),
    },
    actions: {
      persistSession: (_, params) => calls.push({ action: 'persistSession', params }),
      clearStoredSession: () => calls.push({ action: 'clearStoredSession' }),
    },
  });
  const { actor, events: emitted } = startWithToasts(machine, { hasStoredSession });
  return { actor, calls, emitted, checks: () => checks };
}

const ready = (actor: ReturnType<typeof startSession>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('session: the first check', () => {
  it('counts a stored auth_session as signed in until the check answers', () => {
    const { actor } = startSession(true);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('checking');
    expect(snapshot.context).toMatchObject({
      isAuthenticated: true,
      authCheckedOnce: false,
      sessionExpired: false,
    });
    expect(startSession(false).actor.getSnapshot().context.isAuthenticated).toBe(false);
  });

  it('a guest (nothing stored) is settled as signed out without asking the server', async () => {
    const { actor, calls, emitted, checks } = startSession(false, {
      check: async () => ({ authenticated: true, emailVerified: true }),
    });
    expect(actor.getSnapshot().value).toBe('starting');
    const snapshot = await ready(actor);
    expect(snapshot.context).toMatchObject({ isAuthenticated: false, authCheckedOnce: true, message: null });
    expect(checks()).toBe(0);
    expect(calls).toEqual([{ action: 'clearStoredSession' }]);
    expect(emitted).toEqual([{ type: 'authChecked', authenticated: false }]);
  });

  it("a guest's settled check reaches a listener that subscribes after the start (as the app's relay does)", async () => {
    const { actor } = startSession(false);
    const heard = new Promise((resolve) => actor.on('authChecked', resolve));
    await expect(heard).resolves.toEqual({ type: 'authChecked', authenticated: false });
  });

  it('a successful check stores the marker and token, and is recorded', async () => {
    const { actor, calls, emitted, checks } = startSession(true, {
      check: async () => ({ authenticated: true, emailVerified: false, token: 'abc' }),
    });
    const snapshot = await ready(actor);
    expect(checks()).toBe(1);
    expect(snapshot.context).toMatchObject({
      isAuthenticated: true,
      emailVerified: false,
      authCheckedOnce: true,
    });
    expect(calls).toEqual([{ action: 'persistSession', params: { token: 'abc' } }]);
    expect(emitted.map((e) => e.type)).toEqual(['authChecked']);
  });

  it('a successful check of a stored session does not announce a new sign-in', async () => {
    const { actor, emitted } = startSession(true, {
      check: async () => ({ authenticated: true, emailVerified: true }),
    });
    await ready(actor);
    expect(emitted).toEqual([{ type: 'authChecked', authenticated: true }]);
  });

  it.each([
    ['401', failure('unauthorized', 'Unauthenticated.', 401)],
    ['403', failure('forbidden', 'Access forbidden', 403)],
  ])('a %s clears auth state, marker and token, and resets the profile (signedOut)', async (_, error) => {
    const { actor, calls, emitted } = startSession(true, {
      check: async () => {
        throw error;
      },
    });
    const snapshot = await ready(actor);
    expect(snapshot.context).toMatchObject({ isAuthenticated: false, authCheckedOnce: true, message: null });
    expect(calls).toEqual([{ action: 'clearStoredSession' }]);
    expect(emitted.map((e) => e.type)).toEqual(['signedOut', 'authChecked']);
  });

  it('any other error leaves the state and sets the message', async () => {
    const { actor, calls, emitted } = startSession(true, {
      check: async () => {
        throw failure('server', 'Server error. Please try again later.', 500);
      },
    });
    const snapshot = await ready(actor);
    expect(snapshot.context).toMatchObject({
      isAuthenticated: true,
      authCheckedOnce: true,
      message: failureMessages.server,
    });
    expect(calls).toEqual([]);
    expect(emitted.map((e) => e.type)).toEqual(['authChecked']);
  });

  it('defaults: an answer without a message vs no usable answer', () => {
    expect(checkFailureMessage(failure('bad-request', '', 400))).toEqual(sessionMessages.checkFailed);
    expect(english(sessionMessages.checkFailed)).toBe('Authentication check failed');
    expect(checkFailureMessage(new TypeError('Failed to fetch'))).toEqual(sessionMessages.checkUnavailable);
    expect(english(sessionMessages.checkUnavailable)).toBe('Unable to verify authentication status');
    // docs/product.md §8's texts for the kind of failure come before the defaults: 5xx, no response.
    expect(checkFailureMessage(failure('server', '', 502))).toEqual(failureMessages.server);
    expect(checkFailureMessage(failure('network', ''))).toEqual(failureMessages.network);
    expect(checkFailureMessage(failure('timeout', 'Network error. Please check your connection.'))).toEqual(
      failureMessages.network,
    );
    // The server's own message wins over all of them.
    expect(checkFailureMessage(failure('server', 'Down', 503, 'Down for maintenance'))).toEqual(
      verbatim('Down for maintenance'),
    );
  });

  it('CHECK asks the server, also for a guest; a sign-in it finds is announced', async () => {
    const { actor, emitted, checks } = startSession(false, {
      check: async () => ({ authenticated: true, emailVerified: true }),
    });
    await ready(actor);
    emitted.length = 0;
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect((await ready(actor)).context.isAuthenticated).toBe(true);
    expect(checks()).toBe(1);
    expect(emitted).toEqual([{ type: 'signedIn' }, { type: 'authChecked', authenticated: true }]);
  });
});

describe('session: sign in and log out', () => {
  it('SIGNED_IN sets authenticated, clears sessionExpired and persists the token', async () => {
    const { actor, calls, emitted } = startSession(true, {
      check: async () => ({ authenticated: true, emailVerified: true }),
    });
    await ready(actor);
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: false, path: '/' });
    expect(actor.getSnapshot().context.sessionExpired).toBe(true);
    calls.length = 0;
    emitted.length = 0;
    actor.send({ type: 'SIGNED_IN', token: 'new-token', emailVerified: true });
    expect(actor.getSnapshot().context).toMatchObject({ isAuthenticated: true, sessionExpired: false });
    expect(calls).toEqual([{ action: 'persistSession', params: { token: 'new-token' } }]);
    expect(emitted.map((e) => e.type)).toEqual(['signedIn', 'authChecked']);
  });

  it('SIGNED_IN without a token stores only the marker', () => {
    const { actor, calls } = startSession(false);
    actor.send({ type: 'SIGNED_IN', emailVerified: false });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.authCheckedOnce).toBe(true);
    expect(calls).toEqual([{ action: 'persistSession', params: { token: undefined } }]);
  });

  it("logout: 'Logged out successfully', local state cleared, home", async () => {
    const { actor, calls, emitted } = startSession(true, {
      check: async () => ({ authenticated: true, emailVerified: true }),
    });
    await ready(actor);
    emitted.length = 0;
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    const snapshot = await ready(actor);
    expect(snapshot.context.isAuthenticated).toBe(false);
    expect(calls).toContainEqual({ action: 'clearStoredSession' });
    expect(emitted).toEqual([
      { type: 'signedOut' },
      { type: 'SHOW', kind: 'success', text: sessionMessages.loggedOut },
      { type: 'navigate', to: '/' },
    ]);
    expect(english(sessionMessages.loggedOut)).toBe('Logged out successfully');
  });

  it('a 401 on logout is silent: no error, and the logout still counts', async () => {
    const { actor, emitted } = startSession(true, {
      check: async () => ({ authenticated: true, emailVerified: true }),
      logout: async () => {
        throw unauthorized;
      },
    });
    await ready(actor);
    emitted.length = 0;
    actor.send({ type: 'LOGOUT' });
    // The api client reports the same 401; it must not read as an expired session.
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/account' });
    const snapshot = await ready(actor);
    expect(snapshot.context).toMatchObject({ isAuthenticated: false, sessionExpired: false });
    expect(emitted.filter((e) => e.type === 'SHOW')).toEqual([
      { type: 'SHOW', kind: 'success', text: sessionMessages.loggedOut },
    ]);
  });

  it("a failed logout shows 'Failed to log out' and still clears local state", async () => {
    const { actor, calls, emitted } = startSession(true, {
      check: async () => ({ authenticated: true, emailVerified: true }),
      logout: async () => {
        throw failure('server', 'Server error. Please try again later.', 500);
      },
    });
    await ready(actor);
    actor.send({ type: 'LOGOUT' });
    const snapshot = await ready(actor);
    expect(snapshot.context.isAuthenticated).toBe(false);
    expect(calls).toContainEqual({ action: 'clearStoredSession' });
    expect(emitted).toContainEqual({ type: 'SHOW', kind: 'error', text: sessionMessages.logoutFailed });
    expect(english(sessionMessages.logoutFailed)).toBe('Failed to log out');
    expect(emitted).toContainEqual({ type: 'signedOut' });
  });
});

describe('session: 401 and 403 from the api client', () => {
  async function signedIn() {
    const started = startSession(true, { check: async () => ({ authenticated: true, emailVerified: true }) });
    await ready(started.actor);
    started.calls.length = 0;
    started.emitted.length = 0;
    return started;
  }

  it('on a protected route: expires once, logs out, tells the user and goes to login with the full path', async () => {
    const { actor, calls, emitted } = await signedIn();
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/account/balance?tab=1' });
    expect(actor.getSnapshot().context).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    expect(calls).toEqual([{ action: 'clearStoredSession' }]);
    expect(emitted).toEqual([
      { type: 'signedOut' },
      { type: 'SHOW', kind: 'error', text: sessionMessages.expired },
      { type: 'navigate', to: '/login?redirect=%2Faccount%2Fbalance%3Ftab%3D1' },
    ]);
    expect(english(sessionMessages.expired)).toBe('Session expired. Please log in again.');
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/account' });
    expect(emitted).toHaveLength(3);
    expect(calls).toHaveLength(1);
  });

  it('elsewhere: expires and logs out without a notice or navigation', async () => {
    const { actor, emitted } = await signedIn();
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: false, path: '/shop' });
    expect(actor.getSnapshot().context).toMatchObject({ isAuthenticated: false, sessionExpired: true });
    expect(emitted).toEqual([{ type: 'signedOut' }]);
  });

  it('a quiet expiry is told once, when a guard next sends the guest to sign in', async () => {
    const { actor, emitted } = await signedIn();
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: false, path: '/shop' });
    actor.send({ type: 'LOGIN_REQUIRED' });
    actor.send({ type: 'LOGIN_REQUIRED' });
    expect(emitted).toEqual([
      { type: 'signedOut' },
      { type: 'SHOW', kind: 'error', text: sessionMessages.expired },
    ]);
  });

  it('an expiry already told on its protected route is not told again by the guard', async () => {
    const { actor, emitted } = await signedIn();
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/cart' });
    actor.send({ type: 'LOGIN_REQUIRED' });
    expect(emitted.filter((event) => event.type === 'SHOW')).toHaveLength(1);
  });

  it('a guest who never had a session is sent to sign in without a notice', async () => {
    const { actor, emitted } = startSession(false);
    await ready(actor);
    actor.send({ type: 'LOGIN_REQUIRED' });
    expect(emitted.filter((event) => event.type === 'SHOW')).toEqual([]);
  });

  it('a guest has no session to expire', async () => {
    const { actor, emitted } = startSession(false, {
      check: async () => {
        throw unauthorized;
      },
    });
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/account' });
    await ready(actor);
    expect(actor.getSnapshot().context.sessionExpired).toBe(false);
    expect(emitted.filter((e) => e.type === 'SHOW' || e.type === 'navigate')).toEqual([]);
  });

  it('a stale stored session hitting a protected route at start is told it expired', () => {
    const { actor, emitted } = startSession(true);
    actor.send({ type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/cart' });
    expect(emitted).toContainEqual({ type: 'navigate', to: '/login?redirect=%2Fcart' });
  });

  it('unverified email goes to verification with the redirect query', async () => {
    const { actor, emitted } = await signedIn();
    actor.send({ type: 'UNVERIFIED', path: '/account/balance' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/email-verification?redirect=%2Faccount%2Fbalance' }]);
    expect(actor.getSnapshot().context).toMatchObject({ isAuthenticated: true, emailVerified: false });
  });
});

describe('session: the verification banner', () => {
  it('shows for a signed-in customer known, since the first check, not to have verified the address', () => {
    const context = {
      isAuthenticated: true,
      emailVerified: false,
      authCheckedOnce: true,
      sessionExpired: false,
      expiryNoticeDue: false,
      message: null,
    };
    expect(awaitsVerification({ context })).toBe(true);
    expect(awaitsVerification({ context: { ...context, authCheckedOnce: false } })).toBe(false);
    expect(awaitsVerification({ context: { ...context, emailVerified: true } })).toBe(false);
    expect(awaitsVerification({ context: { ...context, isAuthenticated: false } })).toBe(false);
  });
});
