import type { components } from '../../domain/contract';
import { defineMessages } from '../text';
import { loadedListMachine } from './loadedList';

export type OperatorPage = components['schemas']['OperatorPage'];

/** A page's title in `language`, else in the first language it has, else its slug. */
export const pagesMessages = defineMessages({
  failed: { id: 'operator.pages.failed', defaultMessage: 'The pages could not be loaded.' },
});

export const operatorPagesMachine = loadedListMachine<OperatorPage, 'pages'>({
  id: 'operatorPages',
  description: [
    "The operator's static pages (/operator/pages): loads every page in the footer's order (loading), then lists",
    "them (filled) or says there are none (empty). A failed load shows the server's or client's message or",
    "'The pages could not be loaded.' and RETRY loads again; a cancelled request (leaving) shows nothing.",
  ].join(' '),
  /** GET /operator/pages: every static page with its texts, in the footer's order. */
  load: 'fetchPages',
  rows: 'pages',
  failed: pagesMessages.failed,
  empty: true,
});
