import { fromPromise } from 'xstate';
import { dayRange } from '../../../../domain/days';
import {
  type OperatorOrder,
  ORDERS_PER_PAGE,
  type OrdersSearch,
  operatorOrdersMachine,
} from '../../../../machines/operator/orders';
import type { ListPage, ListQuery } from '../../../../machines/operator/searchList';
import type { ApiClient } from '../../../api';
import { payloadOf, searchPage } from './requests';

/** /operator/orders: the orders' search. */
export const ordersScreens = {
  /** GET /operator/orders. */
  operatorOrders: (api: ApiClient) =>
    operatorOrdersMachine.provide({
      actors: {
        findOrders: fromPromise<ListPage<OperatorOrder>, ListQuery<OrdersSearch>>(
          async ({ input, signal }) => {
            const { q, status, from, until } = input.search;
            return searchPage(
              ORDERS_PER_PAGE,
              input.beforeId,
              { q, status, ...dayRange(from, until) },
              (query) => payloadOf(api.GET('/operator/orders', { params: { query }, signal })),
            );
          },
        ),
      },
    }),
};
