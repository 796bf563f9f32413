import { dayRange } from '../../../../domain/days';
import {
  ORDERS_PER_PAGE,
  type OrdersSearch,
  operatorOrdersMachine,
} from '../../../../machines/operator/orders';
import type { ApiClient } from '../../../api';
import { searching } from './requests';

/** /operator/orders: the orders' search. */
export const ordersScreens = {
  /** GET /operator/orders. */
  operatorOrders: (api: ApiClient) =>
    operatorOrdersMachine.provide({
      actors: {
        findOrders: searching(
          ORDERS_PER_PAGE,
          ({ q, status, from, until }: OrdersSearch) => ({ q, status, ...dayRange(from, until) }),
          (query, signal) => api.GET('/operator/orders', { params: { query }, signal }),
        ),
      },
    }),
};
