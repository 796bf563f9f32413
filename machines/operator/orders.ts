import type { components } from '../../domain/contract';
import { defineMessages } from '../text';
import { type Filters, searchListMachine, searchPath } from './searchList';

export type OperatorOrder = components['schemas']['OperatorOrder'];
export type OrderStatus = OperatorOrder['status'];

/** Orders per page of the list (the API pages by `before_id`). */
export const ORDERS_PER_PAGE = 25;

export const ordersMessages = defineMessages({
  failed: { id: 'operator.orders.failed', defaultMessage: 'The orders could not be loaded.' },
  moreFailed: { id: 'operator.orders.moreFailed', defaultMessage: 'More orders could not be loaded.' },
});

/**
 * The orders search as the address holds it: `q` (part of the customer's email or the player),
 * `status`, and `from`/`until` as days (YYYY-MM-DD, both included); '' for none.
 */
export interface OrdersSearch extends Filters {
  q: string;
  status: '' | OrderStatus;
  from: string;
  until: string;
}

export const NO_ORDERS_SEARCH: OrdersSearch = { q: '', status: '', from: '', until: '' };

export const ordersPath = (search: OrdersSearch): string => searchPath('/operator/orders', search);

export const operatorOrdersMachine = searchListMachine<OrdersSearch, OperatorOrder>({
  id: 'operatorOrders',
  load: 'findOrders',
  path: ordersPath,
  failed: ordersMessages.failed,
  moreFailed: ordersMessages.moreFailed,
  description: [
    "The operator's order search (/operator/orders?q=&status=&from=&until=): the route starts it with the",
    "address's filters and it loads the newest orders whose customer email or player holds q, in that status,",
    `placed on or after 'from' and on or before 'until' (loading), then shows them (filled, ${ORDERS_PER_PAGE} at`,
    'a time) or says none match (empty). CHANGE edits a filter; SEARCH goes to the address of the typed filters',
    '(the route starts the list anew), or loads the same ones again. MORE loads the next page below the shown',
    "ones (loadingMore); its failure keeps the list with a message. A failed load shows the server's or client's",
    "message or 'The orders could not be loaded.' and RETRY loads again; a cancelled request shows nothing.",
  ].join(' '),
});
