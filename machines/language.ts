import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { Language, Message } from './shapes';
import { defineMessages, failureText, type Text } from './text';

export type Messages = Record<string, Message>;

export interface LanguageInput {
  /** The languageId kept in browser storage, if any. */
  storedLanguageId: number | null;
}

export interface LanguageContext {
  storedLanguageId: number | null;
  languages: Language[];
  /** The chosen language; null until the list is loaded (the built-in English catalogue applies). */
  languageId: number | null;
  /** Server translations merged over earlier ones; the UI merges them over its compiled defaults. */
  messages: Messages;
  error: Text | null;
}

export type LanguageEvent =
  | { type: 'CHANGE'; id: number }
  /** The app's start-up Retry: a failed list is loaded again. */
  | { type: 'RETRY' };

export type LanguageEmitted = { type: 'settled' } | { type: 'changed'; languageId: number };

/** docs/product.md §4: the stored id if it is still in the list, else the default-flagged language, else the first. */
export function chooseLanguage(list: readonly Language[], storedId: number | null): Language | undefined {
  return (
    list.find((language) => language.id === storedId) ??
    list.find((language) => language.default === 1) ??
    list[0]
  );
}

/** The chosen language's code for the UI's locale; 'en' until the list is loaded (docs/product.md §9 default). */
export function localeOf(context: Pick<LanguageContext, 'languages' | 'languageId'>): string {
  return context.languages.find((language) => language.id === context.languageId)?.code ?? 'en';
}

/** `{...existing, ...incoming}`, leaving out empty messages so they never hide one. */
export function mergeMessages(existing: Messages, incoming: Messages): Messages {
  const merged: Messages = { ...existing };
  for (const [id, message] of Object.entries(incoming)) {
    if (message.length > 0) merged[id] = message;
  }
  return merged;
}

const LANGUAGES_FAILED = defineMessages({
  loadFailed: { id: 'language.error.load', defaultMessage: 'Failed to load languages' },
}).loadFailed;

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
    emitted: {} as LanguageEmitted,
  },
  actors: {
    fetchLanguages: fromPromise<Language[]>(async () => {
      throw new Error('fetchLanguages is not provided');
    }),
    fetchTranslations: fromPromise<Messages, { languageId: number | null }>(async () => {
      throw new Error('fetchTranslations is not provided');
    }),
  },
  actions: {
    /** Store the languageId in browser storage. Provided by bootstrap. */
    persistLanguage: (_, _params: { id: number }) => {},
    settled: emit({ type: 'settled' }),
  },
  guards: {
    knownLanguage: ({ context, event }) =>
      event.type === 'CHANGE' && context.languages.some((language) => language.id === event.id),
  },
}).createMachine({
  id: 'language',
  description: [
    'Interface language (docs/product.md §4): loads the list, chooses the stored languageId if still listed, else the',
    "default-flagged one, else the first; persists the choice and loads its translations ('Failed to load",
    "languages' when the list fails; a failed translation load keeps the messages already there). CHANGE saves",
    'the id, emits changed {languageId} and loads its translations. Emits settled each time the language and its',
    'messages are in place, or the list failed (the app waits for the first one). RETRY loads a failed list again.',
  ].join(' '),
  context: ({ input }) => ({
    storedLanguageId: input.storedLanguageId,
    languages: [],
    languageId: null,
    messages: {},
    error: null,
  }),
  initial: 'loadingList',
  states: {
    loadingList: {
      invoke: {
        id: 'fetchLanguages',
        src: 'fetchLanguages',
        onDone: [
          {
            guard: ({ event }) => event.output.length > 0,
            target: 'loadingMessages',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const chosen = chooseLanguage(event.output, context.storedLanguageId);
              enqueue.assign({ languages: event.output, languageId: chosen?.id ?? null });
              if (chosen) enqueue({ type: 'persistLanguage', params: { id: chosen.id } });
            }),
          },
          { target: 'ready', actions: 'settled' },
        ],
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ event }) => failureText(event.error, LANGUAGES_FAILED) }), 'settled'],
        },
      },
    },
    loadingMessages: {
      invoke: {
        id: 'fetchTranslations',
        src: 'fetchTranslations',
        input: ({ context }) => ({ languageId: context.languageId }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              messages: ({ context, event }) => mergeMessages(context.messages, event.output),
              error: null,
            }),
            'settled',
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ error: ({ event }) => failureText(event.error, LANGUAGES_FAILED) }), 'settled'],
        },
      },
      on: {
        CHANGE: {
          guard: 'knownLanguage',
          target: 'loadingMessages',
          reenter: true,
          actions: [
            assign({ languageId: ({ event }) => event.id }),
            { type: 'persistLanguage', params: ({ event }) => ({ id: event.id }) },
            emit(({ event }) => ({ type: 'changed' as const, languageId: event.id })),
          ],
        },
      },
    },
    ready: {
      on: {
        CHANGE: {
          guard: 'knownLanguage',
          target: 'loadingMessages',
          actions: [
            assign({ languageId: ({ event }) => event.id }),
            { type: 'persistLanguage', params: ({ event }) => ({ id: event.id }) },
            emit(({ event }) => ({ type: 'changed' as const, languageId: event.id })),
          ],
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'loadingList', actions: assign({ error: null }) } },
    },
  },
});
