import {
  DELIVERIES_PER_PAGE,
  type DeliveriesSearch,
  type DeliveryActionRequest,
  deliveryActionMachine,
  operatorDeliveriesMachine,
} from '../../../../machines/operator/deliveries';
import type { ApiClient } from '../../../api';
import { answering, idFilter, searching } from './requests';

/** /operator/deliveries: the deliveries' search and a failed or uncertain one's action (its game servers: gameServers.ts). */
export const deliveriesScreens = {
  /** GET /operator/deliveries. */
  operatorDeliveries: (api: ApiClient) =>
    operatorDeliveriesMachine.provide({
      actors: {
        findDeliveries: searching(
          DELIVERIES_PER_PAGE,
          ({ state, game_server_id, order_id, player }: DeliveriesSearch) => ({
            state,
            game_server_id: idFilter(game_server_id),
            order_id: idFilter(order_id),
            player,
          }),
          (query, signal) => api.GET('/operator/deliveries', { params: { query }, signal }),
        ),
      },
    }),
  /** POST /operator/deliveries/{id}/requeue or …/resolve: the delivery as it is now. */
  deliveryAction: (api: ApiClient) =>
    deliveryActionMachine.provide({
      actors: {
        changeDelivery: answering((input: DeliveryActionRequest, signal) => {
          const path = { id: input.id };
          return input.kind === 'resolve'
            ? api.POST('/operator/deliveries/{id}/resolve', {
                params: { path },
                body: { outcome: input.outcome, note: input.note },
                signal,
              })
            : api.POST('/operator/deliveries/{id}/requeue', {
                params: { path },
                body: input.note === '' ? {} : { note: input.note },
                signal,
              });
        }),
      },
    }),
};
