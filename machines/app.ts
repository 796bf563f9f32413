import {
  type ActorRefFrom,
  type AnyActorLogic,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  stopChild,
} from 'xstate';
import { retryAfterSeconds } from '../domain/api-failure';
import { type RawSettings, withSettingsDefaults } from '../domain/settings';
import { cartMachine } from './cart';
import { cookieConsentMachine } from './cookieConsent';
import { copyAddressMachine } from './copyAddress';
import { currencyMachine } from './currency';
import { languageMachine } from './language';
import { mobileMenuMachine } from './mobileMenu';
import { profileMachine } from './profile';
import { sessionMachine } from './session';
import type { Country, Settings, SocialLink, StoredCurrency } from './shapes';
import { staticPagesMachine } from './staticPages';
import { defineMessages, failureText, type Text } from './text';
import { toastsMachine } from './toasts';
import { verificationEmailMachine } from './verificationEmail';

/** What bootstrap reads from browser storage before starting the app. */
export interface AppInput {
  hasStoredSession: boolean;
  storedLanguageId: number | null;
  storedCurrency: StoredCurrency | null;
  /** The cookie_consent cookie's value, if any. */
  cookieConsent: string | undefined;
}

interface Children {
  session: ActorRefFrom<typeof sessionMachine>;
  profile: ActorRefFrom<typeof profileMachine>;
  language: ActorRefFrom<typeof languageMachine>;
  currency: ActorRefFrom<typeof currencyMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  toasts: ActorRefFrom<typeof toastsMachine>;
  cookieConsent: ActorRefFrom<typeof cookieConsentMachine>;
  staticPages: ActorRefFrom<typeof staticPagesMachine>;
  mobileMenu: ActorRefFrom<typeof mobileMenuMachine>;
  copyAddress: ActorRefFrom<typeof copyAddressMachine>;
  /** The banner of a customer whose address is not verified: its 'send the link again' (docs/product.md §2). */
  verificationBanner: ActorRefFrom<typeof verificationEmailMachine>;
}

export interface AppContext extends Children {
  /** Settings with docs/product.md §3 defaults applied; null until loaded. */
  settings: Settings | null;
  countries: Country[];
  countriesError: Text | null;
  socialLinks: SocialLink[];
  initError: Text | null;
  /** Seconds until the start-up retries by itself (the failure's Retry-After); null: only on RETRY. */
  retryInSeconds: number | null;
  hasStoredSession: boolean;
  /** Start-up tasks not settled yet. */
  pending: StartupTask[];
}

export type StartupTask = 'settings' | 'countries' | 'socialLinks' | 'session' | 'language' | 'currency';

/** The children's emitted events, as the relay hands them to the app. */
export type AppEvent =
  | { type: 'SESSION.SIGNED_IN' }
  | { type: 'SESSION.SIGNED_OUT' }
  | { type: 'SESSION.CHECKED' }
  | { type: 'LANGUAGE.SETTLED' }
  | { type: 'LANGUAGE.CHANGED' }
  | { type: 'CURRENCY.SETTLED' }
  | { type: 'CURRENCY.CHANGED' }
  /** An operator saved the store settings (machines/operator/settings.ts): read them again. */
  | { type: 'SETTINGS.CHANGED' }
  /** The start-up error's Retry button: start again. */
  | { type: 'RETRY' }
  | ScreenEvent;

/**
 * A route's screen actor (docs/architecture.md §2): the route's loader starts it with its provided logic, as a
 * child of the app under `systemId` (one screen per systemId: a new start replaces the old one);
 * leaving the route stops it, which aborts its requests.
 */
export type ScreenEvent =
  | { type: 'SCREEN.START'; systemId: string; logic: AnyActorLogic; input: unknown }
  | { type: 'SCREEN.STOP'; systemId: string };

type RelayInput = Pick<Children, 'session' | 'language' | 'currency'>;

/** Subscribes to the children's emitted events and sends them to the app as AppEvents. */
export const childEventsRelay = fromCallback<AppEvent, RelayInput>(({ input, sendBack }) => {
  const subscriptions = [
    input.session.on('signedIn', () => sendBack({ type: 'SESSION.SIGNED_IN' })),
    input.session.on('signedOut', () => sendBack({ type: 'SESSION.SIGNED_OUT' })),
    input.session.on('authChecked', () => sendBack({ type: 'SESSION.CHECKED' })),
    input.language.on('settled', () => sendBack({ type: 'LANGUAGE.SETTLED' })),
    input.language.on('changed', () => sendBack({ type: 'LANGUAGE.CHANGED' })),
    input.currency.on('settled', () => sendBack({ type: 'CURRENCY.SETTLED' })),
    input.currency.on('currencyChanged', () => sendBack({ type: 'CURRENCY.CHANGED' })),
  ];
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
});

const startupMessages = defineMessages({
  settingsFailed: { id: 'shell.startup.settingsFailed', defaultMessage: 'Failed to fetch settings' },
  countriesFailed: { id: 'shell.startup.countriesFailed', defaultMessage: 'Failed to load countries' },
});
const SETTINGS_FAILED = startupMessages.settingsFailed.defaultMessage;
const COUNTRIES_FAILED = startupMessages.countriesFailed.defaultMessage;
const SOCIAL_LINKS_FAILED = 'Failed to load social links';
/** The app's own start-up requests; a restart sends them again (a settings failure cancels the others). */
const OWN_TASKS: StartupTask[] = ['settings', 'countries', 'socialLinks'];
/** The children's start-up tasks settle whenever they do, also while the start-up error shows. */
const settleChildren = {
  'SESSION.CHECKED': { actions: { type: 'settle', params: { task: 'session' } } },
  'LANGUAGE.SETTLED': { actions: { type: 'settle', params: { task: 'language' } } },
  'CURRENCY.SETTLED': { actions: { type: 'settle', params: { task: 'currency' } } },
} as const;

/** A child of the app under one name: its id and its systemId (what other actors look it up by). */
const named = <N extends string>(name: N) => ({ id: name, systemId: name });

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    profile: profileMachine,
    language: languageMachine,
    currency: currencyMachine,
    cart: cartMachine,
    toasts: toastsMachine,
    cookieConsent: cookieConsentMachine,
    staticPages: staticPagesMachine,
    mobileMenu: mobileMenuMachine,
    copyAddress: copyAddressMachine,
    verificationBanner: verificationEmailMachine,
    childEvents: childEventsRelay,
    fetchSettings: fromPromise<RawSettings>(async () => {
      throw new Error('fetchSettings is not provided');
    }),
    fetchCountries: fromPromise<Country[]>(async () => {
      throw new Error('fetchCountries is not provided');
    }),
    fetchSocialLinks: fromPromise<SocialLink[]>(async () => {
      throw new Error('fetchSocialLinks is not provided');
    }),
  },
  delays: {
    /** At least a second, so a Retry-After of 0 cannot spin. */
    retryAfter: ({ context }) => Math.max(1, context.retryInSeconds ?? 0) * 1000,
  },
  actions: {
    /** Start again: the app's own requests, and the language or currency list if it failed too. */
    restart: enqueueActions(({ context, enqueue }) => {
      const again: StartupTask[] = [...OWN_TASKS];
      if (context.language.getSnapshot().value === 'failed') {
        again.push('language');
        enqueue.sendTo(context.language, { type: 'RETRY' });
      }
      if (context.currency.getSnapshot().value === 'failed') {
        again.push('currency');
        enqueue.sendTo(context.currency, { type: 'RETRY' });
      }
      enqueue.assign({
        initError: null,
        retryInSeconds: null,
        countriesError: null,
        pending: [...context.pending.filter((task) => !again.includes(task)), ...again],
      });
    }),
    settle: assign(({ context }, params: { task: StartupTask }) => ({
      pending: context.pending.filter((task) => task !== params.task),
    })),
    /** Logs a start-up failure (docs/product.md §8 "logged"). Provided by bootstrap. */
    logError: (_, _params: { message: string; error: unknown }) => {},
    profileSessionChanged: sendTo(
      ({ context }) => context.profile,
      (_, params: { authenticated: boolean }) => ({ type: 'SESSION_CHANGED' as const, ...params }),
    ),
    cartSessionChanged: sendTo(
      ({ context }) => context.cart,
      (_, params: { authenticated: boolean }) => ({ type: 'SESSION_CHANGED' as const, ...params }),
    ),
    profileCurrencyChanged: sendTo(({ context }) => context.profile, { type: 'CURRENCY_CHANGED' }),
    /**
     * What the server titles in the chosen language, read again in the new one: the page list, the
     * static page or shop on screen, if any, and the cart's lines.
     */
    reloadInNewLanguage: enqueueActions(({ context, system, enqueue }) => {
      enqueue.sendTo(context.staticPages, { type: 'RELOAD' });
      for (const screen of ['staticPage', 'shop']) {
        const actor = system.get(screen);
        if (actor) enqueue.sendTo(actor, { type: 'RELOAD' });
      }
      enqueue.sendTo(context.cart, { type: 'REFRESH' });
    }),
    tellServerAddress: sendTo(
      ({ context }) => context.copyAddress,
      (_, params: { host: string; port: number | null }) => ({ type: 'SERVER_KNOWN' as const, ...params }),
    ),
  },
}).createMachine({
  id: 'app',
  description: [
    'Root (docs/architecture.md §2, docs/product.md §4 "Start-up"): loading → ready | initError. While loading, in parallel: settings,',
    'countries and social links (fetched here), languages + translations (language), currencies (currency),',
    "and the session's first auth check. Only a settings failure is fatal: initError holds its message",
    "('Failed to fetch settings' unless the server says otherwise). Tolerated, logged: countries ('Failed to",
    "load countries', kept in countriesError), social links (empty), languages (built-in English), currencies",
    '(EUR), the auth check (the app mounts signed out or as stored). Static pages, profile and cart load in',
    'their own machines without holding the start. Owns the children (systemId = name): session, profile,',
    'language, currency, cart, toasts, cookieConsent, staticPages, mobileMenu, copyAddress, verificationBanner (resend for an unverified customer); wires session',
    'signedIn/signedOut → profile & cart SESSION_CHANGED, currencyChanged → profile CURRENCY_CHANGED, language',
    'changed → staticPages (and the staticPage or shop screen) RELOAD and cart REFRESH (once ready, the settings too: their footer texts',
    'are per language); once ready, SETTINGS.CHANGED (an operator saved them) reads the settings again. Machines show toasts by sending SHOW to systemId toasts. SCREEN.START',
    '{systemId, logic, input} spawns a route screen actor under that systemId (replacing one there);',
    'SCREEN.STOP {systemId} stops it. From initError, RETRY (the Retry button) starts again: settings,',
    'countries and social links are fetched anew (and a failed language or currency list, waited for again)',
    "while the children's other tasks keep settling; a failure that",
    'carried a Retry-After (429, 503) retries by itself after those seconds (at least one).',
  ].join(' '),
  context: ({ input, spawn }) => ({
    settings: null,
    countries: [],
    countriesError: null,
    socialLinks: [],
    initError: null,
    retryInSeconds: null,
    hasStoredSession: input.hasStoredSession,
    pending: ['settings', 'countries', 'socialLinks', 'session', 'language', 'currency'],
    session: spawn('session', { ...named('session'), input: { hasStoredSession: input.hasStoredSession } }),
    profile: spawn('profile', named('profile')),
    language: spawn('language', {
      ...named('language'),
      input: { storedLanguageId: input.storedLanguageId },
    }),
    currency: spawn('currency', { ...named('currency'), input: { stored: input.storedCurrency } }),
    cart: spawn('cart', named('cart')),
    toasts: spawn('toasts', named('toasts')),
    cookieConsent: spawn('cookieConsent', {
      ...named('cookieConsent'),
      input: { stored: input.cookieConsent },
    }),
    staticPages: spawn('staticPages', named('staticPages')),
    mobileMenu: spawn('mobileMenu', named('mobileMenu')),
    copyAddress: spawn('copyAddress', { ...named('copyAddress'), input: { server: null } }),
    verificationBanner: spawn('verificationBanner', named('verificationBanner')),
  }),
  // A stored session counts as signed in from the start: profile and cart load alongside the check.
  entry: [
    { type: 'profileSessionChanged', params: ({ context }) => ({ authenticated: context.hasStoredSession }) },
    { type: 'cartSessionChanged', params: ({ context }) => ({ authenticated: context.hasStoredSession }) },
  ],
  invoke: {
    id: 'childEvents',
    src: 'childEvents',
    input: ({ context }) => ({
      session: context.session,
      language: context.language,
      currency: context.currency,
    }),
  },
  on: {
    'SESSION.SIGNED_IN': {
      actions: [
        { type: 'profileSessionChanged', params: { authenticated: true } },
        { type: 'cartSessionChanged', params: { authenticated: true } },
      ],
    },
    'SESSION.SIGNED_OUT': {
      actions: [
        { type: 'profileSessionChanged', params: { authenticated: false } },
        { type: 'cartSessionChanged', params: { authenticated: false } },
      ],
    },
    'CURRENCY.CHANGED': { actions: 'profileCurrencyChanged' },
    'LANGUAGE.CHANGED': { actions: 'reloadInNewLanguage' },
    'SCREEN.START': {
      actions: enqueueActions(({ event, enqueue }) => {
        // Stopping a child that is not there does nothing.
        enqueue.stopChild(event.systemId);
        // A screen's logic comes with the event (loaded with its route), not from `actors`.
        const spawnScreen = enqueue.spawnChild as unknown as (
          logic: AnyActorLogic,
          options: { id: string; systemId: string; input: unknown },
        ) => void;
        spawnScreen(event.logic, { id: event.systemId, systemId: event.systemId, input: event.input });
      }),
    },
    'SCREEN.STOP': { actions: stopChild(({ event }) => event.systemId) },
  },
  initial: 'loading',
  states: {
    loading: {
      description:
        'Every start-up task runs at once; ready when none is pending, initError when settings fail.',
      invoke: [
        {
          id: 'fetchSettings',
          src: 'fetchSettings',
          onDone: {
            actions: [
              enqueueActions(({ event, enqueue }) => {
                const settings = withSettingsDefaults(event.output);
                enqueue.assign({ settings });
                if (settings.game_server)
                  enqueue({ type: 'tellServerAddress', params: settings.game_server });
              }),
              { type: 'settle', params: { task: 'settings' } },
            ],
          },
          onError: {
            target: 'initError',
            actions: [
              assign({
                initError: ({ event }) => failureText(event.error, startupMessages.settingsFailed),
                retryInSeconds: ({ event }) => retryAfterSeconds(event.error),
              }),
              { type: 'logError', params: ({ event }) => ({ message: SETTINGS_FAILED, error: event.error }) },
            ],
          },
        },
        {
          id: 'fetchCountries',
          src: 'fetchCountries',
          onDone: {
            actions: [
              assign({ countries: ({ event }) => event.output }),
              { type: 'settle', params: { task: 'countries' } },
            ],
          },
          onError: {
            actions: [
              assign({
                countriesError: ({ event }) => failureText(event.error, startupMessages.countriesFailed),
              }),
              {
                type: 'logError',
                params: ({ event }) => ({ message: COUNTRIES_FAILED, error: event.error }),
              },
              { type: 'settle', params: { task: 'countries' } },
            ],
          },
        },
        {
          id: 'fetchSocialLinks',
          src: 'fetchSocialLinks',
          onDone: {
            actions: [
              assign({ socialLinks: ({ event }) => event.output }),
              { type: 'settle', params: { task: 'socialLinks' } },
            ],
          },
          onError: {
            actions: [
              {
                type: 'logError',
                params: ({ event }) => ({ message: SOCIAL_LINKS_FAILED, error: event.error }),
              },
              { type: 'settle', params: { task: 'socialLinks' } },
            ],
          },
        },
      ],
      on: settleChildren,
      always: { guard: ({ context }) => context.pending.length === 0, target: 'ready' },
    },
    ready: {
      description:
        'A language change asks for the settings again: their footer texts come in the chosen language; so does an operator’s save (SETTINGS.CHANGED). A failed refresh keeps the last ones (logged).',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'LANGUAGE.CHANGED': { target: 'refreshingSettings', actions: 'reloadInNewLanguage' },
            'SETTINGS.CHANGED': 'refreshingSettings',
          },
        },
        refreshingSettings: {
          on: {
            'LANGUAGE.CHANGED': {
              target: 'refreshingSettings',
              reenter: true,
              actions: 'reloadInNewLanguage',
            },
            'SETTINGS.CHANGED': { target: 'refreshingSettings', reenter: true },
          },
          invoke: {
            id: 'refreshSettings',
            src: 'fetchSettings',
            onDone: {
              target: 'idle',
              actions: assign({ settings: ({ event }) => withSettingsDefaults(event.output) }),
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'logError',
                params: ({ event }) => ({ message: SETTINGS_FAILED, error: event.error }),
              },
            },
          },
        },
      },
    },
    initError: {
      description:
        "Shown as 'An error occurred during initialization:', the message and a Retry button; with a Retry-After, retries by itself.",
      on: { ...settleChildren, RETRY: { target: 'loading', actions: 'restart' } },
      after: {
        retryAfter: {
          guard: ({ context }) => context.retryInSeconds !== null,
          target: 'loading',
          actions: 'restart',
        },
      },
    },
  },
});
