import { fromPromise } from 'xstate';
import { type PaymentSummary, paymentResultMachine } from '../../../machines/paymentResult';
import { type PaymentState, paymentStatusMachine } from '../../../machines/paymentStatus';
import { type ApiClient, call } from '../../api';

/** GET /payments/{id}: one of the customer's payments. */
async function fetchPayment(api: ApiClient, paymentId: string, signal: AbortSignal) {
  return (await call(api.GET('/payments/{id}', { params: { path: { id: paymentId } }, signal }))).payload;
}

export const paymentScreens = {
  /** The payment's status, for the pending page's polling. */
  paymentStatus: (api: ApiClient) =>
    paymentStatusMachine.provide({
      actors: {
        fetchPaymentStatus: fromPromise<PaymentState, { paymentId: string }>(
          async ({ input, signal }) => (await fetchPayment(api, input.paymentId, signal)).status,
        ),
      },
    }),
  /** What was paid (a top-up's coins or an order), for the success page's notice. */
  paymentResult: (api: ApiClient) =>
    paymentResultMachine.provide({
      actors: {
        fetchPayment: fromPromise<PaymentSummary, { paymentId: string }>(({ input, signal }) =>
          fetchPayment(api, input.paymentId, signal),
        ),
      },
    }),
};
