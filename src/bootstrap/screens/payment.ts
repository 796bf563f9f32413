import { fromPromise } from 'xstate';
import { paymentResultMachine } from '../../../machines/paymentResult';
import { type PaymentState, paymentStatusMachine } from '../../../machines/paymentStatus';
import { type ApiClient, call } from '../../api';

export const paymentScreens = {
  /** GET /payments/{id}: the payment's status, for the pending page's polling. */
  paymentStatus: (api: ApiClient) =>
    paymentStatusMachine.provide({
      actors: {
        fetchPaymentStatus: fromPromise<PaymentState, { paymentId: string }>(async ({ input, signal }) => {
          const path = { id: input.paymentId };
          return (await call(api.GET('/payments/{id}', { params: { path }, signal }))).payload.status;
        }),
      },
    }),
  paymentResult: (_api: ApiClient) => paymentResultMachine,
};
