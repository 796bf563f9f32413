import { type ActorRefFrom, createActor, type InspectionEvent } from 'xstate';
import type { AppInput } from '../../machines/app';
import { appMachine } from '../../machines/app';
import { cartMachine } from '../../machines/cart';
import { cookieConsentMachine } from '../../machines/cookieConsent';
import { copyAddressMachine } from '../../machines/copyAddress';
import { currencyMachine } from '../../machines/currency';
import { languageMachine } from '../../machines/language';
import { profileMachine } from '../../machines/profile';
import { sessionMachine } from '../../machines/session';
import { staticPagesMachine } from '../../machines/staticPages';
import { verificationEmailMachine } from '../../machines/verificationEmail';
import type { ApiClient } from '../api';
import { apiActors } from './actors';
import { readStoredState, storageActions } from './storage';

export type AppActor = ActorRefFrom<typeof appMachine>;

/** The app machine with every side effect provided: API calls, browser storage, logging. */
export function providedAppMachine(api: ApiClient) {
  const actors = apiActors(api);
  return appMachine.provide({
    actors: {
      fetchSettings: actors.fetchSettings,
      fetchCountries: actors.fetchCountries,
      fetchSocialLinks: actors.fetchSocialLinks,
      session: sessionMachine.provide({
        actors: { checkAuth: actors.checkAuth, logout: actors.logout },
        actions: {
          persistSession: (_, params) => storageActions.persistSession(params.token),
          clearStoredSession: storageActions.clearStoredSession,
        },
      }),
      profile: profileMachine.provide({
        actors: { fetchProfile: actors.fetchProfile, updateProfile: actors.updateProfile },
      }),
      language: languageMachine.provide({
        actors: { fetchLanguages: actors.fetchLanguages, fetchTranslations: actors.fetchTranslations },
        actions: { persistLanguage: (_, params) => storageActions.persistLanguage(params.id) },
      }),
      currency: currencyMachine.provide({
        actors: { fetchCurrencies: actors.fetchCurrencies },
        actions: { persistCurrency: (_, params) => storageActions.persistCurrency(params) },
      }),
      cart: cartMachine.provide({
        actors: {
          fetchCart: actors.fetchCart,
          addToCart: actors.addToCart,
          removeFromCart: actors.removeFromCart,
          setLineCount: actors.setLineCount,
          clearCart: actors.clearCart,
        },
      }),
      cookieConsent: cookieConsentMachine.provide({
        actions: { persistConsent: (_, params) => storageActions.persistConsent(params) },
      }),
      staticPages: staticPagesMachine.provide({ actors: { fetchPages: actors.fetchPages } }),
      copyAddress: copyAddressMachine.provide({ actors: { writeClipboard: actors.writeClipboard } }),
      verificationBanner: verificationEmailMachine.provide({
        actors: { resendVerification: actors.resendVerification },
      }),
    },
    actions: {
      // docs/product.md §8: start-up failures are logged (and the fatal one is also shown).
      logError: (_, params) => console.error(params.message, params.error),
    },
  });
}

export interface AppActorHooks {
  /** Whether the current route needs a login (decides the 'Session expired' redirect). */
  isOnProtectedRoute: () => boolean;
  currentPath: () => string;
  navigate: (to: string, replace?: boolean) => void;
}

/**
 * The app actor, from what the browser stored, not started yet (`start()` sends the start-up
 * requests). The client's 401 / unverified hooks reach the session machine, and the session's
 * navigation requests reach the router.
 */
export function createAppActor(
  api: ApiClient,
  hooks: AppActorHooks,
  inspect?: (event: InspectionEvent) => void,
  input: AppInput = readStoredState(),
): AppActor {
  // systemId 'app': screens read the settings through the system (the top-up's terms).
  const app = createActor(providedAppMachine(api), { input, inspect, systemId: 'app' });
  const session = app.getSnapshot().context.session;
  api.onUnauthorized(() =>
    session.send({
      type: 'UNAUTHORIZED',
      onProtectedRoute: hooks.isOnProtectedRoute(),
      path: hooks.currentPath(),
    }),
  );
  api.onUnverified(() => session.send({ type: 'UNVERIFIED', path: hooks.currentPath() }));
  session.on('navigate', (event) => hooks.navigate(event.to));
  return app;
}
