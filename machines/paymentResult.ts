import { emit, fromPromise, sendTo, setup } from 'xstate';
import type { components } from '../domain/contract';
import { COIN_DECIMALS } from '../domain/money';
import { toDecimalString } from '../domain/money-text';
import { defineMessages, type Text, withValues } from './text';
import { toast } from './toasts';

export const paymentMessages = defineMessages({
  completed: { id: 'payment.notice.completed', defaultMessage: 'Payment completed successfully!' },
  toppedUp: {
    id: 'payment.notice.toppedUp',
    defaultMessage: 'Successfully added {amount, number} tokens to your balance!',
  },
  failed: { id: 'payment.notice.failed', defaultMessage: 'Payment failed. Please try again.' },
});

/** Which result page the payment provider sent the browser to. */
export type PaymentOutcome = 'success' | 'failed';

/** A payment as GET /payments/{id} answers it: what was paid (a top-up or an order), its state and coins. */
export type PaymentSummary = Pick<
  components['schemas']['Payment'],
  'kind' | 'status' | 'coins' | 'return_to'
>;

/** A paid top-up started elsewhere (the cart's 'Top up') goes back there, replacing the result page. */
export type PaymentResultEmitted = { type: 'navigate'; to: string; replace: true };

export type PaymentResultEvent = { type: 'SESSION_CHECKED'; authenticated: boolean };

export interface PaymentResultInput {
  outcome: PaymentOutcome;
  /** The payment the provider sent the browser back about (`?payment=`), when the page has one. */
  paymentId?: string | undefined;
}

/** The top-up notice with the credited coins as a number (minor units → 12.5), shown in the locale's digits. */
export function toppedUpText(coinsMinor: number): Text {
  return withValues(paymentMessages.toppedUp, {
    amount: Number(toDecimalString(coinsMinor, COIN_DECIMALS)),
  });
}

/** The top-up's toast: the coins the payment bought. */
const toppedUp = {
  type: 'notify',
  params: ({ event }: { event: { output: PaymentSummary } }) => ({
    kind: 'success' as const,
    text: toppedUpText(event.output.coins),
  }),
} as const;

export const paymentResultMachine = setup({
  types: {
    context: {} as PaymentResultInput,
    events: {} as PaymentResultEvent,
    input: {} as PaymentResultInput,
    emitted: {} as PaymentResultEmitted,
  },
  actors: {
    fetchPayment: fromPromise<PaymentSummary, { paymentId: string }>(async () => {
      throw new Error('fetchPayment is not provided');
    }),
  },
  actions: {
    returnToStart: emit(({ event }) => ({
      type: 'navigate' as const,
      to: ('output' in event ? (event.output as PaymentSummary).return_to : null) ?? '/',
      replace: true as const,
    })),
    refreshProfile: sendTo(({ system }) => system.get('profile'), { type: 'FETCH' as const }),
    notify: toast(),
  },
  guards: {
    paidWhileSignedIn: ({ context, event }) => context.outcome === 'success' && event.authenticated,
    paidWithReference: ({ context, event }) =>
      context.outcome === 'success' && event.authenticated && context.paymentId !== undefined,
    failed: ({ context }) => context.outcome === 'failed',
    toppedUpFromElsewhere: ({ event }) => {
      const payment = 'output' in event ? (event.output as PaymentSummary) : undefined;
      return (
        payment?.kind === 'top_up' &&
        payment.status === 'paid' &&
        typeof payment.return_to === 'string' &&
        // A path of this site (openapi.yaml ReturnPath, as isOwnPath in checkout.ts says it; not
        // imported, so the payment pages do not load the checkout): never another host.
        /^\/(?![/\\]|api\/)/.test(payment.return_to)
      );
    },
    toppedUp: ({ event }) => {
      const payment = 'output' in event ? (event.output as PaymentSummary) : undefined;
      return payment?.kind === 'top_up' && payment.status === 'paid';
    },
  },
}).createMachine({
  id: 'paymentResult',
  description: [
    "A payment result page (docs/product.md §2), once per visit: it waits for the session's first check (SESSION_CHECKED).",
    'On success while signed in with a payment reference it looks the payment up (GET /payments/{id}): a paid',
    "top-up sends FETCH to the profile (the new balance) and 'Successfully added {amount} tokens to your balance!'",
    "with the credited coins, and one started elsewhere (its return_to, a path of this site: the cart's 'Top up')",
    'emits navigate there, replacing the result page; an order, or a failed look-up, FETCH and',
    "'Payment completed successfully!', as does",
    "success without a reference. On failure the toast 'Payment failed. Please try again.' (signed in or not);",
    'a guest on the success page gets neither.',
  ].join(' '),
  context: ({ input }) => ({ outcome: input.outcome, paymentId: input.paymentId }),
  initial: 'awaitingSession',
  states: {
    awaitingSession: {
      description: 'The result page waits for the first session check.',
      on: {
        SESSION_CHECKED: [
          { guard: 'paidWithReference', target: 'lookingUp' },
          {
            guard: 'paidWhileSignedIn',
            target: 'announced',
            actions: [
              'refreshProfile',
              { type: 'notify', params: { kind: 'success', text: paymentMessages.completed } },
            ],
          },
          {
            guard: 'failed',
            target: 'announced',
            actions: { type: 'notify', params: { kind: 'error', text: paymentMessages.failed } },
          },
          { target: 'announced' },
        ],
      },
    },
    lookingUp: {
      description: 'The payment is looked up to tell a top-up from an order.',
      invoke: {
        id: 'fetchPayment',
        src: 'fetchPayment',
        input: ({ context }) => ({ paymentId: context.paymentId ?? '' }),
        onDone: [
          {
            guard: 'toppedUpFromElsewhere',
            target: 'announced',
            actions: ['refreshProfile', toppedUp, 'returnToStart'],
          },
          { guard: 'toppedUp', target: 'announced', actions: ['refreshProfile', toppedUp] },
          {
            target: 'announced',
            actions: [
              'refreshProfile',
              { type: 'notify', params: { kind: 'success', text: paymentMessages.completed } },
            ],
          },
        ],
        onError: {
          target: 'announced',
          actions: [
            'refreshProfile',
            { type: 'notify', params: { kind: 'success', text: paymentMessages.completed } },
          ],
        },
      },
    },
    announced: { type: 'final', description: 'The result page shows its text; any notice has been shown.' },
  },
});
