import { assign, fromPromise, setup } from 'xstate';
import { failureKind, isApiFailure, isSilentFailure } from '../domain/api-failure';
import { decimalsFor, minimumTopUp, type Rate, withVat } from '../domain/money';
import { parseAmount } from '../domain/money-text';
import { isOwnPath, isProviderPage } from './checkout';
import { defineMessages, failureText, type Text, verbatim } from './text';

export const topUpMessages = defineMessages({
  invalidAmount: { id: 'account.topUp.invalid', defaultMessage: 'Please enter a valid amount' },
  belowMinimum: {
    id: 'account.topUp.belowMinimum',
    defaultMessage: 'Please enter at least the minimum top-up amount',
  },
  failed: { id: 'account.topUp.failed', defaultMessage: 'Failed to top up balance' },
});

/**
 * What a top-up is priced by, as the app holds it when the customer acts: the display currency
 * chosen in the header, the store's default currency (the one `min_top_up` is in), and the settings.
 */
export interface TopUpTerms {
  currency: Rate;
  base: Rate;
  /** settings.min_top_up: minor units of the default currency. */
  minTopUp: number;
  vatPercent: number;
}

/** The smallest top-up in minor units of the display currency (docs/product.md §3, domain/money). */
export const minimumOf = (terms: TopUpTerms): number =>
  minimumTopUp(terms.minTopUp, terms.base, terms.currency);

/** The typed amount in minor units of the display currency (its decimals), or null. */
export const amountOf = (text: string, terms: TopUpTerms): number | null =>
  parseAmount(text, decimalsFor(terms.currency.code));

/** 'Total Cost:': the amount plus `vat_percent`, or null while the amount is not a valid one. */
export function totalCostOf(text: string, terms: TopUpTerms): number | null {
  const amount = amountOf(text, terms);
  return amount === null ? null : withVat(amount, terms.vatPercent);
}

/** Why the amount cannot be sent, or null when it can. */
export function amountProblem(text: string, terms: TopUpTerms): Text | null {
  const amount = amountOf(text, terms);
  if (amount === null) return topUpMessages.invalidAmount;
  if (amount < minimumOf(terms)) return topUpMessages.belowMinimum;
  return null;
}

/** openapi.yaml `ReturnPath`: a storefront path the server keeps with a top-up (`return_to`). */
const RETURN_PATH = /^\/(?![/\\]|api\/)[A-Za-z0-9/_.~-]*(\?[A-Za-z0-9=&_.~%-]*)?$/;

/** Whether a way back (the cart's Top up: `/cart`) can be carried through the provider. */
export const isReturnPath = (path: unknown): path is string =>
  typeof path === 'string' && path.length <= 200 && RETURN_PATH.test(path) && isOwnPath(path);

export interface TopUpInput {
  /** An amount to start with (the cart's "top up the missing amount"), as decimal text. */
  amount?: string | undefined;
  /** `?return=`: a path of this site to come back to once paid (the cart's 'Top up': `/cart`). */
  return?: string | undefined;
}

export interface TopUpRequest {
  amount: number;
  currency: string;
  savePaymentMethod: boolean;
  returnTo?: string | undefined;
}

export interface TopUpAnswer {
  redirectUrl: string;
}

export interface TopUpContext {
  amountText: string;
  /** Where the storefront goes once the top-up is paid; undefined: the success page. */
  returnTo: string | undefined;
  savePaymentMethod: boolean;
  /** The request being sent (set on PAY). */
  request: TopUpRequest | null;
  /** The message at the amount field (the shape the forms' focus handling reads). */
  errors: { amount?: Text };
  /** A message about the whole top-up. */
  formError: Text | null;
}

export type TopUpEvent =
  | { type: 'CHANGE'; value: string }
  | { type: 'TOP_UP'; terms: TopUpTerms }
  | { type: 'BACK' }
  | { type: 'SAVE_CARD'; save: boolean }
  | { type: 'PAY'; terms: TopUpTerms };

export const topUpMachine = setup({
  types: {
    context: {} as TopUpContext,
    input: {} as TopUpInput,
    events: {} as TopUpEvent,
  },
  actors: {
    /** POST /balance/top-up. */
    sendTopUp: fromPromise<TopUpAnswer, TopUpRequest>(async () => {
      throw new Error('sendTopUp is not provided');
    }),
  },
  actions: {
    /** Leaves the app for the payment provider's page: provided by bootstrap (window.location). */
    followRedirect: (_, _params: { url: string }) => {},
    change: assign((_, params: { value: string }) => ({
      amountText: params.value,
      errors: {},
      formError: null,
    })),
    showProblem: assign(({ context }, params: { terms: TopUpTerms }) => {
      const problem = amountProblem(context.amountText, params.terms);
      return { errors: problem === null ? {} : { amount: problem }, formError: null };
    }),
    clearErrors: assign({ errors: {}, formError: null }),
    prepare: assign(({ context }, params: { terms: TopUpTerms }) => ({
      request: {
        amount: amountOf(context.amountText, params.terms) ?? 0,
        currency: params.terms.currency.code,
        savePaymentMethod: context.savePaymentMethod,
        ...(context.returnTo === undefined ? {} : { returnTo: context.returnTo }),
      },
      errors: {},
      formError: null,
    })),
    showFailure: assign((_, params: { error: unknown }) => {
      const amountMessage = isApiFailure(params.error) ? params.error.fieldErrors?.amount?.[0] : undefined;
      return amountMessage === undefined
        ? { formError: failureText(params.error, topUpMessages.failed) }
        : { errors: { amount: verbatim(amountMessage) } };
    }),
  },
  guards: {
    unsendable: ({ context }, params: { terms: TopUpTerms }) =>
      amountProblem(context.amountText, params.terms) !== null,
    providerPage: (_, params: { url: string }) => isProviderPage(params.url),
    silent: (_, params: { error: unknown }) => isSilentFailure(params.error),
    unverified: (_, params: { error: unknown }) => failureKind(params.error) === 'unverified',
  },
}).createMachine({
  id: 'topUp',
  description: [
    "The balance tab's top-up (docs/product.md §2, §3, §8): entry holds the amount in the display currency (CHANGE",
    "{value}; ?amount= fills it in). TOP_UP {terms} checks it ('Please enter a valid amount': not a",
    "positive number with the currency's decimals; below min_top_up × the rate: the minimum message) and",
    "opens the TOP UP BALANCE view (review: 'Enter amount:', 'Total Cost:' with vat_percent, the card,",
    "'Save my information for future payments' = SAVE_CARD {save}, BACK to entry). PAY {terms} checks again",
    'and sends POST /balance/top-up (with return_to when started from elsewhere: ?return=/cart, a path of this',
    "site, comes back there once paid); the provider's page answered → redirecting, and the browser follows it",
    "(followRedirect). A 422 on amount shows the server's message at the field; 403 unverified goes back",
    "(the session sends the customer to verify); other failures: the server's message, docs/product.md §8's texts or",
    "'Failed to top up balance'; a cancelled request shows nothing.",
  ].join(' '),
  context: ({ input }) => ({
    amountText: input?.amount ?? '',
    // Only a path of this site is carried through the provider (no open redirect).
    returnTo: isReturnPath(input?.return) ? input.return : undefined,
    savePaymentMethod: false,
    request: null,
    errors: {},
    formError: null,
  }),
  initial: 'entry',
  on: {
    CHANGE: { actions: { type: 'change', params: ({ event }) => event } },
  },
  states: {
    entry: {
      on: {
        TOP_UP: [
          {
            guard: { type: 'unsendable', params: ({ event }) => event },
            actions: { type: 'showProblem', params: ({ event }) => event },
          },
          { target: 'review', actions: 'clearErrors' },
        ],
      },
    },
    review: {
      on: {
        BACK: { target: 'entry', actions: 'clearErrors' },
        SAVE_CARD: { actions: assign({ savePaymentMethod: ({ event }) => event.save }) },
        PAY: [
          {
            guard: { type: 'unsendable', params: ({ event }) => event },
            actions: { type: 'showProblem', params: ({ event }) => event },
          },
          { target: 'submitting', actions: { type: 'prepare', params: ({ event }) => event } },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      on: { CHANGE: {} },
      invoke: {
        id: 'sendTopUp',
        src: 'sendTopUp',
        input: ({ context }) =>
          context.request ?? { amount: 0, currency: '', savePaymentMethod: context.savePaymentMethod },
        onDone: [
          {
            guard: { type: 'providerPage', params: ({ event }) => ({ url: event.output.redirectUrl }) },
            target: 'redirecting',
            actions: { type: 'followRedirect', params: ({ event }) => ({ url: event.output.redirectUrl }) },
          },
          { target: 'review', actions: assign({ formError: topUpMessages.failed }) },
        ],
        onError: [
          { guard: { type: 'silent', params: ({ event }) => ({ error: event.error }) }, target: 'review' },
          {
            guard: { type: 'unverified', params: ({ event }) => ({ error: event.error }) },
            target: 'review',
          },
          {
            target: 'review',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    redirecting: {
      tags: ['busy'],
      on: { CHANGE: {} },
      description: "The browser is on its way to the payment provider's page.",
    },
  },
});
