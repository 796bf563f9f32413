import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiFailure } from '../../domain/api-failure';
import type { RawSettings } from '../../domain/settings';
import { type AppInput, appMachine } from '../../machines/app';
import { cartMachine } from '../../machines/cart';
import { currencyMachine } from '../../machines/currency';
import { languageMachine, type Messages } from '../../machines/language';
import { profileMachine } from '../../machines/profile';
import { type AuthCheckResult, sessionMachine, sessionMessages } from '../../machines/session';
import type {
  CartItem,
  Country,
  Currency,
  Language,
  SocialLink,
  StaticPage,
  StaticPageSummary,
  UserProfile,
} from '../../machines/shapes';
import { type Product, shopMachine } from '../../machines/shop';
import { staticPageMachine, staticPagesMachine } from '../../machines/staticPages';
import { failureMessages, verbatim } from '../../machines/text';
import { verificationEmailMachine } from '../../machines/verificationEmail';
import { type CandidateEvent, describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';

const rawSettings: RawSettings = {
  support_email: 'support@blockfront.example',
  min_top_up: 500,
  game_server: { host: 'play.blockfront.example', port: 25565 },
};
const countries: Country[] = [{ id: 83, title: 'Germany', iso: 'DE' }];
const socialLinks: SocialLink[] = [
  { id: 1, title: 'Discord', link: 'https://discord.example', img: '/d.svg' },
];
const unauthorized: ApiFailure = { kind: 'unauthorized', message: 'Unauthenticated.', status: 401 };
const serverError: ApiFailure = {
  kind: 'server',
  message: 'Server error. Please try again later.',
  status: 500,
};
const rateLimited: ApiFailure = {
  kind: 'rate-limited',
  message: 'Too many requests. Please wait a moment.',
  status: 429,
  retryAfterSeconds: 3,
};

/** A route's screen: the FAQ page, as the pages route starts it (docs/architecture.md §2). */
const shopItem: Product = {
  id: 1,
  slug: 'vip',
  title: 'VIP Rank',
  description: 'A rank.',
  price: 1000,
  img_url: '/images/products/vip.svg',
  category: 'ranks',
  max_per_order: 1,
  max_per_customer: 1,
  compare_at_price: null,
};
const faqScreen = (fetchPage: () => Promise<StaticPage>) => ({
  type: 'SCREEN.START' as const,
  systemId: 'staticPage',
  logic: staticPageMachine.provide({ actors: { fetchPage: fromPromise(fetchPage) } }),
  input: { idOrSlug: 'faq' },
});
const faq: StaticPage = {
  id: 3,
  slug: 'faq',
  title: 'FAQ',
  content: '<p>FAQ</p>',
  is_terms: 0,
  is_privacy: 0,
};

const guest: AppInput = {
  hasStoredSession: false,
  storedLanguageId: null,
  storedCurrency: null,
  cookieConsent: undefined,
};

let screensTried = 0;
describePaths(
  'app paths',
  pathPlan(appMachine, {
    input: guest,
    events: (): CandidateEvent<typeof appMachine>[] => [
      doneEvent('fetchSettings', rawSettings),
      errorEvent('fetchSettings', serverError),
      errorEvent('fetchSettings', rateLimited),
      doneEvent('refreshSettings', { ...rawSettings, copyright: 'Nicht verbunden.' }),
      errorEvent('refreshSettings', serverError),
      { type: 'RETRY' },
      { type: 'xstate.after.retryAfter.app.initError' } as unknown as CandidateEvent<typeof appMachine>,
      doneEvent('fetchCountries', countries),
      errorEvent('fetchCountries', serverError),
      doneEvent('fetchSocialLinks', socialLinks),
      errorEvent('fetchSocialLinks', serverError),
      { type: 'SESSION.CHECKED' },
      { type: 'LANGUAGE.SETTLED' },
      { type: 'CURRENCY.SETTLED' },
      { type: 'SESSION.SIGNED_IN' },
      { type: 'SESSION.SIGNED_OUT' },
      { type: 'CURRENCY.CHANGED' },
      { type: 'LANGUAGE.CHANGED' },
      { type: 'SETTINGS.CHANGED' },
      // Each SCREEN.START tried gets a systemId of its own: a traversal runs no actions, so a
      // replaced screen is never unregistered from the system and a second one would collide.
      { ...faqScreen(async () => faq), systemId: `screen-${++screensTried}` },
      { type: 'SCREEN.STOP', systemId: 'screen-1' },
    ],
    // Tasks settle in any order, and a restart sends the app's own again: only which of them are
    // pending, and whether something failed, matters here.
    key: (snapshot) => ({
      value: snapshot.value,
      pending: [...snapshot.context.pending].sort(),
      countriesError: snapshot.context.countriesError !== null,
      initError: snapshot.context.initError !== null,
      retryInSeconds: snapshot.context.retryInSeconds,
    }),
  }),
);

const en: Language = { id: 1, code: 'en', title: 'English', default: 1 };
const eur: Currency = { code: 'EUR', value: 1, symbol: '€', default: 1 };
const usd: Currency = { code: 'USD', value: 1.08, symbol: '$', default: 0 };
const profile: UserProfile = {
  id: 7,
  name: 'Alex',
  surname: 'Stone',
  email: 'alex@example.com',
  phone: '+49 30 901820',
  phoneE164: '+4930901820',
  balance: 100,
  avatarUrl: null,
  created_at: '2026-03-14T09:26:53.000Z',
  country: null,
  city: 'Berlin',
  address: null,
  post_code: null,
  emailVerified: true,
  player: null,
  role: 'customer',
};
const cart: CartItem[] = [
  {
    id: 17,
    item_id: 4,
    count: 1,
    max_count: 1,
    item: {
      title: 'Diamond Rank',
      price: 249900,
      img_url: '/x.svg',
      in_game: true,
      max_per_order: 1,
      max_per_customer: 1,
    },
  },
];

const never = <T>() => new Promise<T>(() => {});
const reject = (error: unknown) => async (): Promise<never> => {
  throw error;
};

interface Server {
  settings?: () => Promise<RawSettings>;
  countries?: () => Promise<Country[]>;
  socialLinks?: () => Promise<SocialLink[]>;
  check?: () => Promise<AuthCheckResult>;
  languages?: () => Promise<Language[]>;
  currencies?: () => Promise<Currency[]>;
}

function startApp(input: Partial<AppInput> = {}, server: Server = {}) {
  const calls: string[] = [];
  const logged: string[] = [];
  const count =
    <T>(name: string, answer: () => Promise<T>) =>
    async () => {
      calls.push(name);
      return answer();
    };
  const machine = appMachine.provide({
    actors: {
      fetchSettings: fromPromise(server.settings ?? (async () => rawSettings)),
      fetchCountries: fromPromise(server.countries ?? (async () => countries)),
      fetchSocialLinks: fromPromise(server.socialLinks ?? (async () => socialLinks)),
      session: sessionMachine.provide({
        actors: {
          checkAuth: fromPromise(
            server.check ?? (async () => ({ authenticated: true, emailVerified: true })),
          ),
          logout: fromPromise(async () => {}),
        },
      }),
      profile: profileMachine.provide({
        actors: { fetchProfile: fromPromise(count('fetchProfile', async () => profile)) },
      }),
      cart: cartMachine.provide({ actors: { fetchCart: fromPromise(count('fetchCart', async () => cart)) } }),
      language: languageMachine.provide({
        actors: {
          fetchLanguages: fromPromise(server.languages ?? (async () => [en])),
          fetchTranslations: fromPromise<Messages, { languageId: number | null }>(async () => ({
            hello: 'Hello',
          })),
        },
      }),
      currency: currencyMachine.provide({
        actors: { fetchCurrencies: fromPromise(server.currencies ?? (async () => [eur, usd])) },
      }),
      staticPages: staticPagesMachine.provide({
        actors: {
          fetchPages: fromPromise(count('fetchPages', async (): Promise<StaticPageSummary[]> => [])),
        },
      }),
    },
    actions: {
      logError: (_, params) => logged.push(params.message),
    },
  });
  const actor = createActor(machine, { input: { ...guest, ...input } });
  actor.start();
  return { actor, calls, logged };
}

type App = ReturnType<typeof startApp>['actor'];
const started = (actor: App) => waitFor(actor, (s) => !s.matches('loading'));

describe('app: start-up', () => {
  it('waits for settings, countries, social links, languages, currencies and the first auth check', async () => {
    const { actor } = startApp({ hasStoredSession: true }, { check: never });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.settings).not.toBeNull();
    const { actor: other } = startApp();
    const snapshot = await started(other);
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.context).toMatchObject({ countries, socialLinks, initError: null });
    expect(snapshot.context.settings).toMatchObject({
      support_email: 'support@blockfront.example',
      vat_percent: 0,
    });
    expect(snapshot.context.settings?.internal_currency.name).toBe('Coins');
  });

  it("a settings failure is fatal: initError holds the message ('Failed to fetch settings' by default) and is logged", async () => {
    const { actor, logged } = startApp({}, { settings: reject(new TypeError('Failed to fetch')) });
    const snapshot = await started(actor);
    expect(snapshot.value).toBe('initError');
    expect(snapshot.context.initError).toMatchObject({ id: 'shell.startup.settingsFailed' });
    expect(english(snapshot.context.initError)).toBe('Failed to fetch settings');
    expect(logged).toEqual(['Failed to fetch settings']);
    const fiveHundred = await started(startApp({}, { settings: reject(serverError) }).actor);
    expect(fiveHundred.context.initError).toEqual(failureMessages.server);
    const told = await started(
      startApp({}, { settings: reject({ ...serverError, serverMessage: 'Settings are being migrated' }) })
        .actor,
    );
    expect(told.context.initError).toEqual(verbatim('Settings are being migrated'));
  });

  it('RETRY starts again from the start-up error: settings, countries and social links are fetched anew', async () => {
    let settingsAnswers = 0;
    const { actor } = startApp(
      {},
      {
        settings: async () => {
          settingsAnswers += 1;
          if (settingsAnswers === 1) throw serverError;
          return rawSettings;
        },
        countries: never,
      },
    );
    const failed = await started(actor);
    expect(failed.value).toBe('initError');
    expect(failed.context.retryInSeconds).toBeNull();
    // A 500 without Retry-After waits for the button.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(actor.getSnapshot().value).toBe('initError');
    expect(settingsAnswers).toBe(1);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.initError).toBeNull();
    expect(actor.getSnapshot().context.pending).toEqual(
      expect.arrayContaining(['settings', 'countries', 'socialLinks']),
    );
    await waitFor(actor, (s) => s.context.settings !== null);
    expect(settingsAnswers).toBe(2);
    // countries never answer: the app waits for them as on the first start.
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it("the children's tasks that settle while the error shows are not waited for again", async () => {
    let answer: (settings: RawSettings) => void = () => {};
    let calls = 0;
    const { actor } = startApp(
      {},
      {
        settings: () => {
          calls += 1;
          if (calls === 1) return Promise.reject(serverError);
          return new Promise<RawSettings>((resolve) => {
            answer = resolve;
          });
        },
        languages: () => new Promise((resolve) => setTimeout(() => resolve([en]), 30)),
      },
    );
    await started(actor);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(actor.getSnapshot().context.pending).not.toContain('language');
    actor.send({ type: 'RETRY' });
    answer(rawSettings);
    expect((await started(actor)).matches('ready')).toBe(true);
  });

  it('RETRY also loads a failed language or currency list again, and waits for it', async () => {
    let languageAnswers = 0;
    let currencyAnswers = 0;
    let settingsAnswers = 0;
    let answerLanguages: (languages: Language[]) => void = () => {};
    const { actor } = startApp(
      { storedLanguageId: 1 },
      {
        settings: async () => {
          settingsAnswers += 1;
          if (settingsAnswers === 1) throw serverError;
          return rawSettings;
        },
        languages: () => {
          languageAnswers += 1;
          if (languageAnswers === 1) return Promise.reject(serverError);
          return new Promise<Language[]>((resolve) => {
            answerLanguages = resolve;
          });
        },
        currencies: async () => {
          currencyAnswers += 1;
          if (currencyAnswers === 1) throw serverError;
          return [eur, usd];
        },
      },
    );
    await started(actor);
    await waitFor(actor.system.get('language'), (s) => s.matches('failed'));
    await waitFor(actor.system.get('currency'), (s) => s.matches('failed'));
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.pending).toEqual(expect.arrayContaining(['language', 'currency']));
    await waitFor(actor.system.get('currency'), (s) => s.matches('ready'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The languages have not answered yet: still starting.
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    answerLanguages([en]);
    expect((await started(actor)).matches('ready')).toBe(true);
    expect(actor.system.get('language')?.getSnapshot().context.languageId).toBe(1);
    expect([languageAnswers, currencyAnswers]).toEqual([2, 2]);
  });

  it('a failure with Retry-After (429) retries by itself after those seconds; a later success is ready', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const { actor } = startApp(
        {},
        {
          settings: async () => {
            calls += 1;
            if (calls === 1) throw rateLimited;
            return rawSettings;
          },
        },
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('initError');
      expect(actor.getSnapshot().context.retryInSeconds).toBe(3);
      await vi.advanceTimersByTimeAsync(2900);
      expect(actor.getSnapshot().value).toBe('initError');
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(100);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(actor.getSnapshot().context.retryInSeconds).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("tolerates the rest: countries ('Failed to load countries'), social links, languages, currencies, auth check", async () => {
    const { actor, logged } = startApp(
      { hasStoredSession: true },
      {
        countries: reject(new TypeError('x')),
        socialLinks: reject(serverError),
        languages: reject(serverError),
        currencies: reject(serverError),
        check: reject({ kind: 'network', message: 'Network error. Please check your connection.' }),
      },
    );
    const snapshot = await started(actor);
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.context).toMatchObject({
      countries: [],
      countriesError: { id: 'shell.startup.countriesFailed' },
      socialLinks: [],
    });
    expect(english(snapshot.context.countriesError)).toBe('Failed to load countries');
    expect(logged).toEqual(expect.arrayContaining(['Failed to load countries']));
    expect(actor.system.get('currency')?.getSnapshot().context.current.code).toBe('EUR');
  });

  it('mounts signed out when the stored session is rejected', async () => {
    const { actor } = startApp({ hasStoredSession: true }, { check: reject(unauthorized) });
    expect((await started(actor)).matches('ready')).toBe(true);
    expect(actor.system.get('session')?.getSnapshot().context).toMatchObject({
      isAuthenticated: false,
      authCheckedOnce: true,
    });
    await waitFor(actor.system.get('profile'), (s) => s.matches('idle'));
  });

  it('owns every child under its systemId', async () => {
    const { actor } = startApp();
    await started(actor);
    for (const id of [
      'session',
      'profile',
      'language',
      'currency',
      'cart',
      'toasts',
      'cookieConsent',
      'staticPages',
      'mobileMenu',
      'copyAddress',
    ]) {
      expect(actor.system.get(id), id).toBeDefined();
    }
  });

  it('hands the game server address to copyAddress once settings arrive', async () => {
    const { actor } = startApp();
    await started(actor);
    expect(actor.system.get('copyAddress')?.getSnapshot().context.server).toEqual({
      host: 'play.blockfront.example',
      port: 25565,
    });
  });
});

describe('app: wiring', () => {
  it('a stored session loads profile and cart alongside the check', async () => {
    const { actor, calls } = startApp({ hasStoredSession: true }, { check: never });
    await waitFor(actor.system.get('profile'), (s) => s.matches('loaded'));
    await waitFor(actor.system.get('cart'), (s) => s.matches('ready'));
    expect(calls.filter((c) => c !== 'fetchPages')).toEqual(['fetchProfile', 'fetchCart']);
  });

  it('sign-in loads profile and cart; logout resets them', async () => {
    const { actor, calls } = startApp({}, { check: reject(unauthorized) });
    await started(actor);
    expect(calls).not.toContain('fetchProfile');
    actor.system.get('session')?.send({ type: 'SIGNED_IN', token: 't', emailVerified: true });
    const profileActor = actor.system.get('profile');
    const cartActor = actor.system.get('cart');
    expect((await waitFor(profileActor, (s) => s.matches('loaded'))).context.profile).toEqual(profile);
    expect((await waitFor(cartActor, (s) => s.matches('ready'))).context.items).toEqual(cart);
    actor.system.get('session')?.send({ type: 'LOGOUT' });
    expect((await waitFor(profileActor, (s) => s.matches('idle'))).context.profile).toBeNull();
    expect((await waitFor(cartActor, (s) => s.matches('signedOut'))).context.items).toEqual([]);
  });

  it('a currency change refetches the profile', async () => {
    const { actor, calls } = startApp({ hasStoredSession: true });
    await started(actor);
    await waitFor(actor.system.get('profile'), (s) => s.matches('loaded'));
    actor.system.get('currency')?.send({ type: 'SELECT', code: 'USD' });
    await waitFor(actor.system.get('profile'), (s) => s.matches('loaded'));
    expect(calls.filter((c) => c === 'fetchProfile')).toHaveLength(2);
  });

  it('a language change asks for the settings again (their footer texts are per language); a failure keeps the last', async () => {
    let answers = 0;
    const { actor, logged } = startApp(
      {},
      {
        settings: async () => {
          answers += 1;
          if (answers === 2) return { ...rawSettings, copyright: 'Nicht mit Mojang verbunden.' };
          if (answers === 3) throw serverError;
          return { ...rawSettings, copyright: 'Not affiliated with Mojang.' };
        },
      },
    );
    await started(actor);
    expect(actor.getSnapshot().context.settings?.copyright).toBe('Not affiliated with Mojang.');
    actor.system.get('language')?.send({ type: 'CHANGE', id: 1 });
    expect(actor.getSnapshot().matches({ ready: 'refreshingSettings' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.settings?.copyright).toBe('Nicht mit Mojang verbunden.');
    actor.system.get('language')?.send({ type: 'CHANGE', id: 1 });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.settings?.copyright).toBe('Nicht mit Mojang verbunden.');
    expect(logged).toEqual(['Failed to fetch settings']);
    expect(answers).toBe(3);
  });

  it("an operator's save (SETTINGS.CHANGED) asks for the settings again, without reloading the pages", async () => {
    let answers = 0;
    const { actor, calls } = startApp(
      {},
      {
        settings: async () => {
          answers += 1;
          return { ...rawSettings, vat_percent: answers === 1 ? 19 : 7 };
        },
      },
    );
    await started(actor);
    expect(actor.getSnapshot().context.settings?.vat_percent).toBe(19);
    actor.send({ type: 'SETTINGS.CHANGED' });
    expect(actor.getSnapshot().matches({ ready: 'refreshingSettings' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.settings?.vat_percent).toBe(7);
    expect(calls.filter((c) => c === 'fetchPages')).toHaveLength(1);
  });

  it('a language change reloads the static pages', async () => {
    const { actor, calls } = startApp();
    await started(actor);
    const pages = actor.system.get('staticPages');
    await waitFor(pages, (s) => s.matches('loaded'));
    actor.system.get('language')?.send({ type: 'CHANGE', id: 1 });
    expect(pages?.getSnapshot().value).toBe('loading');
    await waitFor(pages, (s) => s.matches('loaded'));
    expect(calls.filter((c) => c === 'fetchPages')).toHaveLength(2);
  });

  it("children's notices become toasts", async () => {
    const { actor } = startApp({ hasStoredSession: true });
    await started(actor);
    actor.system.get('session')?.send({ type: 'UNAUTHORIZED', onProtectedRoute: true, path: '/account' });
    expect(actor.system.get('toasts')?.getSnapshot().context.toasts).toEqual([
      expect.objectContaining({ kind: 'error', text: sessionMessages.expired }),
    ]);
  });
});

describe('app: screens (SCREEN.START / SCREEN.STOP)', () => {
  it('starts a screen as its child under the systemId, replaces one there, and stops it', async () => {
    const { actor } = startApp();
    await started(actor);
    actor.send(faqScreen(async () => faq));
    const first = actor.system.get('staticPage');
    expect(first).toBeDefined();
    expect(actor.getSnapshot().children.staticPage).toBe(first);
    expect((await waitFor(first, (s) => s.matches('shown'))).context.page).toEqual(faq);

    actor.send(faqScreen(never));
    const second = actor.system.get('staticPage');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(first?.getSnapshot().status).toBe('stopped');
    expect(second?.getSnapshot().value).toBe('loading');

    actor.send({ type: 'SCREEN.STOP', systemId: 'staticPage' });
    expect(second?.getSnapshot().status).toBe('stopped');
    expect(actor.system.get('staticPage')).toBeUndefined();
    expect(actor.getSnapshot().children.staticPage).toBeUndefined();
    // Stopping a screen that is not there changes nothing.
    actor.send({ type: 'SCREEN.STOP', systemId: 'staticPage' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('a language change reloads the static page on screen too', async () => {
    const { actor } = startApp();
    await started(actor);
    let fetches = 0;
    actor.send(
      faqScreen(async () => {
        fetches += 1;
        return faq;
      }),
    );
    const page = actor.system.get('staticPage');
    await waitFor(page, (s) => s.matches('shown'));
    actor.system.get('language')?.send({ type: 'CHANGE', id: 1 });
    expect(page?.getSnapshot().value).toBe('loading');
    expect(page?.getSnapshot().context.page).toEqual(faq);
    await waitFor(page, (s) => s.matches('shown'));
    expect(fetches).toBe(2);
  });

  it('a language change reloads the shop on screen (products and categories) and the cart', async () => {
    const { actor, calls } = startApp({ hasStoredSession: true });
    await started(actor);
    const cart = actor.system.get('cart');
    await waitFor(cart, (s) => s.matches('ready'));
    const loads = { products: 0, categories: 0 };
    actor.send({
      type: 'SCREEN.START',
      systemId: 'shop',
      logic: shopMachine.provide({
        actors: {
          fetchProducts: fromPromise(async () => {
            loads.products += 1;
            return { items: [shopItem], page: 1, per_page: 8, total: 1, total_pages: 1 };
          }),
          fetchCategories: fromPromise(async () => {
            loads.categories += 1;
            return [{ slug: 'ranks', title: loads.categories === 1 ? 'Ranks' : 'Ränge', count: 1 }];
          }),
        },
      }),
      input: { page: 1 },
    });
    const shop = actor.system.get('shop');
    await waitFor(shop, (s) => s.matches('shown') && s.context.categories !== null);
    const cartLoads = calls.filter((c) => c === 'fetchCart').length;
    actor.system.get('language')?.send({ type: 'CHANGE', id: 1 });
    expect(shop?.getSnapshot().value).toBe('loading');
    await waitFor(shop, (s) => s.matches('shown') && s.context.categories?.[0]?.title === 'Ränge');
    expect(loads).toEqual({ products: 2, categories: 2 });
    await waitFor(cart, (s) => s.matches('ready'));
    expect(calls.filter((c) => c === 'fetchCart')).toHaveLength(cartLoads + 1);
  });

  it("a screen's toasts reach the app's toasts by systemId", async () => {
    const { actor } = startApp();
    await started(actor);
    actor.send({
      type: 'SCREEN.START',
      systemId: 'verificationEmail',
      logic: verificationEmailMachine.provide({
        actors: { resendVerification: fromPromise<string | undefined>(async () => 'Check your inbox.') },
      }),
      input: undefined,
    });
    actor.system.get('verificationEmail')?.send({ type: 'RESEND' });
    const toasts = await waitFor(actor.system.get('toasts'), (s) => s.context.toasts.length > 0);
    expect(toasts.context.toasts).toEqual([
      expect.objectContaining({ kind: 'success', text: verbatim('Check your inbox.') }),
    ]);
  });
});
