import { fromPromise } from 'xstate';
import type { DetailInput } from '../../../../machines/detail';
import { operatorOrderMachine } from '../../../../machines/operator/order';
import { type RefundAnswer, type RefundRequest, refundMachine } from '../../../../machines/operator/refund';
import { type ApiClient, call } from '../../../api';
import { answering } from './requests';

/** /operator/orders/{id}: an order and the refund's form. */
export const orderScreens = {
  /** GET /operator/orders/{id}. */
  operatorOrder: (api: ApiClient) =>
    operatorOrderMachine.provide({
      actors: {
        fetchOrder: answering(({ id }: DetailInput, signal) =>
          api.GET('/operator/orders/{id}', { params: { path: { id } }, signal }),
        ),
      },
    }),
  /** POST /operator/orders/{id}/refunds with the attempt's Idempotency-Key. */
  refund: (api: ApiClient) =>
    refundMachine.provide({
      actors: {
        refundOrder: fromPromise<RefundAnswer, RefundRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/orders/{id}/refunds', {
              params: { path: { id: input.orderId }, header: { 'idempotency-key': input.idempotencyKey } },
              body: { amount: input.amount, to: input.to, reason: input.reason },
              signal,
            }),
          );
          return { message: answer.message, state: answer.payload.state };
        }),
      },
    }),
};
