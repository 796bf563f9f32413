import { fromPromise } from 'xstate';
import { type ApiClient, call } from '../../api';

/** POST /email/verification-notification; resolves with the server's message. */
export function resendVerification(api: ApiClient) {
  return fromPromise<string | undefined>(
    async ({ signal }) =>
      (await call(api.POST('/email/verification-notification', { body: {}, signal }))).message,
  );
}
