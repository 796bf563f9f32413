import type { components } from '../../domain/contract';
import { detailMachine } from '../detail';
import { defineMessages } from '../text';

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

/** Its load (fetchOrder) is GET /operator/orders/{id}: lines, payments, ledger entries, refunds, deliveries. */
export const operatorOrderMachine = detailMachine<OrderDetail>({
  id: 'operatorOrder',
  load: 'fetchOrder',
  reload: 'refetchOrder',
  failed: orderMessages.failed,
  description: [
    'One order in the operator console (/operator/orders/{id}): loads it with its lines, payments, ledger',
    'entries, refunds and deliveries (loading), then shows them with what is left to refund (shown). A 404 is',
    "notFound; another failure shows its message or 'The order could not be loaded.' and RETRY loads again; a",
    'cancelled request shows nothing. RELOAD (a refund went through) reads the order again while it stays on',
    'screen (reloading); a failed reload keeps what is shown.',
  ].join(' '),
});
