import { type AnyActorRef, assign, fromCallback } from 'xstate';
import { failureKind } from '../domain/api-failure';
import { coinsForAmount, decimalsFor, minimumTopUp, withVat } from '../domain/money';
import { localDecimal, parseAmount, toDecimalString } from '../domain/money-text';
import { isOwnPath, isProviderPage } from './checkout';
import {
  type DoneEvent,
  type ErrorEvent,
  type FormContext,
  type FormEvent,
  formMachine,
} from './forms/formMachine';
import { type FieldErrors, firstFailure, type Rule } from './forms/rules';
import { defineMessages, type Text } from './text';
import { sameTerms, type TopUpTerms, topUpTermsOf } from './topUpTerms';

export type { TopUpTerms } from './topUpTerms';

export const topUpMessages = defineMessages({
  invalidAmount: { id: 'account.topUp.invalid', defaultMessage: 'Please enter a valid amount' },
  belowMinimum: {
    id: 'account.topUp.belowMinimum',
    defaultMessage: 'Please enter at least the minimum top-up amount',
  },
  failed: { id: 'account.topUp.failed', defaultMessage: 'Failed to top up balance' },
});

/** The smallest top-up in minor units of the display currency (docs/product.md §3, domain/money). */
export const minimumOf = (terms: TopUpTerms): number =>
  minimumTopUp(terms.minTopUp, terms.base, terms.currency);

/**
 * A pack of settings.top_up_presets (minor units of the default currency) in the display currency:
 * converted as the minimum is (rounded up), so a pack is never below min_top_up in any currency.
 */
export const packAmountOf = (preset: number, terms: TopUpTerms): number =>
  minimumTopUp(preset, terms.base, terms.currency);

export interface TopUpPack {
  /** As settings.top_up_presets holds it: PRESET {preset} names the pack by it. */
  preset: number;
  /** Minor units of the display currency. */
  amount: number;
  /** The coins it buys, by the rule the server credits with. */
  coins: number;
}

/** The packs offered under `terms`, ascending (docs/product.md §2 "Balance tab"). */
export const packsOf = (terms: TopUpTerms): TopUpPack[] =>
  terms.presets.map((preset) => {
    const amount = packAmountOf(preset, terms);
    return { preset, amount, coins: coinsForAmount(amount, terms.base, terms.currency, terms.pointsRate) };
  });

/** The pack whose amount the field holds (shown pressed), or null: a typed amount may equal one too. */
export const chosenPackOf = (text: string, terms: TopUpTerms): number | null => {
  const amount = amountOf(text, terms);
  return packsOf(terms).find((pack) => pack.amount === amount)?.preset ?? null;
};

/** The amount field's text for a pack: its decimal in the currency's decimals, as the locale writes it. */
const packText = (preset: number, terms: TopUpTerms): string =>
  localDecimal(toDecimalString(packAmountOf(preset, terms), decimalsFor(terms.currency.code)), terms.locale);

/** The typed amount in minor units of the display currency (its decimals), or null. */
export const amountOf = (text: string, terms: TopUpTerms): number | null =>
  parseAmount(text, decimalsFor(terms.currency.code));

/** 'Total Cost:': the amount plus `vat_percent`, or null while the amount is not a valid one. */
export function totalCostOf(text: string, terms: TopUpTerms): number | null {
  const amount = amountOf(text, terms);
  return amount === null ? null : withVat(amount, terms.vatPercent);
}

/**
 * The coins the typed amount buys, by the rule the server credits with (domain/money
 * `coinsForAmount`), or null while the amount is not a valid one.
 */
export function coinsOf(text: string, terms: TopUpTerms): number | null {
  const amount = amountOf(text, terms);
  return amount === null ? null : coinsForAmount(amount, terms.base, terms.currency, terms.pointsRate);
}

export interface TopUpValues {
  /** The amount as typed, a decimal of the display currency. */
  amount: string;
}

/** The amount's checks under `terms`, in order (docs/product.md §2 "Balance tab", §3 min_top_up). */
export const topUpRules = (terms: TopUpTerms): readonly Rule<TopUpValues, 'amount'>[] => [
  {
    field: 'amount',
    message: topUpMessages.invalidAmount,
    valid: (v) => amountOf(v.amount, terms) !== null,
  },
  {
    field: 'amount',
    message: topUpMessages.belowMinimum,
    valid: (v) => (amountOf(v.amount, terms) ?? 0) >= minimumOf(terms),
  },
];

/** Why the amount cannot be sent, or null when it can. */
export const amountProblem = (text: string, terms: TopUpTerms): Text | null =>
  (firstFailure(topUpRules(terms), { amount: text }).errors as FieldErrors<'amount'>).amount ?? null;

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
  /** The terms as the tab opens; then `followTerms` sends every change (TERMS). */
  terms: TopUpTerms;
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

export interface TopUpContext extends FormContext<TopUpValues, 'amount'> {
  terms: TopUpTerms;
  /** Where the storefront goes once the top-up is paid; undefined: the success page. */
  returnTo: string | undefined;
  savePaymentMethod: boolean;
}

export type TopUpEvent =
  | FormEvent<'amount'>
  | { type: 'TOP_UP' }
  | { type: 'BACK' }
  | { type: 'SAVE_CARD'; save: boolean }
  /** A pack pressed: `preset` as settings.top_up_presets holds it. */
  | { type: 'PRESET'; preset: number }
  /** The display currency or the settings changed (from `followTerms`). */
  | { type: 'TERMS'; terms: TopUpTerms };

const redirectOf = ({ event }: { event: DoneEvent<TopUpAnswer> }) => ({ url: event.output.redirectUrl });

export const topUpMachine = formMachine({
  types: { events: {} as TopUpEvent, input: {} as TopUpInput },
  id: 'topUp',
  description: [
    "The balance tab's top-up (docs/product.md §2, §3, §8), built by the form machine: entry holds the amount in the display",
    "currency (CHANGE {field: 'amount', value}; ?amount= fills it in, with the locale's decimal separator; the coins it buys are shown as it is typed;",
    "PRESET {preset} fills in a pack of settings.top_up_presets, converted as the minimum is, when the store offers it). TOP_UP checks it ('Please enter a valid amount': not a",
    "positive number with the currency's decimals; below min_top_up × the rate: the minimum message) and",
    "opens the TOP UP BALANCE view (review: 'Enter amount:', 'Total Cost:' with vat_percent, the card,",
    "'Save my information for future payments' = SAVE_CARD {save}, BACK to entry). SUBMIT (Pay) checks again",
    'and sends POST /balance/top-up (with return_to when started from elsewhere: ?return=/cart, a path of this',
    "site, comes back there once paid); the provider's page answered → redirecting, and the browser follows it",
    "(followRedirect). A 422 on amount shows the server's message at the field; 403 unverified goes back",
    "(the session sends the customer to verify); other failures: the server's message, docs/product.md §8's texts or",
    "'Failed to top up balance'; a cancelled request shows nothing. It follows the terms (followTerms: TERMS {terms}",
    'from the currency actor and the settings): a currency switched in the header prices and checks the amount in it.',
  ].join(' '),
  context: (input: TopUpInput) => ({
    // ?amount= is written with a point; the field shows it as the customer would type it.
    values: { amount: input.amount === undefined ? '' : localDecimal(input.amount, input.terms.locale) },
    terms: input.terms,
    // Only a path of this site is carried through the provider (no open redirect).
    returnTo: isReturnPath(input.return) ? input.return : undefined,
    savePaymentMethod: false,
  }),
  rules: ({ terms }) => topUpRules(terms),
  fieldsFromServer: { amount: 'amount' },
  failureMessage: topUpMessages.failed,
  /** POST /balance/top-up. */
  request: {
    id: 'sendTopUp',
    input: ({ values, terms, savePaymentMethod, returnTo }): TopUpRequest => ({
      amount: amountOf(values.amount, terms) ?? 0,
      currency: terms.currency.code,
      savePaymentMethod,
      ...(returnTo === undefined ? {} : { returnTo }),
    }),
  },
  initial: 'entry',
  editingState: 'review',
  sending: 'submitting',
  onDone: [
    {
      guard: { type: 'providerPage', params: redirectOf },
      target: 'redirecting',
      actions: { type: 'followRedirect', params: redirectOf },
    },
    { target: 'review', actions: 'showFailed' },
  ],
  onError: [{ guard: 'unverified', target: 'review' }],
  states: ({ editing, request }) => ({
    entry: {
      on: {
        PRESET: {
          guard: 'offered',
          actions: {
            type: 'change',
            // Only a PRESET gets here (the guard).
            params: ({ context, event }: { context: TopUpContext; event: { preset: number } }) => ({
              field: 'amount',
              value: packText(event.preset, context.terms),
            }),
          },
        },
        TOP_UP: [
          { guard: 'invalid', actions: 'showFirstFailure' },
          { target: 'review', actions: 'clearErrors' },
        ],
      },
    },
    review: editing,
    submitting: { ...request, tags: ['busy'] },
    redirecting: {
      tags: ['busy'],
      on: { CHANGE: {} },
      description: "The browser is on its way to the payment provider's page.",
    },
  }),
  editing: {
    on: {
      BACK: { target: 'entry', actions: 'clearErrors' },
      SAVE_CARD: { actions: 'saveCard' },
    },
  },
  whileSending: { CHANGE: {} },
  on: { TERMS: { actions: 'takeTerms' } },
  invoke: {
    id: 'followTerms',
    src: 'followTerms',
    input: ({ context }: { context: TopUpContext }) => context.terms,
  },
  actors: {
    /** Sends TERMS whenever the app's currency, settings or language change the terms. */
    followTerms: fromCallback<TopUpEvent, TopUpTerms>(({ system, sendBack, input }) => {
      let last = input;
      const send = () => {
        const terms = topUpTermsOf(system, last);
        if (sameTerms(last, terms)) return;
        last = terms;
        sendBack({ type: 'TERMS', terms });
      };
      const subscriptions = ['currency', 'app', 'language'].flatMap((id) => {
        const actor: AnyActorRef | undefined = system.get(id);
        return actor ? [actor.subscribe(send)] : [];
      });
      if (subscriptions.length > 0) send();
      return () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
      };
    }),
  },
  actions: {
    /** Leaves the app for the payment provider's page: provided by bootstrap (window.location). */
    followRedirect: (_: unknown, _params: { url: string }) => {},
    saveCard: assign({
      savePaymentMethod: ({ event }: { event: TopUpEvent }) => event.type === 'SAVE_CARD' && event.save,
    }),
    takeTerms: assign({
      terms: ({ context, event }: { context: TopUpContext; event: TopUpEvent }) =>
        event.type === 'TERMS' ? event.terms : context.terms,
    }),
    showFailed: assign({ formError: topUpMessages.failed }),
  },
  guards: {
    providerPage: (_: unknown, params: { url: string }) => isProviderPage(params.url),
    unverified: ({ event }: { event: ErrorEvent }) => failureKind(event.error) === 'unverified',
    offered: ({ context, event }: { context: TopUpContext; event: { preset: number } }) =>
      context.terms.presets.includes(event.preset),
  },
});
