import { fromPromise } from 'xstate';
import {
  DELIVERIES_PER_PAGE,
  type DeliveriesSearch,
  type Delivery,
  type DeliveryActionRequest,
  deliveryActionMachine,
  operatorDeliveriesMachine,
} from '../../../../machines/operator/deliveries';
import type { ListPage, ListQuery } from '../../../../machines/operator/searchList';
import type { ApiClient } from '../../../api';
import { idFilter, payloadOf, searchPage } from './requests';

/** /operator/deliveries: the deliveries' search and a failed or uncertain one's action (its game servers: gameServers.ts). */
export const deliveriesScreens = {
  /** GET /operator/deliveries. */
  operatorDeliveries: (api: ApiClient) =>
    operatorDeliveriesMachine.provide({
      actors: {
        findDeliveries: fromPromise<ListPage<Delivery>, ListQuery<DeliveriesSearch>>(
          async ({ input, signal }) => {
            const { state, game_server_id, order_id, player } = input.search;
            const filters = {
              state,
              game_server_id: idFilter(game_server_id),
              order_id: idFilter(order_id),
              player,
            };
            return searchPage(DELIVERIES_PER_PAGE, input.beforeId, filters, (query) =>
              payloadOf(api.GET('/operator/deliveries', { params: { query }, signal })),
            );
          },
        ),
      },
    }),
  /** POST /operator/deliveries/{id}/requeue or …/resolve: the delivery as it is now. */
  deliveryAction: (api: ApiClient) =>
    deliveryActionMachine.provide({
      actors: {
        changeDelivery: fromPromise<Delivery, DeliveryActionRequest>(async ({ input, signal }) => {
          const path = { id: input.id };
          return input.kind === 'resolve'
            ? payloadOf(
                api.POST('/operator/deliveries/{id}/resolve', {
                  params: { path },
                  body: { outcome: input.outcome, note: input.note },
                  signal,
                }),
              )
            : payloadOf(
                api.POST('/operator/deliveries/{id}/requeue', {
                  params: { path },
                  body: input.note === '' ? {} : { note: input.note },
                  signal,
                }),
              );
        }),
      },
    }),
};
