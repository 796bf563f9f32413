import { fromPromise } from 'xstate';
import type { DetailInput } from '../../../../machines/detail';
import {
  type AdjustmentAnswer,
  type AdjustmentRequest,
  balanceAdjustmentMachine,
} from '../../../../machines/operator/balanceAdjustment';
import { operatorCustomerMachine } from '../../../../machines/operator/customer';
import { type ApiClient, call } from '../../../api';
import { answering } from './requests';

/** /operator/customers/{id}: a customer and the balance adjustment's form. */
export const customerScreens = {
  /** GET /operator/customers/{id}. */
  operatorCustomer: (api: ApiClient) =>
    operatorCustomerMachine.provide({
      actors: {
        fetchCustomer: answering(({ id }: DetailInput, signal) =>
          api.GET('/operator/customers/{id}', { params: { path: { id } }, signal }),
        ),
      },
    }),
  /** POST /operator/customers/{id}/balance-adjustments with the attempt's Idempotency-Key. */
  balanceAdjustment: (api: ApiClient) =>
    balanceAdjustmentMachine.provide({
      actors: {
        adjustBalance: fromPromise<AdjustmentAnswer, AdjustmentRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/customers/{id}/balance-adjustments', {
              params: {
                path: { id: input.customerId },
                header: { 'idempotency-key': input.idempotencyKey },
              },
              body: { amount: input.amount, reason: input.reason },
              signal,
            }),
          );
          return { message: answer.message, balance: answer.payload.balance };
        }),
      },
    }),
};
