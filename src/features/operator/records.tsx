import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { OperatorLedgerEntry, OperatorOrder } from '../../../machines/operator/customer';
import type { DeliveryState } from '../../../machines/operator/deliveries';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { formatDate } from '../../i18n/dates';
import { clockTime, useFormats } from '../../i18n/useFormats';
import { useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { RowLink } from './parts';

/**
 * How the console's pages say the records they share (moments, orders, ledger entries,
 * deliveries): kept apart from any one page, so that a page loads no other page with them
 * (docs/architecture.md §6).
 */

export const recordMessages = defineMessages({
  orderNumber: { id: 'operator.customer.orderNumber', defaultMessage: 'Order #{id}' },
  dateTime: { id: 'operator.customer.dateTime', defaultMessage: '{date} {time}' },
});

export const ledgerReasonMessages: Record<OperatorLedgerEntry['reason'], MessageDescriptor> = defineMessages({
  top_up: { id: 'operator.ledger.topUp', defaultMessage: 'Top-up' },
  order: { id: 'operator.ledger.order', defaultMessage: 'Order' },
  welcome_bonus: { id: 'operator.ledger.welcomeBonus', defaultMessage: 'Welcome bonus' },
  refund: { id: 'operator.ledger.refund', defaultMessage: 'Refund' },
  adjustment: { id: 'operator.ledger.adjustment', defaultMessage: 'Adjustment' },
});

export const orderStatusMessages: Record<OperatorOrder['status'], MessageDescriptor> = defineMessages({
  pending: { id: 'account.orders.status.pending', defaultMessage: 'Pending' },
  paid: { id: 'account.orders.status.paid', defaultMessage: 'Paid' },
  failed: { id: 'account.orders.status.failed', defaultMessage: 'Failed' },
  cancelled: { id: 'account.orders.status.cancelled', defaultMessage: 'Cancelled' },
  expired: { id: 'account.orders.status.expired', defaultMessage: 'Expired' },
});

/** A moment as the operator reads it: the date and the time of day. */
export function useMoment(): (at: string) => string {
  const say = useText();
  const { formatTime } = useFormats();
  return (at) => say(recordMessages.dateTime, { date: formatDate(at), time: formatTime(at, clockTime) });
}

/** The cells of an order's row, as the order list and a customer's orders show them. */
export function useOrderCells() {
  const say = useText();
  const moment = useMoment();
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const coins = (amount: number) => <CoinAmount amount={amount} currencyName={coinName} size="sm" />;
  return {
    order: (order: OperatorOrder) => (
      <RowLink to="/operator/orders/$orderId" params={{ orderId: order.id }}>
        {say(recordMessages.orderNumber, { id: order.id })}
      </RowLink>
    ),
    at: (order: OperatorOrder) => <time dateTime={order.at}>{moment(order.at)}</time>,
    status: (order: OperatorOrder) => say(orderStatusMessages[order.status]),
    total: (order: OperatorOrder) => coins(order.total),
    refunded: (order: OperatorOrder) => coins(order.refunded),
    player: (order: OperatorOrder) => order.player ?? '—',
  };
}

export const deliveryStateMessages: Record<DeliveryState, MessageDescriptor> = defineMessages({
  queued: { id: 'operator.delivery.queued', defaultMessage: 'Queued' },
  leased: { id: 'operator.delivery.leased', defaultMessage: 'Being delivered' },
  done: { id: 'operator.delivery.done', defaultMessage: 'Delivered' },
  failed: { id: 'operator.delivery.failed', defaultMessage: 'Failed' },
  uncertain: { id: 'operator.delivery.uncertain', defaultMessage: 'Uncertain' },
});
