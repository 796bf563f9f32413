import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { currencyMachine } from '../../../machines/currency';
import { languageMachine } from '../../../machines/language';
import { sessionMachine } from '../../../machines/session';
import { doneEvent, errorEvent, type MachinePath, pathPlan } from '../../support/paths';
import { api, failure, fixtures, renderApp, SIGNED_IN, setViewportWidth } from '../support';
import {
  errorOf,
  isDone,
  isError,
  payload,
  replayEach,
  type Step,
  stepsOf,
  watchNotices,
} from '../support/replays';
import { chooseCurrency } from './steps';

/**
 * docs/architecture.md §5: the paths generated from the session, language and currency machines, replayed on the
 * rendered app. A machine's own path suite sends each event; here each one comes from where it
 * comes from in the product: an actor's result is the API's answer (msw), a customer's event is a
 * click. After each step the screen must show what the reached state means to a customer.
 *
 * Some generated steps cannot happen on the screen (the app renders only once start-up has
 * settled, so nothing a customer does can reach a start-up state); they are listed with the
 * reason, and a listed path the plan no longer generates fails the suite.
 */

// --- Session ------------------------------------------------------------------------------------

const unauthorized = { kind: 'unauthorized', message: 'Unauthenticated.', status: 401 };
const UNVERIFIED_MESSAGE = 'Your email address is not verified.';
const EXPIRED = 'Session expired. Please log in again.';

/**
 * The events the app can send the session. SIGNED_IN comes from the sign-in and sign-up forms,
 * whose own replays cover it (tests/ui/auth); nothing in the app sends CHECK.
 */
const sessionPaths = pathPlan(sessionMachine, {
  inputs: [{ hasStoredSession: true }, { hasStoredSession: false }],
  events: [
    { type: 'LOGOUT' },
    { type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/account/profile' },
    { type: 'UNAUTHORIZED', onProtectedRoute: false, path: '/shop' },
    { type: 'UNVERIFIED', path: '/cart' },
    { type: 'LOGIN_REQUIRED' },
    { type: 'xstate.after.0.session.starting' },
    doneEvent('checkAuth', { authenticated: true, emailVerified: true }),
    doneEvent('checkAuth', { authenticated: false, emailVerified: false }),
    errorEvent('checkAuth', unauthorized),
    errorEvent('checkAuth', { kind: 'network', message: 'Network error. Please check your connection.' }),
    doneEvent('logout'),
    errorEvent('logout', unauthorized),
    errorEvent('logout', { kind: 'server', message: 'Server error. Please try again later.', status: 500 }),
  ],
}).paths;

const sessionOffScreen: Record<string, string> = {
  'input {"hasStoredSession":true}: done checkAuth {"authenticated":false,"emailVerified":false}':
    'The contract answers /is-auth with 401 for a session it does not know, never authenticated: false (that is the error path).',
  'input {"hasStoredSession":true}: UNVERIFIED {"path":"/cart"}':
    'Only a call refused with 403 sends UNVERIFIED, and the start-up check never is: /is-auth answers 200 with emailVerified, or 401.',
};

/** What answers the start-up check, and where the customer is when it answers. */
function sessionStart(steps: Step[]): { path: string; isAuth: Parameters<typeof http.get>[1] } {
  const first = steps[0]?.event;
  const refusal = steps.find(
    (step) => step.event.type === 'UNAUTHORIZED' || step.event.type === 'UNVERIFIED',
  );
  const path = refusal ? (refusal.event as EventObject & { path: string }).path : '/';
  const verified = () =>
    HttpResponse.json({ status: 'OK' as const, authenticated: true as const, emailVerified: true });
  if (first?.type === 'UNAUTHORIZED') return { path, isAuth: () => failure(401, 'Unauthenticated.') };
  if (first && isError(first, 'checkAuth')) {
    const network = errorOf(first).kind === 'network';
    return { path, isAuth: () => (network ? HttpResponse.error() : failure(401, 'Unauthenticated.')) };
  }
  return { path, isAuth: verified };
}

const logoutAnswer = (event: EventObject | undefined) => {
  if (!event || isDone(event, 'logout'))
    return () => HttpResponse.json({ status: 'OK' as const, message: 'Bye' });
  const status = errorOf(event).kind === 'unauthorized' ? 401 : 500;
  return () => failure(status, status === 401 ? 'Unauthenticated.' : 'Logout failed');
};

async function expectSignedIn(signedIn: boolean) {
  const banner = await screen.findByRole('banner');
  await waitFor(() =>
    expect(
      within(banner).getByRole('link', { name: signedIn ? 'MY PROFILE' : 'SIGN IN' }),
    ).toBeInTheDocument(),
  );
}

async function replaySession(path: MachinePath) {
  setViewportWidth(375);
  const steps = stepsOf(path);
  const stored = (path.input as { hasStoredSession: boolean }).hasStoredSession;
  const start = sessionStart(steps);
  const logoutIndex = steps.findIndex((step) => step.event.type === 'LOGOUT');
  const view = renderApp({
    path: start.path,
    storage: stored ? SIGNED_IN : {},
    handlers: [
      http.get(api('/is-auth'), start.isAuth),
      http.post(api('/logout'), logoutAnswer(logoutIndex < 0 ? undefined : steps[logoutIndex + 1]?.event)),
    ],
  });
  await view.ready();
  const notices = watchNotices(view);

  for (const [index, step] of steps.entries()) {
    const { event, state } = step;
    const during = index === 0 ? 'start-up' : 'later';
    const signedIn = state.context.isAuthenticated as boolean;
    if (event.type === 'UNAUTHORIZED' || event.type === 'UNVERIFIED') {
      if (during === 'later') {
        await waitFor(() =>
          expect(view.app.getSnapshot().context.profile.getSnapshot().value).toBe('loaded'),
        );
        const answer =
          event.type === 'UNAUTHORIZED' ? failure(401, 'Unauthenticated.') : failure(403, UNVERIFIED_MESSAGE);
        view.server.use(http.get(api('/user/profile'), () => answer));
        await chooseCurrency(view, 'USD $');
      }
      if (event.type === 'UNVERIFIED') {
        await waitFor(() => expect(view.location()).toMatch(/^\/email-verification\?redirect=/));
      } else if (payload(event).onProtectedRoute === true) {
        await waitFor(() => expect(notices).toContain(EXPIRED));
        await waitFor(() => expect(view.location()).toMatch(/^\/login\?redirect=/));
        await expectSignedIn(false);
      } else {
        await expectSignedIn(false);
        expect(view.location()).toBe(start.path);
        expect(notices).not.toContain(EXPIRED);
      }
    } else if (event.type === 'LOGIN_REQUIRED') {
      const told = notices.filter((notice) => notice === EXPIRED).length;
      await view.router.navigate({ to: '/cart' });
      await waitFor(() => expect(view.location()).toBe('/login?redirect=%2Fcart'));
      const due = steps[index - 1]?.state.context.expiryNoticeDue === true;
      await waitFor(() =>
        expect(notices.filter((notice) => notice === EXPIRED)).toHaveLength(told + (due ? 1 : 0)),
      );
    } else if (event.type === 'LOGOUT') {
      await view.user.click(await screen.findByRole('button', { name: 'Open menu' }));
      await view.user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }),
      );
    } else if (isDone(event, 'logout') || isError(event, 'logout')) {
      const failed = isError(event, 'logout') && errorOf(event).kind !== 'unauthorized';
      await waitFor(() =>
        expect(notices).toContain(failed ? 'Failed to log out' : 'Logged out successfully'),
      );
      await waitFor(() => expect(view.location()).toBe('/'));
      await expectSignedIn(false);
      expect(localStorage.getItem('auth_session')).toBeNull();
    } else {
      // The start-up check's answer (or a guest's local settle): the header tells which.
      await expectSignedIn(signedIn);
      expect(localStorage.getItem('auth_session') !== null).toBe(signedIn);
    }
  }
}

describe('session paths on the rendered app', () => {
  replayEach(sessionPaths, sessionOffScreen, replaySession);
});

// --- Language -----------------------------------------------------------------------------------

const languagePaths = pathPlan(languageMachine, {
  input: { storedLanguageId: 2 },
  events: [
    { type: 'CHANGE', id: 3 },
    doneEvent('fetchLanguages', fixtures.languages),
    doneEvent('fetchLanguages', []),
    errorEvent('fetchLanguages', new TypeError('offline')),
    doneEvent('fetchTranslations', {}),
    errorEvent('fetchTranslations', new TypeError('offline')),
  ],
}).paths;

const languageOffScreen: Record<string, string> = {};
for (const path of languagePaths) {
  const change = path.steps.findIndex((step) => step.event.type === 'CHANGE');
  const settledBefore = path.steps
    .slice(0, change)
    .some((step) => step.event.type.startsWith('xstate.') && step.event.type.endsWith('fetchTranslations'));
  if (change >= 0 && !settledBefore)
    languageOffScreen[path.name] =
      'A language chosen while the first translations load: the app renders once they have settled, so there is no switch to use yet.';
}

async function replayLanguage(path: MachinePath) {
  const steps = stepsOf(path);
  const list = steps.find((step) => step.event.type.endsWith('fetchLanguages'))?.event;
  const translations = steps.find((step) => step.event.type.endsWith('fetchTranslations'))?.event;
  const handlers = [];
  if (list && isError(list, 'fetchLanguages'))
    handlers.push(http.get(api('/languages'), () => HttpResponse.error()));
  if (list && isDone(list, 'fetchLanguages') && (payload(list).output as unknown[]).length === 0)
    handlers.push(
      http.get(api('/languages'), () => HttpResponse.json({ status: 'OK' as const, payload: [] })),
    );
  if (translations && isError(translations, 'fetchTranslations'))
    handlers.push(http.get(api('/localizations'), () => HttpResponse.error()));
  const view = renderApp({ storage: { languageId: '2' }, handlers });
  await view.ready();
  const banner = await screen.findByRole('banner');

  // The app renders once the language has settled: the start-up steps show only as where they end.
  const firstSettled = steps.findIndex(
    (step) => step.state.value !== 'loadingList' && step.state.value !== 'loadingMessages',
  );
  for (const { event, state } of steps.slice(firstSettled)) {
    const languageId = state.context.languageId as number | null;
    const translated = translations !== undefined && isDone(translations, 'fetchTranslations');
    if (event.type === 'CHANGE') {
      const id = payload(event).id as number;
      const title = fixtures.languages.find((language) => language.id === id)?.title ?? '';
      await view.user.selectOptions(within(banner).getByRole('combobox', { name: 'Language' }), title);
      await waitFor(() => expect(localStorage.getItem('languageId')).toBe(String(id)));
      expect(within(banner).getByRole('combobox', { name: 'Language' })).toHaveValue(String(id));
    } else if ((state.context.languages as unknown[]).length < 2) {
      // No list (failed or empty): no switch, and the compiled English texts.
      expect(within(banner).queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
      expect(within(banner).getByRole('link', { name: 'Rules' })).toBeInTheDocument();
    } else {
      // The stored language is chosen; its texts show only if its translations arrived.
      expect(within(banner).getByRole('combobox', { name: 'Language' })).toHaveValue(String(languageId));
      expect(localStorage.getItem('languageId')).toBe(String(languageId));
      expect(within(banner).getByRole('link', { name: translated ? 'Regeln' : 'Rules' })).toBeInTheDocument();
    }
  }
  if (steps.at(-1)?.event.type === 'CHANGE') {
    expect(await within(banner).findByRole('link', { name: 'Reglas' })).toBeInTheDocument();
  }
}

describe('language paths on the rendered app', () => {
  replayEach(languagePaths, languageOffScreen, replayLanguage);
});

// --- Currency -----------------------------------------------------------------------------------

const currencyPaths = pathPlan(currencyMachine, {
  input: { stored: { code: 'USD', symbol: '$' } },
  events: [
    { type: 'SELECT', code: 'JPY' },
    doneEvent('fetchCurrencies', fixtures.currencies),
    errorEvent('fetchCurrencies', new TypeError('offline')),
  ],
}).paths;

async function replayCurrency(path: MachinePath) {
  const steps = stepsOf(path);
  const failed = steps.some((step) => isError(step.event, 'fetchCurrencies'));
  const view = renderApp({
    storage: { currency_code: 'USD', currency_symbol: '$' },
    handlers: failed ? [http.get(api('/currencies'), () => HttpResponse.error())] : [],
  });
  await view.ready();
  const banner = await screen.findByRole('banner');

  for (const { event, state } of steps) {
    const current = state.context.current as { code: string; symbol: string };
    if (event.type === 'SELECT') {
      const code = payload(event).code as string;
      const symbol = fixtures.currencies.find((currency) => currency.code === code)?.symbol ?? '';
      await chooseCurrency(view, `${code} ${symbol}`);
    }
    if (state.value === 'failed') {
      // No list to choose from: no switch, and the fallback currency applies.
      expect(within(banner).queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    } else {
      await waitFor(() =>
        expect(within(banner).getByRole('combobox', { name: 'Currency' })).toHaveValue(
          `${current.code} ${current.symbol}`,
        ),
      );
      expect(localStorage.getItem('currency_code')).toBe(current.code);
    }
  }
}

describe('currency paths on the rendered app', () => {
  replayEach(currencyPaths, {}, replayCurrency);
});
