import { fromPromise } from 'xstate';
import type { ProfileUpdate } from '../../../machines/domain';
import { profileEditMachine } from '../../../machines/forms/profileEdit';
import { type ApiClient, call } from '../../api';

/** The account tabs (SPEC §2 "Account page"), on the typed client. */
export const accountScreens = {
  /** PUT /user/profile. */
  profileEdit: (api: ApiClient) =>
    profileEditMachine.provide({
      actors: {
        updateProfile: fromPromise<void, ProfileUpdate>(async ({ input, signal }) => {
          await call(api.PUT('/user/profile', { body: input, signal }), 'Failed to update profile');
        }),
      },
    }),
};
