import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import {
  failureCode,
  failureKind,
  INSUFFICIENT_FUNDS,
  isApiFailure,
  isSilentFailure,
} from '../domain/api-failure';
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

export interface CheckoutInput {
  /** settings.payment_methods: the methods the store offers, in its order. */
  methods: readonly string[];
  /**
   * The Idempotency-Key of this checkout: kept for every retry of it, so a double click or a retry
   * after a timeout never makes two orders.
   */
  idempotencyKey: string;
}

export interface CheckoutContext {
  methods: PaymentMethod[];
  method: PaymentMethod | null;
  idempotencyKey: string;
  error: Text | null;
  /** Coins missing for a coin payment (minor units), after the server said they do not cover it. */
  shortfall: number | null;
  /** The total and balance the page showed at SUBMIT (coin minor units). */
  total: number;
  balance: number;
  /** The display currency at SUBMIT (ISO code): a card is charged in it. */
  currency: string;
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
  /**
   * `total` and `balance` are the coins the page shows, for the shortfall if the server refuses;
   * `currency` the display currency the page shows prices in.
   */
  /** `inGame`: the cart holds a product delivered in game, so the order needs its player. */
  | { type: 'SUBMIT'; total: number; balance: number; currency: string; inGame?: boolean }
  /** The customer types the player name. */
  | { type: 'PLAYER'; value: string }
  /** The profile's saved player name: the field shows it until the customer types. */
  | { type: 'SUGGEST_PLAYER'; player: string | null }
  /** After the payment service could not be reached: the same checkout again, with the same key. */
  | { type: 'RETRY' };

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

export type CheckoutMachine = typeof checkoutMachine;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    input: {} as CheckoutInput,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
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
      shortfall: Math.max(1, coinShortfall(context.total, context.balance)),
    })),
  },
  guards: {
    chosen: ({ context }) => context.method !== null,
    /** The customer has not typed a player name: the profile's is shown. */
    untouched: ({ context }) => !context.edited,
    playerMissing: ({ context, event }) =>
      event.type === 'SUBMIT' && event.inGame === true && context.player.trim() === '',
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
    "coins, 'card'; the first is preselected); SUBMIT {total, balance} sends POST /orders/checkout with the",
    'Idempotency-Key of this checkout (the same for every retry) and a 60 s timeout; a card checkout sends the',
    'display currency of SUBMIT {currency}. submitting → a path on',
    'this site (coins paid): REFRESH to the cart (now empty), FETCH to the profile (the balance), navigate to it;',
    "→ the provider's http(s) URL: redirecting, and the browser follows it (followRedirect); any other answer:",
    "'Order processing failed'. 403 unverified: back to",
    "ready (the session sends the customer to /email-verification); code 'insufficient_funds' for coins: the",
    "shortfall (total − balance) with the server's message, offering a top-up; other failures (any other 422",
    "too, e.g. a reused key): the server's message, docs/product.md §8's",
    "text (429, 5xx, network) or 'Checkout failed'; a cancelled request shows nothing. A card checkout the",
    'payment service could not take (503) waits in unavailable with its message: RETRY sends the same',
    'request with the same key, which opens the order the server kept (the cart is already in it).',
    'A cart with a product delivered in game (SUBMIT {inGame}) sends the player the order is for (ADR',
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
      total: 0,
      balance: 0,
      currency: '',
      player: '',
      edited: false,
      sentPlayer: null,
      playerError: null,
    };
  },
  initial: 'ready',
  states: {
    ready: {
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
          {
            guard: 'playerMissing',
            actions: assign({ playerError: checkoutMessages.playerRequired }),
          },
          {
            guard: 'chosen',
            target: 'submitting',
            actions: assign({
              total: ({ event }) => event.total,
              balance: ({ event }) => event.balance,
              currency: ({ event }) => event.currency,
              sentPlayer: ({ context, event }) => (event.inGame === true ? context.player.trim() : null),
            }),
          },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ error: null, shortfall: null, playerError: null }),
      invoke: {
        id: 'submitCheckout',
        src: 'submitCheckout',
        input: ({ context }): CheckoutRequest => ({
          method: context.method ?? 'balance',
          idempotencyKey: context.idempotencyKey,
          ...(context.method === 'card' ? { currency: context.currency } : {}),
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
        'The payment service could not be reached; the order waits on the server for this key. Only RETRY.',
      on: { RETRY: 'submitting' },
    },
    redirecting: {
      tags: ['busy'],
      description: "The browser is on its way to the payment provider's page.",
    },
    paid: { type: 'final' },
  },
});
