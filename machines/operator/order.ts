import { assign, fromPromise, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { defineMessages, failureText, type Text } from '../text';

export type OrderDetail = components['schemas']['OperatorOrderDetailResponse']['payload'];
export type OrderRefund = OrderDetail['refunds'][number];
export type OrderPayment = OrderDetail['payments'][number];

export const orderMessages = defineMessages({
  failed: { id: 'operator.order.failed', defaultMessage: 'The order could not be loaded.' },
});

/**
 * Coin minor units still refundable on an order: its total less its refunds (the failed ones count
 * for nothing, a pending card refund already counts: `refunded`, ADR 0043); none unless it is paid.
 */
export const refundableOf = (order: OrderDetail['order']): number =>
  order.status === 'paid' ? Math.max(0, order.total - order.refunded) : 0;

export interface OrderInput {
  id: number;
}

export interface OrderContext {
  id: number;
  detail: OrderDetail | null;
  error: Text | null;
}

/** RELOAD is sent by the refund form (systemId operatorOrder) once a refund went through. */
export type OrderEvent = { type: 'RETRY' } | { type: 'RELOAD' };

export const operatorOrderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as OrderInput,
  },
  actors: {
    /** GET /operator/orders/{id}: lines, payments, ledger entries, refunds, deliveries. */
    fetchOrder: fromPromise<OrderDetail, OrderInput>(async () => {
      throw new Error('fetchOrder is not provided');
    }),
  },
  guards: {
    notFound: ({ event }) => 'error' in event && failureKind(event.error) === 'not-found',
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'operatorOrder',
  description: [
    'One order in the operator console (/operator/orders/{id}): loads it with its lines, payments, ledger',
    'entries, refunds and deliveries (loading), then shows them with what is left to refund (shown). A 404 is',
    "notFound; another failure shows its message or 'The order could not be loaded.' and RETRY loads again; a",
    'cancelled request shows nothing. RELOAD (a refund went through) reads the order again while it stays on',
    'screen (reloading); a failed reload keeps what is shown.',
  ].join(' '),
  context: ({ input }) => ({ id: input.id, detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, orderMessages.failed) }),
          },
        ],
      },
    },
    shown: { on: { RELOAD: 'reloading' } },
    reloading: {
      invoke: {
        id: 'refetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
        onError: { target: 'shown' },
      },
      on: { RELOAD: { target: 'reloading', reenter: true } },
    },
    notFound: {},
    error: { on: { RETRY: 'loading' } },
  },
});
