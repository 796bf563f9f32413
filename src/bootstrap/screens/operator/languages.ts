import { fromPromise } from 'xstate';
import {
  languageAddMachine,
  languageMessagesMachine,
  MESSAGES_PER_PAGE,
  type MessagesInput,
  type MessagesLoad,
  type NewLanguageValues,
  operatorLanguagesMachine,
  type TranslationRequest,
  translationEditMachine,
} from '../../../../machines/operator/languages';
import type { ApiClient } from '../../../api';
import { answering, payloadOf } from './requests';

/** /operator/languages and /operator/languages/{id}: the languages, adding one, a language's messages. */
export const languagesScreens = {
  /** GET /operator/languages. */
  operatorLanguages: (api: ApiClient) =>
    operatorLanguagesMachine.provide({
      actors: { fetchLanguages: answering((_, signal) => api.GET('/operator/languages', { signal })) },
    }),
  /** POST /operator/languages: every language as it is now. */
  languageAdd: (api: ApiClient) =>
    languageAddMachine.provide({
      actors: {
        createLanguage: answering((body: NewLanguageValues, signal) =>
          api.POST('/operator/languages', { body, signal }),
        ),
      },
    }),
  /** GET /operator/languages (the language and its counts) with GET /operator/languages/{id}/messages. */
  languageMessages: (api: ApiClient) =>
    languageMessagesMachine.provide({
      actors: {
        loadMessages: fromPromise<MessagesLoad, MessagesInput>(async ({ input, signal }) => {
          const [languages, page] = await Promise.all([
            payloadOf(api.GET('/operator/languages', { signal })),
            payloadOf(
              api.GET('/operator/languages/{id}/messages', {
                params: {
                  path: { id: input.id },
                  query: {
                    ...(input.search.missing === '1' ? { missing: true } : {}),
                    ...(input.search.q === '' ? {} : { q: input.search.q }),
                    page: input.page,
                    per_page: MESSAGES_PER_PAGE,
                  },
                },
                signal,
              }),
            ),
          ]);
          const language = languages.find((each) => each.id === input.id);
          // The messages' 404 has answered for an unknown language already.
          if (language === undefined) throw new Error(`language ${input.id} is not listed`);
          return { language, page };
        }),
      },
    }),
  /** PUT /operator/languages/{id}/messages/{key}. */
  translationEdit: (api: ApiClient) =>
    translationEditMachine.provide({
      actors: {
        saveMessage: answering(({ languageId, key, value }: TranslationRequest, signal) =>
          api.PUT('/operator/languages/{id}/messages/{key}', {
            params: { path: { id: languageId, key } },
            body: { value },
            signal,
          }),
        ),
      },
    }),
};
