import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forms/forgotPassword';
import { resetPasswordMachine } from '../../../machines/forms/resetPassword';
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
  resetPassword: (api: ApiClient) =>
    resetPasswordMachine.provide({ actors: { restorePassword: authActors(api).restorePassword } }),
};
