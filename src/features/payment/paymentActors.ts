import { fromPromise } from 'xstate';
import type { PaymentState } from '../../../machines/paymentStatus';
import { type ApiClient, call } from '../../api';

/** GET /payments/{id}: the payment's status, for the pending page's polling. */
export function fetchPaymentStatus(api: ApiClient) {
  return fromPromise<PaymentState, { paymentId: string }>(async ({ input, signal }) => {
    const path = { id: input.paymentId };
    return (await call(api.GET('/payments/{id}', { params: { path }, signal }))).payload.status;
  });
}
