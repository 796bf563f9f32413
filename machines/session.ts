import { and, assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { failureKind, isApiFailure } from '../domain/api-failure';
import { defineMessages, failureText, type Text } from './text';
import { toast } from './toasts';

export const sessionMessages = defineMessages({
  checkFailed: { id: 'session.error.checkFailed', defaultMessage: 'Authentication check failed' },
  checkUnavailable: {
    id: 'session.error.checkUnavailable',
    defaultMessage: 'Unable to verify authentication status',
  },
  loggedOut: { id: 'session.notice.loggedOut', defaultMessage: 'Logged out successfully' },
  logoutFailed: { id: 'session.error.logoutFailed', defaultMessage: 'Failed to log out' },
  expired: { id: 'session.error.expired', defaultMessage: 'Session expired. Please log in again.' },
});

export interface SessionInput {
  /** True when browser storage holds the auth_session marker (docs/product.md §4 "Auth"). */
  hasStoredSession: boolean;
}

export interface SessionContext {
  isAuthenticated: boolean;
  emailVerified: boolean;
  authCheckedOnce: boolean;
  sessionExpired: boolean;
  /** An expiry nobody was told of yet (it happened off a protected route, or before the router knew). */
  expiryNoticeDue: boolean;
  message: Text | null;
}

/** What `GET /is-auth` tells us; `token` is access_token or token when the answer carries one. */
export interface AuthCheckResult {
  authenticated: boolean;
  emailVerified: boolean;
  token?: string;
}

export type SessionEvent =
  | { type: 'CHECK' }
  | { type: 'SIGNED_IN'; token?: string; emailVerified: boolean }
  | { type: 'LOGOUT' }
  | { type: 'UNAUTHORIZED'; onProtectedRoute: boolean; path: string }
  | { type: 'UNVERIFIED'; path: string }
  /** A route guard is sending a guest to sign in. */
  | { type: 'LOGIN_REQUIRED' };

export type SessionEmitted =
  | { type: 'navigate'; to: string }
  | { type: 'signedIn' }
  | { type: 'signedOut' }
  | { type: 'authChecked'; authenticated: boolean };

/**
 * Whether a signed-in customer is known not to have verified the address (docs/product.md §2: the
 * banner under the header): until the first check a stored session is signed in but not yet known.
 */
export const awaitsVerification = ({ context }: { context: SessionContext }): boolean =>
  context.isAuthenticated && context.authCheckedOnce && !context.emailVerified;

/**
 * docs/product.md §8 names two defaults for a failed auth check. 'Authentication check failed' is used when the
 * server answered (the failure has an HTTP status) without a message of its own; 'Unable to verify
 * authentication status' when there was no usable answer at all (network, timeout, or an error that
 * is not an API failure). A message carried by the failure always wins.
 */
export function checkFailureMessage(error: unknown): Text {
  const answered = isApiFailure(error) && error.status !== undefined;
  return failureText(error, answered ? sessionMessages.checkFailed : sessionMessages.checkUnavailable);
}

function isAuthRejection(error: unknown): boolean {
  const kind = failureKind(error);
  return kind === 'unauthorized' || kind === 'unverified' || kind === 'forbidden';
}

function withRedirect(route: string, path: string): string {
  return `${route}?redirect=${encodeURIComponent(path)}`;
}

const signOut = ['announceSignOut', 'clearStoredSession', 'setSignedOut'] as const;
const checked = ['markChecked', 'announceCheck'] as const;
const loggedOut = [
  ...signOut,
  { type: 'notify', params: { kind: 'success', text: sessionMessages.loggedOut } },
  { type: 'navigate', params: { to: '/' } },
] as const;

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    checkAuth: fromPromise<AuthCheckResult>(async () => {
      throw new Error('checkAuth is not provided');
    }),
    logout: fromPromise<void>(async () => {
      throw new Error('logout is not provided');
    }),
  },
  actions: {
    /** Store the auth_session marker, and the token when there is one. Provided by bootstrap. */
    persistSession: (_, _params: { token?: string }) => {},
    /** Remove the auth_session marker and the token. Provided by bootstrap. */
    clearStoredSession: () => {},
    setSignedIn: assign((_, params: { emailVerified: boolean }) => ({
      isAuthenticated: true,
      emailVerified: params.emailVerified,
      sessionExpired: false,
      expiryNoticeDue: false,
      message: null,
    })),
    setSignedOut: assign({ isAuthenticated: false, emailVerified: false }),
    markChecked: assign({ authCheckedOnce: true }),
    announceCheck: emit(({ context }) => ({
      type: 'authChecked' as const,
      authenticated: context.isAuthenticated,
    })),
    markUnverified: assign({ emailVerified: false }),
    notify: toast(),
    navigate: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to })),
  },
  guards: {
    /** Before the first check, isAuthenticated is still the input's hasStoredSession. */
    hasStoredSession: ({ context }) => context.isAuthenticated,
    /** A signed-in session that has not been marked expired yet (a 401 expires it only once). */
    hasLiveSession: ({ context }) => context.isAuthenticated && !context.sessionExpired,
    onProtectedRoute: ({ event }) => event.type === 'UNAUTHORIZED' && event.onProtectedRoute,
    expiryNoticeDue: ({ context }) => context.expiryNoticeDue,
  },
});

export const sessionMachine = sessionSetup
  .extend({
    actions: {
      announceSignIn: sessionSetup.enqueueActions(({ context, enqueue }) => {
        if (!context.isAuthenticated) enqueue.emit({ type: 'signedIn' });
      }),
      announceSignOut: sessionSetup.enqueueActions(({ context, enqueue }) => {
        if (context.isAuthenticated) enqueue.emit({ type: 'signedOut' });
      }),
      /** A 401 on a live session: marked expired (once) and signed out locally. */
      expireSession: sessionSetup.enqueueActions(({ enqueue }) => {
        enqueue('clearStoredSession');
        enqueue.assign({
          isAuthenticated: false,
          emailVerified: false,
          sessionExpired: true,
          expiryNoticeDue: true,
        });
        enqueue.emit({ type: 'signedOut' });
      }),
      announceExpiry: sessionSetup.enqueueActions(({ enqueue }) => {
        enqueue.assign({ expiryNoticeDue: false });
        enqueue({ type: 'notify', params: { kind: 'error', text: sessionMessages.expired } });
      }),
      sendToLogin: sessionSetup.enqueueActions(({ event, enqueue }) => {
        assertEvent(event, 'UNAUTHORIZED');
        enqueue.assign({ expiryNoticeDue: false });
        enqueue({ type: 'notify', params: { kind: 'error', text: sessionMessages.expired } });
        enqueue.emit({ type: 'navigate', to: withRedirect('/login', event.path) });
      }),
    },
  })
  .createMachine({
    id: 'session',
    description: [
      'Auth state of docs/product.md §4. Input hasStoredSession (the auth_session marker) makes the user count as signed in',
      'until the first check (checking → ready) says otherwise; authCheckedOnce is true after it whatever the outcome.',
      'Without a stored session there is nothing the server could confirm: the first check settles as signed out',
      'without a request (starting → ready).',
      'Toasts (SHOW to systemId toasts) the logout result and an expired session. Emits: navigate {to} (to /login?redirect=…,',
      '/email-verification?redirect=…, / after logout); signedIn / signedOut when isAuthenticated changes;',
      'authChecked {authenticated} after every check. The api client sends UNAUTHORIZED for every 401 and',
      'UNVERIFIED for the 403 "Your email address is not verified."; login and register forms send SIGNED_IN.',
      'An expiry off a protected route is quiet; when a guard then sends the guest to sign in (LOGIN_REQUIRED),',
      "they are told once: 'Session expired. Please log in again.' (also when the start-up check found it expired).",
    ].join(' '),
    context: ({ input }) => ({
      isAuthenticated: input.hasStoredSession,
      emailVerified: false,
      authCheckedOnce: false,
      sessionExpired: false,
      expiryNoticeDue: false,
      message: null,
    }),
    initial: 'starting',
    on: {
      LOGIN_REQUIRED: { guard: 'expiryNoticeDue', actions: 'announceExpiry' },
      SIGNED_IN: {
        target: '.ready',
        actions: [
          'announceSignIn',
          { type: 'persistSession', params: ({ event }) => ({ token: event.token }) },
          { type: 'setSignedIn', params: ({ event }) => ({ emailVerified: event.emailVerified }) },
          ...checked,
        ],
      },
      UNVERIFIED: {
        actions: [
          'markUnverified',
          {
            type: 'navigate',
            params: ({ event }) => ({ to: withRedirect('/email-verification', event.path) }),
          },
        ],
      },
    },
    states: {
      starting: {
        description:
          "A stored session is checked with the server. A guest's check settles locally as signed out, one tick later: an emit while the actor starts would reach no listener (the parent subscribes after spawning it).",
        always: { guard: 'hasStoredSession', target: 'checking' },
        after: { 0: { target: 'ready', actions: [...signOut, ...checked] } },
      },
      checking: {
        on: {
          UNAUTHORIZED: [
            { guard: and(['hasLiveSession', 'onProtectedRoute']), actions: ['expireSession', 'sendToLogin'] },
            { guard: 'hasLiveSession', actions: 'expireSession' },
          ],
        },
        invoke: {
          id: 'checkAuth',
          src: 'checkAuth',
          onDone: [
            {
              guard: ({ event }) => event.output.authenticated,
              target: 'ready',
              actions: [
                'announceSignIn',
                { type: 'persistSession', params: ({ event }) => ({ token: event.output.token }) },
                {
                  type: 'setSignedIn',
                  params: ({ event }) => ({ emailVerified: event.output.emailVerified }),
                },
                ...checked,
              ],
            },
            { target: 'ready', actions: [...signOut, ...checked] },
          ],
          onError: [
            {
              guard: ({ event }) => isAuthRejection(event.error),
              target: 'ready',
              actions: [...signOut, ...checked],
            },
            {
              target: 'ready',
              actions: [assign({ message: ({ event }) => checkFailureMessage(event.error) }), ...checked],
            },
          ],
        },
      },
      ready: {
        on: {
          CHECK: 'checking',
          LOGOUT: 'loggingOut',
          UNAUTHORIZED: [
            { guard: and(['hasLiveSession', 'onProtectedRoute']), actions: ['expireSession', 'sendToLogin'] },
            { guard: 'hasLiveSession', actions: 'expireSession' },
          ],
        },
      },
      loggingOut: {
        description:
          'Local state is cleared whatever the server says. A 401 means the server session is already gone: it counts as a successful logout, with no error shown. UNAUTHORIZED is not handled here: the logout call reports its own 401.',
        invoke: {
          id: 'logout',
          src: 'logout',
          onDone: { target: 'ready', actions: loggedOut },
          onError: [
            {
              guard: ({ event }) => failureKind(event.error) === 'unauthorized',
              target: 'ready',
              actions: loggedOut,
            },
            {
              target: 'ready',
              actions: [
                ...signOut,
                { type: 'notify', params: { kind: 'error', text: sessionMessages.logoutFailed } },
                { type: 'navigate', params: { to: '/' } },
              ],
            },
          ],
        },
      },
    },
  });
