import { emit, fromPromise, setup } from 'xstate';
import { failureKind } from '../domain/api-failure';
import type { components } from '../domain/contract';

/** pending, paid, failed, cancelled or expired. */
export type PaymentState = components['schemas']['PaymentStatus'];

/** How long the pending page waits between two looks at the payment. */
export const PAYMENT_POLL_INTERVAL_MS = 3000;

export const PAYMENT_SUCCESS_PATH = '/success-payment';
export const PAYMENT_FAIL_PATH = '/fail-payment';

/** Replaces the pending page in the history: Back should not return to a settled payment's poller. */
export type PaymentStatusEmitted = { type: 'navigate'; to: string; replace: true };

/** Failures that will not go away by asking again: the payment is not this customer's to see. */
const FINAL_FAILURES = new Set(['not-found', 'unauthorized', 'forbidden', 'unverified', 'bad-request']);

export const paymentStatusMachine = setup({
  types: {
    context: {} as { paymentId: string },
    input: {} as { paymentId: string },
    emitted: {} as PaymentStatusEmitted,
  },
  actors: {
    fetchPaymentStatus: fromPromise<PaymentState, { paymentId: string }>(async () => {
      throw new Error('fetchPaymentStatus is not provided');
    }),
  },
  actions: {
    navigate: emit(({ context }, params: { to: string }) => ({
      type: 'navigate' as const,
      to: `${params.to}?payment=${encodeURIComponent(context.paymentId)}`,
      replace: true as const,
    })),
  },
  guards: {
    isPaid: ({ event }) => 'output' in event && event.output === 'paid',
    /** Declined, or closed without being paid: cancelled by the customer or expired (ADR 0028). */
    isFailed: ({ event }) =>
      'output' in event &&
      (event.output === 'failed' || event.output === 'cancelled' || event.output === 'expired'),
    cannotRecover: ({ event }) => 'error' in event && FINAL_FAILURES.has(failureKind(event.error) ?? ''),
  },
}).createMachine({
  id: 'paymentStatus',
  description: [
    'The pending page with a payment reference (GET /payments/{id}): asks for the status, and while it is',
    'pending (or the request failed for a passing reason: network, timeout, 429, 5xx) asks again 3000 ms',
    'later. paid emits navigate /success-payment?payment={id} (the result page tells a top-up from an order),',
    'failed, cancelled or expired (the lines are back in the cart) emits navigate /fail-payment?payment={id}. A payment that is not',
    "found or not the visitor's (404, 401, 403, 400) stops the polling: the page keeps its pending text.",
    'Stopping the actor (leaving the page) stops the polling.',
  ].join(' '),
  context: ({ input }) => ({ paymentId: input.paymentId }),
  initial: 'checking',
  states: {
    checking: {
      description: 'The pending page asks the server for the payment status.',
      invoke: {
        id: 'fetchPaymentStatus',
        src: 'fetchPaymentStatus',
        input: ({ context }) => ({ paymentId: context.paymentId }),
        onDone: [
          { guard: 'isPaid', target: 'paid' },
          { guard: 'isFailed', target: 'failed' },
          { target: 'waiting' },
        ],
        onError: [{ guard: 'cannotRecover', target: 'unknown' }, { target: 'waiting' }],
      },
    },
    waiting: {
      description: 'Still pending (or the request failed for a passing reason): asks again shortly.',
      after: { [PAYMENT_POLL_INTERVAL_MS]: 'checking' },
    },
    paid: {
      type: 'final',
      description: 'Paid: the success page opens.',
      entry: { type: 'navigate', params: { to: PAYMENT_SUCCESS_PATH } },
    },
    failed: {
      type: 'final',
      description: 'Declined, cancelled or expired: the payment failure page opens.',
      entry: { type: 'navigate', params: { to: PAYMENT_FAIL_PATH } },
    },
    unknown: {
      type: 'final',
      description: "The payment is not found or not this visitor's: the page keeps its pending text.",
    },
  },
});
