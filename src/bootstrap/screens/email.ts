import { fromPromise } from 'xstate';
import { verificationEmailMachine } from '../../../machines/verificationEmail';
import { verificationLinkMachine } from '../../../machines/verificationLink';
import { type ApiClient, call } from '../../api';

/** POST /email/verification-notification; resolves with the server's message. */
const resendVerification = (api: ApiClient) =>
  fromPromise<string | undefined>(
    async ({ signal }) =>
      (await call(api.POST('/email/verification-notification', { body: {}, signal }))).message,
  );

export const emailScreens = {
  verificationEmail: (api: ApiClient) =>
    verificationEmailMachine.provide({ actors: { resendVerification: resendVerification(api) } }),
  /** /email/verify/invalid: the same resend, shown on the page. */
  verificationLink: (api: ApiClient) =>
    verificationLinkMachine.provide({ actors: { resendVerification: resendVerification(api) } }),
};
