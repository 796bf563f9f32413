import { verificationEmailMachine } from '../../../machines/verificationEmail';
import { verificationLinkMachine } from '../../../machines/verificationLink';
import type { ApiClient } from '../../api';
import { apiActors } from '../actors';

const resendVerification = (api: ApiClient) => apiActors(api).resendVerification;

export const emailScreens = {
  verificationEmail: (api: ApiClient) =>
    verificationEmailMachine.provide({ actors: { resendVerification: resendVerification(api) } }),
  /** /email/verify/invalid: the same resend, shown on the page. */
  verificationLink: (api: ApiClient) =>
    verificationLinkMachine.provide({ actors: { resendVerification: resendVerification(api) } }),
};
