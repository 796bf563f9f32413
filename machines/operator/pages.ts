import { assign, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { defineMessages, failureText, type Text } from '../text';

export type OperatorPage = components['schemas']['OperatorPage'];

/** A page's title in `language`, else in the first language it has, else its slug. */
export function pageTitle(page: Pick<OperatorPage, 'texts' | 'slug'>, language: string): string {
  return page.texts[language]?.title ?? Object.values(page.texts)[0]?.title ?? page.slug;
}

export const pagesMessages = defineMessages({
  failed: { id: 'operator.pages.failed', defaultMessage: 'The pages could not be loaded.' },
});

export interface PagesContext {
  pages: OperatorPage[];
  error: Text | null;
}

export const operatorPagesMachine = setup({
  types: {
    context: {} as PagesContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    /** GET /operator/pages: every static page with its texts, in the footer's order. */
    fetchPages: fromPromise<OperatorPage[]>(async () => {
      throw new Error('fetchPages is not provided');
    }),
  },
  guards: {
    none: ({ event }) => 'output' in event && (event.output as OperatorPage[]).length === 0,
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'operatorPages',
  description: [
    "The operator's static pages (/operator/pages): loads every page in the footer's order (loading), then lists",
    "them (filled) or says there are none (empty). A failed load shows the server's or client's message or",
    "'The pages could not be loaded.' and RETRY loads again; a cancelled request (leaving) shows nothing.",
  ].join(' '),
  context: { pages: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchPages',
        src: 'fetchPages',
        onDone: [
          { guard: 'none', target: 'empty' },
          { target: 'filled', actions: assign({ pages: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, pagesMessages.failed) }),
          },
        ],
      },
    },
    empty: {},
    filled: {},
    error: { on: { RETRY: 'loading' } },
  },
});
