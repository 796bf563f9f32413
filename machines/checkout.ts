import {
  type AnyActorRef,
  assign,
  emit,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  sendTo,
  setup,
} from 'xstate';
import {
  failureCode,
  failureKind,
  INSUFFICIENT_FUNDS,
  isApiFailure,
  isSilentFailure,
} from '../domain/api-failure';
import { type cartMachine, cartTotal, deliversInGame } from './cart';
import type { currencyMachine } from './currency';
import type { profileMachine } from './profile';
import { defineMessages, failureText, type Text, verbatim } from './text';

export type PaymentMethod = 'balance' | 'card';

export const checkoutMessages = defineMessages({
  failed: { id: 'checkout.error.failed', defaultMessage: 'Checkout failed' },
  processing: { id: 'checkout.error.processing', defaultMessage: 'Order processing failed' },
  playerRequired: {
    id: 'checkout.player.required',
    defaultMessage: 'Please enter the player name the order is for.',
  },
});

/** What checkout follows of the store: the cart, the balance and the display currency. */
export interface StoreFacts {
  /** The cart's total in coin minor units. */
  total: number;
  /** The cart holds a product delivered in game: the order names its player (ADR 0031). */
  inGame: boolean;
  /** A cart change is running: checkout waits for it. */
  cartBusy: boolean;
  /** The customer's coins (minor units); 0 until the profile has loaded. */
  balance: number;
  /** The display currency (ISO code): a card is charged in it. */
  currency: string;
}

/** The app's actors by systemId, as an actor system offers them. */
export interface ActorLookup {
  get(systemId: string): AnyActorRef | undefined;
}

/** The facts as the app's cart, profile and currency actors (systemIds) hold them now. */
export function storeFactsOf(system: ActorLookup): StoreFacts {
  const cart = system.get('cart')?.getSnapshot() as SnapshotFrom<typeof cartMachine> | undefined;
  const profile = system.get('profile')?.getSnapshot() as SnapshotFrom<typeof profileMachine> | undefined;
  const currency = system.get('currency')?.getSnapshot() as SnapshotFrom<typeof currencyMachine> | undefined;
  const items = cart?.context?.items ?? [];
  return {
    total: cartTotal(items),
    inGame: deliversInGame(items),
    cartBusy: cart?.hasTag?.('busy') ?? false,
    balance: profile?.context?.profile?.balance ?? 0,
    currency: currency?.context?.current.code ?? '',
  };
}

export interface CheckoutInput {
  /** settings.payment_methods: the methods the store offers, in its order. */
  methods: readonly string[];
  /**
   * The Idempotency-Key of this checkout: kept for every retry of it, so a double click or a retry
   * after a timeout never makes two orders.
   */
  idempotencyKey: string;
  /** The store as the page opens; then `followStore` sends every change (STORE). */
  store: StoreFacts;
}

export interface CheckoutContext {
  methods: PaymentMethod[];
  method: PaymentMethod | null;
  idempotencyKey: string;
  error: Text | null;
  /** Coins missing for a coin payment (minor units), after the server said they do not cover it. */
  shortfall: number | null;
  store: StoreFacts;
  /** The display currency this checkout sent (at SUBMIT; a retry sends the same). */
  sentCurrency: string;
  /**
   * The in-game player the order is for (ADR 0031), as the field shows it: the profile's name until
   * the customer types another (`edited`).
   */
  player: string;
  edited: boolean;
  /** The player sent with this checkout: only when the cart holds a product delivered in game. */
  sentPlayer: string | null;
  playerError: Text | null;
}

export interface CheckoutRequest {
  method: PaymentMethod;
  idempotencyKey: string;
  /** The display currency, sent with a card checkout (the card is charged in it). */
  currency?: string;
  /** The in-game player the order is for. */
  player?: string;
}

export interface CheckoutAnswer {
  redirectUrl: string;
}

export type CheckoutEvent =
  | { type: 'SELECT'; method: PaymentMethod }
  /** Pay; after the payment service could not be reached, the same checkout again, with the same key. */
  | { type: 'SUBMIT' }
  /** The cart, the balance or the display currency changed (from `followStore`). */
  | ({ type: 'STORE' } & StoreFacts)
  /** The customer types the player name. */
  | { type: 'PLAYER'; value: string }
  /** The profile's saved player name: the field shows it until the customer types. */
  | { type: 'SUGGEST_PLAYER'; player: string | null };

export type CheckoutEmitted = { type: 'navigate'; to: string; replace?: boolean };

const isPaymentMethod = (value: string): value is PaymentMethod => value === 'balance' || value === 'card';

/** The offered methods the storefront knows; docs/product.md §3 names 'coins' 'balance' in the contract. */
export function offeredMethods(methods: readonly string[]): PaymentMethod[] {
  return methods
    .map((method) => (method === 'coins' ? 'balance' : method))
    .filter(isPaymentMethod)
    .filter((method, index, all) => all.indexOf(method) === index);
}

/** Coins missing to pay `total` from `balance` (minor units); 0 when the balance covers it. */
export function coinShortfall(total: number, balance: number): number {
  return Math.max(0, total - balance);
}

/**
 * A path of this storefront (the coin success page, a top-up's way back): the router goes there.
 * Never another host, `//…`, a backslash a browser reads as one, or an API path: no open redirect.
 */
export const isOwnPath = (url: string): boolean =>
  url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/api/') && !url.includes('\\');

/**
 * A payment page the browser loads itself: the provider's absolute http(s) address, or the built-in
 * sandbox's page the API serves on this site (`/api/sandbox/pay/…`).
 */
export const isProviderPage = (url: string): boolean =>
  /^https?:\/\/[^/]/i.test(url) || url.startsWith('/api/');

/**
 * The payment service could not be reached (503, ADR 0016): the server kept the order and its
 * payment for this Idempotency-Key, so the same request sent again opens it.
 */
export const isPaymentsUnavailable = (error: unknown): boolean => isApiFailure(error) && error.status === 503;

/** The server's message for the `player` field of a 422, if it refused the player. */
const playerRefusal = (error: unknown): string | undefined =>
  isApiFailure(error) ? error.fieldErrors?.player?.[0] : undefined;

/** Coins missing for a coin payment: what the page shows, or more once the server refused. */
export function shortfallOf(context: CheckoutContext): number {
  if (context.method !== 'balance') return 0;
  return Math.max(coinShortfall(context.store.total, context.store.balance), context.shortfall ?? 0);
}

type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

/** The cart's lines and Clear wait while the cart changes or the checkout runs. */
export const cartLocked = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.context.store.cartBusy || snapshot.hasTag('busy');

/** Pay waits for a cart change and for the checkout running; a retry needs no cart. */
export const payBlocked = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.hasTag('busy') || (snapshot.context.store.cartBusy && !snapshot.matches('unavailable'));

export type CheckoutMachine = typeof checkoutMachine;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    input: {} as CheckoutInput,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    /** Sends STORE whenever the app's cart, profile or currency actor changes. */
    followStore: fromCallback<CheckoutEvent>(({ system, sendBack }) => {
      const send = () => sendBack({ type: 'STORE', ...storeFactsOf(system) });
      const subscriptions = ['cart', 'profile', 'currency'].flatMap((id) => {
        const actor: AnyActorRef | undefined = system.get(id);
        return actor ? [actor.subscribe(send)] : [];
      });
      send();
      return () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
      };
    }),
    submitCheckout: fromPromise<CheckoutAnswer, CheckoutRequest>(async () => {
      throw new Error('submitCheckout is not provided');
    }),
  },
  actions: {
    /** Leaves the app for the payment provider's page: provided by bootstrap (window.location). */
    followRedirect: (_, _params: { url: string }) => {},
    emptyCart: sendTo(({ system }) => system.get('cart'), { type: 'REFRESH' as const }),
    refreshBalance: sendTo(({ system }) => system.get('profile'), { type: 'FETCH' as const }),
    goTo: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, checkoutMessages.failed),
      shortfall: null,
    })),
    storePlayerError: assign((_, params: { error: unknown }) => ({
      playerError: verbatim(playerRefusal(params.error) ?? ''),
    })),
    storeShortfall: assign(({ context }, params: { error: unknown }) => ({
      error: failureText(params.error, checkoutMessages.failed),
      // The server refused: at least one coin is missing even if the balance shown was stale.
      shortfall: Math.max(1, coinShortfall(context.store.total, context.store.balance)),
    })),
  },
  guards: {
    chosen: ({ context }) => context.method !== null,
    /** The customer has not typed a player name: the profile's is shown. */
    untouched: ({ context }) => !context.edited,
    cartBusy: ({ context }) => context.store.cartBusy,
    playerMissing: ({ context }) => context.store.inGame && context.player.trim() === '',
    playerRefused: (_, params: { error: unknown }) => playerRefusal(params.error) !== undefined,
    ownPath: (_, params: { url: string }) => isOwnPath(params.url),
    providerPage: (_, params: { url: string }) => isProviderPage(params.url),
    silent: (_, params: { error: unknown }) => isSilentFailure(params.error),
    unverified: (_, params: { error: unknown }) => failureKind(params.error) === 'unverified',
    cardUnavailable: ({ context }, params: { error: unknown }) =>
      context.method === 'card' && isPaymentsUnavailable(params.error),
    coinsShort: ({ context }, params: { error: unknown }) =>
      context.method === 'balance' && failureCode(params.error) === INSUFFICIENT_FUNDS,
  },
}).createMachine({
  id: 'checkout',
  description: [
    "Checkout of the cart (docs/product.md §4, docs/architecture.md §3): SELECT {method} among settings.payment_methods ('balance' =",
    "coins, 'card'; the first is preselected). It follows the store (followStore: STORE {total, inGame,",
    'cartBusy, balance, currency} from the cart, profile and currency actors); SUBMIT waits while the cart',
    'changes, else sends POST /orders/checkout with the',
    'Idempotency-Key of this checkout (the same for every retry) and a 60 s timeout; a card checkout sends the',
    'display currency. submitting → a path on',
    'this site (coins paid): REFRESH to the cart (now empty), FETCH to the profile (the balance), navigate to it;',
    "→ the provider's http(s) URL: redirecting, and the browser follows it (followRedirect); any other answer:",
    "'Order processing failed'. 403 unverified: back to",
    "ready (the session sends the customer to /email-verification); code 'insufficient_funds' for coins: the",
    "shortfall (total − balance) with the server's message, offering a top-up; other failures (any other 422",
    "too, e.g. a reused key): the server's message, docs/product.md §8's",
    "text (429, 5xx, network) or 'Checkout failed'; a cancelled request shows nothing. A card checkout the",
    'payment service could not take (503) waits in unavailable with its message: SUBMIT sends the same',
    'request with the same key, which opens the order the server kept (the cart is already in it).',
    'A cart with a product delivered in game (inGame) sends the player the order is for (ADR',
    "0030): the field shows the profile's name (SUGGEST_PLAYER) until the customer types (PLAYER); empty, SUBMIT",
    "stays in ready with 'Please enter the player name the order is for.'; a 422 on `player` shows the",
    "server's message at the field.",
  ].join(' '),
  context: ({ input }) => {
    const methods = offeredMethods(input.methods);
    return {
      methods,
      method: methods[0] ?? null,
      idempotencyKey: input.idempotencyKey,
      error: null,
      shortfall: null,
      store: input.store,
      sentCurrency: '',
      player: '',
      edited: false,
      sentPlayer: null,
      playerError: null,
    };
  },
  invoke: { src: 'followStore' },
  on: {
    STORE: {
      actions: assign({
        store: ({ event }) => ({
          total: event.total,
          inGame: event.inGame,
          cartBusy: event.cartBusy,
          balance: event.balance,
          currency: event.currency,
        }),
      }),
    },
  },
  initial: 'ready',
  states: {
    ready: {
      description: 'The checkout shows the payment methods, the player field and Pay.',
      on: {
        SELECT: {
          guard: ({ context, event }) => context.methods.includes(event.method),
          actions: assign({ method: ({ event }) => event.method, error: null, shortfall: null }),
        },
        PLAYER: {
          actions: assign({ player: ({ event }) => event.value, edited: true, playerError: null }),
        },
        SUGGEST_PLAYER: {
          guard: 'untouched',
          actions: assign({ player: ({ event }) => event.player ?? '' }),
        },
        SUBMIT: [
          { guard: 'cartBusy' },
          {
            guard: 'playerMissing',
            actions: assign({ playerError: checkoutMessages.playerRequired }),
          },
          {
            guard: 'chosen',
            target: 'submitting',
            actions: assign({
              sentCurrency: ({ context }) => context.store.currency,
              sentPlayer: ({ context }) => (context.store.inGame ? context.player.trim() : null),
            }),
          },
        ],
      },
    },
    submitting: {
      description: 'The order is on its way to the server; Pay is busy.',
      tags: ['busy'],
      entry: assign({ error: null, shortfall: null, playerError: null }),
      invoke: {
        id: 'submitCheckout',
        src: 'submitCheckout',
        input: ({ context }): CheckoutRequest => ({
          method: context.method ?? 'balance',
          idempotencyKey: context.idempotencyKey,
          ...(context.method === 'card' ? { currency: context.sentCurrency } : {}),
          ...(context.sentPlayer === null ? {} : { player: context.sentPlayer }),
        }),
        onDone: [
          {
            guard: { type: 'ownPath', params: ({ event }) => ({ url: event.output.redirectUrl }) },
            target: 'paid',
            actions: [
              'emptyCart',
              'refreshBalance',
              { type: 'goTo', params: ({ event }) => ({ to: event.output.redirectUrl }) },
            ],
          },
          {
            guard: { type: 'providerPage', params: ({ event }) => ({ url: event.output.redirectUrl }) },
            target: 'redirecting',
            actions: { type: 'followRedirect', params: ({ event }) => ({ url: event.output.redirectUrl }) },
          },
          {
            target: 'ready',
            actions: assign({ error: checkoutMessages.processing }),
          },
        ],
        onError: [
          { guard: { type: 'silent', params: ({ event }) => ({ error: event.error }) }, target: 'ready' },
          { guard: { type: 'unverified', params: ({ event }) => ({ error: event.error }) }, target: 'ready' },
          {
            guard: { type: 'cardUnavailable', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'playerRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: { type: 'storePlayerError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'coinsShort', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: {
              type: 'storeShortfall',
              params: ({ event }) => ({ error: event.error }),
            },
          },
          {
            target: 'ready',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    unavailable: {
      description:
        'The payment service could not be reached; the order waits on the server for this key. Only SUBMIT, the same request again.',
      on: { SUBMIT: 'submitting' },
    },
    redirecting: {
      tags: ['busy'],
      description: "The browser is on its way to the payment provider's page.",
    },
    paid: { type: 'final', description: 'Paid with coins: the success page opens.' },
  },
});
