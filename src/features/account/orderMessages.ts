import { defineMessage, defineMessages, type MessageDescriptor, type MessageValue } from 'react-intl';
import type { Order } from '../../../machines/orders';

/** An order's status as the order history and the order page say it. */
export const orderStatusMessages: Record<Order['status'], MessageDescriptor> = defineMessages({
  pending: { id: 'account.orders.status.pending', defaultMessage: 'Pending' },
  paid: { id: 'account.orders.status.paid', defaultMessage: 'Paid' },
  failed: { id: 'account.orders.status.failed', defaultMessage: 'Failed' },
  cancelled: { id: 'account.orders.status.cancelled', defaultMessage: 'Cancelled' },
  expired: { id: 'account.orders.status.expired', defaultMessage: 'Expired' },
});

/** How an order was paid. */
export const paymentMethodMessages: Record<Order['payment_method'], MessageDescriptor> = defineMessages({
  balance: { id: 'account.order.method.balance', defaultMessage: 'Balance' },
  card: { id: 'account.order.method.card', defaultMessage: 'Card' },
});

/** When an order was placed, paid or reached the game: its date and time of day, in the language's order. */
export const dateAndTime = defineMessage<{ date: MessageValue; time: MessageValue }>({
  id: 'account.orders.deliveredWhen',
  defaultMessage: '{date} {time}',
});
