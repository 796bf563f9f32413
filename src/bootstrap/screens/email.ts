import { fromPromise } from 'xstate';
import { verificationEmailMachine } from '../../../machines/verificationEmail';
import { type ApiClient, call } from '../../api';

export const emailScreens = {
  /** POST /email/verification-notification; resolves with the server's message. */
  verificationEmail: (api: ApiClient) =>
    verificationEmailMachine.provide({
      actors: {
        resendVerification: fromPromise<string | undefined>(
          async ({ signal }) =>
            (await call(api.POST('/email/verification-notification', { body: {}, signal }))).message,
        ),
      },
    }),
};
