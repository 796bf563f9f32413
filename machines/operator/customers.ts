import { assign, emit, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { defineMessages, failureText, type Text } from '../text';

export type CustomerSummary = components['schemas']['CustomerSummary'];

/** Customers per page of the list (the API pages by `before_id`). */
export const CUSTOMERS_PER_PAGE = 25;

export const customersMessages = defineMessages({
  failed: { id: 'operator.customers.failed', defaultMessage: 'The customers could not be loaded.' },
  moreFailed: { id: 'operator.customers.moreFailed', defaultMessage: 'More customers could not be loaded.' },
});

export interface CustomersInput {
  /** The search as the address holds it (`?q=`); empty lists the newest accounts. */
  q: string;
}

/** One page as the API answered it: up to CUSTOMERS_PER_PAGE, and whether more follow. */
export interface CustomersPage {
  customers: CustomerSummary[];
  more: boolean;
}

/** What the list asks for: the search and, for a further page, the last id shown. */
export interface CustomersQuery {
  q: string;
  beforeId: number | null;
}

export interface CustomersContext {
  /** The search the list shows. */
  q: string;
  /** The search field as typed. */
  query: string;
  customers: CustomerSummary[];
  more: boolean;
  error: Text | null;
  moreError: Text | null;
}

export type CustomersEvent =
  | { type: 'CHANGE'; value: string }
  | { type: 'SEARCH' }
  | { type: 'MORE' }
  | { type: 'RETRY' };

/** The address of a search: the list with `?q=` (none for an empty search). */
export const customersPath = (q: string): string =>
  q === '' ? '/operator/customers' : `/operator/customers?q=${encodeURIComponent(q)}`;

export const operatorCustomersMachine = setup({
  types: {
    context: {} as CustomersContext,
    events: {} as CustomersEvent,
    input: {} as CustomersInput,
    emitted: {} as { type: 'navigate'; to: string },
  },
  actors: {
    /** GET /operator/customers?q&before_id&limit. */
    findCustomers: fromPromise<CustomersPage, CustomersQuery>(async () => {
      throw new Error('findCustomers is not provided');
    }),
  },
  guards: {
    none: ({ event }) => 'output' in event && (event.output as CustomersPage).customers.length === 0,
    more: ({ context }) => context.more,
    sameSearch: ({ context }) => context.query.trim() === context.q,
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
  actions: {
    showSearch: emit(({ context }) => ({
      type: 'navigate' as const,
      to: customersPath(context.query.trim()),
    })),
  },
}).createMachine({
  id: 'operatorCustomers',
  description: [
    "The operator's customer list (/operator/customers?q=): the route starts it with the address's search and it",
    'loads the newest accounts whose email, name, surname or player holds it (loading), then shows them',
    `(filled, ${CUSTOMERS_PER_PAGE} at a time) or says none match (empty). CHANGE edits the search field; SEARCH`,
    'goes to the address of the typed search (the route starts the list anew), or loads the same search',
    'again. MORE loads the next page below the shown ones (loadingMore); its failure keeps the list with a',
    "message. A failed load shows the server's or client's message or 'The customers could not be loaded.'",
    'and RETRY loads again; a cancelled request (leaving) shows nothing.',
  ].join(' '),
  context: ({ input }) => ({
    q: input.q,
    query: input.q,
    customers: [],
    more: false,
    error: null,
    moreError: null,
  }),
  on: {
    CHANGE: { actions: assign({ query: ({ event }) => event.value }) },
    SEARCH: [{ guard: 'sameSearch', target: '.loading', reenter: true }, { actions: 'showSearch' }],
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ customers: [], more: false, error: null, moreError: null }),
      invoke: {
        id: 'findCustomers',
        src: 'findCustomers',
        input: ({ context }) => ({ q: context.q, beforeId: null }),
        onDone: [
          { guard: 'none', target: 'empty' },
          {
            target: 'filled',
            actions: assign({
              customers: ({ event }) => event.output.customers,
              more: ({ event }) => event.output.more,
            }),
          },
        ],
        onError: [
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, customersMessages.failed) }),
          },
        ],
      },
    },
    empty: {},
    filled: {
      on: { MORE: { guard: 'more', target: 'loadingMore' } },
    },
    loadingMore: {
      entry: assign({ moreError: null }),
      invoke: {
        id: 'findMoreCustomers',
        src: 'findCustomers',
        input: ({ context }) => ({ q: context.q, beforeId: context.customers.at(-1)?.id ?? null }),
        onDone: {
          target: 'filled',
          actions: assign({
            customers: ({ context, event }) => [...context.customers, ...event.output.customers],
            more: ({ event }) => event.output.more,
          }),
        },
        onError: [
          { guard: 'silent', target: 'filled' },
          {
            target: 'filled',
            actions: assign({
              moreError: ({ event }) => failureText(event.error, customersMessages.moreFailed),
            }),
          },
        ],
      },
    },
    error: { on: { RETRY: 'loading' } },
  },
});
