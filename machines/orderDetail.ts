import type { components } from '../domain/contract';
import { detailMachine } from './detail';
import { defineMessages } from './text';

export type OrderDetail = components['schemas']['OrderDetail'];

export const orderDetailMessages = defineMessages({
  failed: { id: 'account.order.error.fetch', defaultMessage: 'Failed to fetch the order' },
});

/** Its load (fetchOrder) is GET /orders/{id}: the customer's own order, a 404 for any other. */
export const orderDetailMachine = detailMachine<OrderDetail>({
  id: 'orderDetail',
  load: 'fetchOrder',
  reload: 'refetchOrder',
  failed: orderDetailMessages.failed,
  printable: true,
  description: [
    "One of the customer's orders (/account/orders/{id}): loads it with its lines and payments (loading), then",
    "shows it (shown). A 404 (none, or someone else's) is notFound; another failure shows its message or",
    "'Failed to fetch the order' and RETRY loads again; a cancelled request shows nothing. PRINT prints its",
    'receipt (print, window.print). RELOAD reads it again while it stays on screen; a failed reload keeps it.',
  ].join(' '),
});
