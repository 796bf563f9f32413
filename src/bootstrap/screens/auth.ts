import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forms/forgotPassword';
import { type ResetLinkPayload, resetPasswordMachine } from '../../../machines/forms/resetPassword';
import { type AuthSuccess, signInMachine } from '../../../machines/forms/signIn';
import { signUpMachine } from '../../../machines/forms/signUp';
import { loginLinkMachine } from '../../../machines/loginLink';
import type { ApiClient } from '../../api';
import { authActors } from '../auth-actors';

/** The auth forms (docs/product.md §2), on the typed client. */
export const authScreens = {
  signIn: (api: ApiClient) => {
    const actors = authActors(api);
    return signInMachine.provide({
      actors: { login: actors.login, requestLoginLink: actors.requestLoginLink },
    });
  },
  /**
   * /login/link: the emailed sign-in link (ADR 0015). The server's render of the page
   * (docs/decisions/0021) must not spend the single-use link, nor show the refusal its render
   * client gives every POST: there it stays 'Signing you in...' and the browser confirms.
   */
  loginLink: (api: ApiClient) =>
    loginLinkMachine.provide({
      actors: {
        confirmLoginLink: import.meta.env.SSR
          ? fromPromise<AuthSuccess, { token: string; email: string }>(() => new Promise(() => {}))
          : authActors(api).confirmLoginLink,
      },
    }),
  signUp: (api: ApiClient) => {
    const actors = authActors(api);
    return signUpMachine.provide({
      actors: { register: actors.register, guessCountry: actors.guessCountry },
    });
  },
  forgotPassword: (api: ApiClient) =>
    forgotPasswordMachine.provide({ actors: { requestReset: authActors(api).requestReset } }),
  /**
   * The server's render of the page (docs/decisions/0021) shows the form while the link is being
   * checked: its render client refuses every POST, so there the check never answers and the
   * browser makes it.
   */
  resetPassword: (api: ApiClient) => {
    const actors = authActors(api);
    return resetPasswordMachine.provide({
      actors: {
        restorePassword: actors.restorePassword,
        checkResetLink: import.meta.env.SSR
          ? fromPromise<void, ResetLinkPayload>(() => new Promise(() => {}))
          : actors.checkResetLink,
      },
    });
  },
};
