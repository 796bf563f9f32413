import { fromPromise } from 'xstate';
import { type RawSettings, withSettingsDefaults } from '../../../../domain/settings';
import {
  operatorSettingsMachine,
  type SettingsRequest,
  type StoredSettings,
} from '../../../../machines/operator/settings';
import { type ApiClient, type ApiResult, call } from '../../../api';

/** /operator/settings: the store settings' form. */
export const settingsScreens = {
  /** GET and PATCH /operator/settings, each answer with its ETag (the version to send back as If-Match). */
  operatorSettings: (api: ApiClient) =>
    operatorSettingsMachine.provide({
      actors: {
        fetchSettings: fromPromise<StoredSettings>(async ({ signal }) =>
          withEtag(api.GET('/operator/settings', { signal })),
        ),
        saveSettings: fromPromise<StoredSettings, SettingsRequest>(async ({ input, signal }) =>
          withEtag(
            api.PATCH('/operator/settings', {
              params: { header: { 'if-match': input.etag } },
              body: input.change,
              signal,
            }),
          ),
        ),
      },
    }),
};

/** The settings of an answer and the version it names (its ETag). */
async function withEtag(pending: Promise<ApiResult<{ payload: RawSettings }>>): Promise<StoredSettings> {
  let etag = '';
  const answer = await call(
    pending.then((result) => {
      etag = result.response.headers.get('etag') ?? '';
      return result;
    }),
  );
  return { settings: withSettingsDefaults(answer.payload), etag };
}
