import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { type DoneEvent, type FormEvent, formMachine } from '../forms/formMachine';
import { filled } from '../forms/rules';
import { defineMessages, failureText, type Text } from '../text';
import { toast } from '../toasts';
import { inlineEdit } from './inlineEdit';
import { loadedListMachine } from './loadedList';
import { type Filters, searchPath } from './searchList';

export type OperatorLanguage = components['schemas']['OperatorLanguage'];
export type LanguageMessage = components['schemas']['LanguageMessage'];
export type LanguageMessagePage = components['schemas']['LanguageMessagePage'];

/** Messages a page of the console shows at once. */
export const MESSAGES_PER_PAGE = 50;

export const languagesMessages = defineMessages({
  failed: { id: 'operator.languages.failed', defaultMessage: 'The languages could not be loaded.' },
  messagesFailed: {
    id: 'operator.languages.messagesFailed',
    defaultMessage: 'The messages could not be loaded.',
  },
  valueRequired: { id: 'operator.languages.valueRequired', defaultMessage: 'Enter the text' },
  saveFailed: { id: 'operator.languages.saveFailed', defaultMessage: 'The message could not be saved.' },
  saved: { id: 'operator.languages.saved', defaultMessage: 'The message was saved.' },
  codeFormat: {
    id: 'operator.languages.codeFormat',
    defaultMessage: 'Enter a language code like fr or pt-BR',
  },
  titleRequired: { id: 'operator.languages.titleRequired', defaultMessage: 'Enter the name of the language' },
  addFailed: { id: 'operator.languages.addFailed', defaultMessage: 'The language could not be added.' },
  added: { id: 'operator.languages.added', defaultMessage: 'The language was added.' },
});

/** From the add form: every language as it is now. */
export type LanguagesAdded = { type: 'ADDED'; languages: OperatorLanguage[] };

export const operatorLanguagesMachine = loadedListMachine<OperatorLanguage, 'languages', LanguagesAdded>({
  id: 'operatorLanguages',
  description: [
    "The console's languages (/operator/languages): loads every language with how many messages it has and",
    'how many of the default language it lacks (loading), then lists them (filled). A failed load shows the',
    "server's or client's message or 'The languages could not be loaded.' and RETRY loads again; a cancelled",
    'request (leaving) shows nothing. ADDED (the add form saved) shows the languages as they are now.',
  ].join(' '),
  /** GET /operator/languages: every language with its counts, the default flagged. */
  load: 'fetchLanguages',
  rows: 'languages',
  failed: languagesMessages.failed,
  shownBy: 'ADDED',
});

export interface NewLanguageValues {
  code: string;
  title: string;
}

export const languageAddMachine = formMachine({
  types: { events: {} as FormEvent<keyof NewLanguageValues> },
  id: 'languageAdd',
  description: [
    "The console's 'Add a language' form (/operator/languages). CHANGE edits the code or the name; SUBMIT checks",
    "a code like fr or pt-BR and 'Enter the name of the language', then sends POST /operator/languages. Success",
    "empties the form, says 'The language was added.' and has the list show it (ADDED to operatorLanguages). A",
    "refusal shows at its field (422: a code the store has) or as the form's message, or 'The language could not",
    "be added.'; nothing typed is lost; a cancelled call shows nothing.",
  ].join(' '),
  context: () => ({ values: { code: '', title: '' } }),
  rules: [
    {
      field: 'code',
      message: languagesMessages.codeFormat,
      valid: (v) => /^[a-z]{2}(?:-[A-Z]{2})?$/.test(v.code.trim()),
    },
    { field: 'title', message: languagesMessages.titleRequired, valid: (v) => filled(v.title) },
  ],
  fieldsFromServer: { code: 'code', title: 'title' },
  failureMessage: languagesMessages.addFailed,
  request: {
    id: 'createLanguage',
    input: (context): NewLanguageValues => ({
      code: context.values.code.trim(),
      title: context.values.title.trim(),
    }),
  },
  onDone: {
    target: 'editing',
    actions: [
      assign({ values: { code: '', title: '' } }),
      { type: 'announce', params: { kind: 'success', text: languagesMessages.added } },
      'showLanguages',
    ],
  },
  actions: {
    announce: toast(),
    showLanguages: sendTo(
      ({ system }) => system.get('operatorLanguages'),
      ({ event }) => ({ type: 'ADDED' as const, languages: (event as DoneEvent<OperatorLanguage[]>).output }),
    ),
  },
});

/** The address's filters of a language's messages: text, '' for none; `missing` is '1' or ''. */
export interface MessagesSearch extends Filters {
  q: string;
  missing: string;
}

export interface MessagesInput {
  id: number;
  search: MessagesSearch;
  page: number;
}

/** What the messages' load answers: the language (its title and counts) and one page of messages. */
export interface MessagesLoad {
  language: OperatorLanguage;
  page: LanguageMessagePage;
}

export interface MessagesContext {
  id: number;
  search: MessagesSearch;
  draft: MessagesSearch;
  page: number;
  language: OperatorLanguage | null;
  messages: LanguageMessage[];
  total: number;
  totalPages: number;
  error: Text | null;
}

export type MessagesEvent =
  | { type: 'CHANGE'; field: 'q'; value: string }
  | { type: 'SEARCH' }
  | { type: 'RETRY' }
  /** All messages ('') or only the missing ones ('1'), from the first page. */
  | { type: 'SHOW'; missing: '' | '1' }
  /** Another page of the same search. */
  | { type: 'PAGE'; page: number }
  /** From the translation form: the message as saved. */
  | { type: 'SAVED'; message: LanguageMessage };

/** The address of a language's messages with these filters and page. */
export function messagesPath(id: number, search: MessagesSearch, page = 1): string {
  return searchPath(`/operator/languages/${id}`, { ...search, page: page > 1 ? String(page) : '' });
}

export const languageMessagesMachine = setup({
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
    input: {} as MessagesInput,
    emitted: {} as { type: 'navigate'; to: string },
  },
  actors: {
    /** GET /operator/languages (the language) and GET /operator/languages/{id}/messages (the page). */
    loadMessages: fromPromise<MessagesLoad, MessagesInput>(async () => {
      throw new Error('loadMessages is not provided');
    }),
  },
  guards: {
    none: ({ event }) => 'output' in event && (event.output as MessagesLoad).page.items.length === 0,
    notFound: ({ event }) => 'error' in event && failureKind(event.error) === 'not-found',
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    sameSearch: ({ context }) => context.draft.q.trim() === context.search.q,
    otherFilter: ({ context, event }) => event.type === 'SHOW' && event.missing !== context.search.missing,
    otherPage: ({ context, event }) =>
      event.type === 'PAGE' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= context.totalPages,
  },
  actions: {
    showSearch: emit(({ context }) => ({
      type: 'navigate' as const,
      to: messagesPath(context.id, { ...context.search, q: context.draft.q.trim() }),
    })),
    showFilter: emit(({ context, event }) => ({
      type: 'navigate' as const,
      to: messagesPath(context.id, {
        q: context.search.q,
        missing: event.type === 'SHOW' ? event.missing : context.search.missing,
      }),
    })),
    showPage: emit(({ context, event }) => ({
      type: 'navigate' as const,
      to: messagesPath(context.id, context.search, event.type === 'PAGE' ? event.page : context.page),
    })),
  },
}).createMachine({
  id: 'languageMessages',
  description: [
    "A language's messages in the console (/operator/languages/{id}?missing=1&q=&page=): loads the language and",
    "one page of its messages, each beside the default language's text (loading), then lists them (filled), says",
    "none match (empty) or that there is no such language (notFound). A failed load shows the server's or",
    "client's message or 'The messages could not be loaded.' and RETRY loads again. CHANGE edits the search;",
    'SEARCH goes to the address of the typed search (the route starts the list anew) or loads the same one again;',
    'PAGE goes to the address of another page of it, SHOW to all messages or only the missing ones.',
    'SAVED (the translation form saved) shows the new text in its row and counts one missing message less when',
    'it was missing.',
  ].join(' '),
  context: ({ input }) => ({
    id: input.id,
    search: input.search,
    draft: input.search,
    page: input.page,
    language: null,
    messages: [],
    total: 0,
    totalPages: 0,
    error: null,
  }),
  on: {
    CHANGE: {
      actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }),
    },
    SEARCH: [{ guard: 'sameSearch', target: '.loading', reenter: true }, { actions: 'showSearch' }],
    SHOW: { guard: 'otherFilter', actions: 'showFilter' },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ id: context.id, search: context.search, page: context.page }),
        onDone: [
          {
            guard: 'none',
            target: 'empty',
            actions: assign({ language: ({ event }) => event.output.language, messages: [], total: 0 }),
          },
          {
            target: 'filled',
            actions: assign(({ event }) => ({
              language: event.output.language,
              messages: event.output.page.items,
              total: event.output.page.total,
              totalPages: event.output.page.total_pages,
            })),
          },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({
              error: ({ event }) => failureText(event.error, languagesMessages.messagesFailed),
            }),
          },
        ],
      },
    },
    filled: {
      on: {
        PAGE: { guard: 'otherPage', actions: 'showPage' },
        SAVED: {
          actions: assign(({ context, event }) => {
            const was = context.messages.find((message) => message.key === event.message.key);
            const filledIn = was?.value === null && event.message.value !== null;
            return {
              messages: context.messages.map((message) =>
                message.key === event.message.key ? event.message : message,
              ),
              language:
                context.language !== null && filledIn
                  ? { ...context.language, missing: Math.max(0, context.language.missing - 1) }
                  : context.language,
            };
          }),
        },
      },
    },
    empty: {},
    notFound: {},
    error: { on: { RETRY: 'loading' } },
  },
});

export interface TranslationInput {
  languageId: number;
}

export interface TranslationRequest {
  languageId: number;
  key: string;
  value: string;
}

export type TranslationEvent =
  | FormEvent<'value'>
  | { type: 'EDIT'; key: string; value: string }
  | { type: 'CANCEL' };

export const translationEditMachine = formMachine({
  types: { events: {} as TranslationEvent, input: {} as TranslationInput },
  id: 'translationEdit',
  description: [
    'Editing one message of a language in the console (/operator/languages/{id}): EDIT opens the form at a',
    'message with its text, or empty when it is missing (editing; another EDIT takes another message, CANCEL',
    "closes it). CHANGE edits the text; SUBMIT checks 'Enter the text', then sends PUT",
    "/operator/languages/{id}/messages/{key}. Success closes the form, says 'The message was saved.' and has the",
    'list show it (SAVED to languageMessages). A refusal (422: the text does not parse, or its placeholders are',
    "not the default language's) shows at the text, anything else as the form's message or 'The message could",
    "not be saved.'; nothing typed is lost; a cancelled call shows nothing.",
  ].join(' '),
  context: (input) => ({ values: { value: '' }, key: '', languageId: input.languageId }),
  ...inlineEdit({ type: 'open', params: ({ event }: { event: { key: string; value: string } }) => event }),
  rules: [{ field: 'value', message: languagesMessages.valueRequired, valid: (v) => filled(v.value) }],
  fieldsFromServer: { value: 'value' },
  failureMessage: languagesMessages.saveFailed,
  request: {
    id: 'saveMessage',
    input: (context): TranslationRequest => ({
      languageId: context.languageId,
      key: context.key,
      value: context.values.value,
    }),
  },
  onDone: {
    target: 'closed',
    actions: [{ type: 'announce', params: { kind: 'success', text: languagesMessages.saved } }, 'showSaved'],
  },
  actions: {
    open: assign((_, params: { key: string; value: string }) => ({
      key: params.key,
      values: { value: params.value },
      errors: {},
      formError: null,
    })),
    announce: toast(),
    showSaved: sendTo(
      ({ system }) => system.get('languageMessages'),
      ({ event }) => ({ type: 'SAVED' as const, message: (event as DoneEvent<LanguageMessage>).output }),
    ),
  },
});
