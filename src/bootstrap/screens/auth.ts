import { forgotPasswordMachine } from '../../../machines/forms/forgotPassword';
import { resetPasswordMachine } from '../../../machines/forms/resetPassword';
import { signInMachine } from '../../../machines/forms/signIn';
import { signUpMachine } from '../../../machines/forms/signUp';
import type { ApiClient } from '../../api';
import { authActors } from '../auth-actors';

/** The auth forms (SPEC §2), on the typed client. */
export const authScreens = {
  signIn: (api: ApiClient) => signInMachine.provide({ actors: { login: authActors(api).login } }),
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
