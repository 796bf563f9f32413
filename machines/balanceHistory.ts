import { assign, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../domain/api-failure';
import type { components } from '../domain/contract';
import { defineMessages, failureText, type Text } from './text';

export type BalanceEntry = components['schemas']['BalanceHistoryEntry'];
export type LedgerReason = components['schemas']['LedgerReason'];

/** Entries per page of the balance history. */
export const HISTORY_PER_PAGE = 10;

export const balanceHistoryMessages = defineMessages({
  fetchFailed: { id: 'account.history.error.fetch', defaultMessage: 'Failed to fetch the balance history' },
});

export interface HistoryPage {
  items: BalanceEntry[];
  total: number;
}

export interface HistoryQuery {
  page: number;
  perPage: number;
}

export interface BalanceHistoryContext {
  page: number;
  items: BalanceEntry[];
  total: number;
  error: Text | null;
}

export type BalanceHistoryEvent = { type: 'PAGE'; page: number } | { type: 'RETRY' };

export const pageCountOfHistory = (total: number): number => Math.max(1, Math.ceil(total / HISTORY_PER_PAGE));

export const balanceHistoryMachine = setup({
  types: {
    context: {} as BalanceHistoryContext,
    events: {} as BalanceHistoryEvent,
  },
  actors: {
    /** GET /balance/history: one page of the customer's ledger, newest first. */
    fetchHistory: fromPromise<HistoryPage, HistoryQuery>(async () => {
      throw new Error('fetchHistory is not provided');
    }),
  },
  guards: {
    none: ({ event }) => 'output' in event && (event.output as HistoryPage).total === 0,
    onAPage: ({ context, event }) =>
      event.type === 'PAGE' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= pageCountOfHistory(context.total) &&
      event.page !== context.page,
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'balanceHistory',
  description: [
    "The balance history tab (/account/balance-history): loads a page of the customer's ledger, newest first,",
    `${HISTORY_PER_PAGE} a page (loading); no entry at all is empty, else filled. PAGE loads another page that`,
    "exists. A failure shows its message or 'Failed to fetch the balance history' and RETRY loads that page",
    'again; a cancelled request shows nothing.',
  ].join(' '),
  context: { page: 1, items: [], total: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchHistory',
        src: 'fetchHistory',
        input: ({ context }) => ({ page: context.page, perPage: HISTORY_PER_PAGE }),
        onDone: [
          { guard: 'none', target: 'empty', actions: assign({ items: [], total: 0 }) },
          {
            target: 'filled',
            actions: assign({
              items: ({ event }) => event.output.items,
              total: ({ event }) => event.output.total,
            }),
          },
        ],
        onError: [
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({
              error: ({ event }) => failureText(event.error, balanceHistoryMessages.fetchFailed),
            }),
          },
        ],
      },
    },
    empty: {},
    filled: {
      on: {
        PAGE: {
          guard: 'onAPage',
          target: 'loading',
          actions: assign({ page: ({ event }) => (event.type === 'PAGE' ? event.page : 1) }),
        },
      },
    },
    error: { on: { RETRY: 'loading' } },
  },
});
