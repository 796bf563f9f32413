import { assign, emit, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import { failureText, type MessageText, type Text } from '../text';

/**
 * A console list with filters kept in the address (docs/decisions/0044-operator-console.md): the
 * route starts it with the address's filters; SEARCH goes to the address of the typed filters (the
 * route starts the list anew) or loads the same ones again; pages by the API's `before_id`. The
 * customers, the orders, the audit log and the deliveries are built from it; each is its own machine,
 * with its own id and diagram.
 */

/** Filters as the address holds them: text, '' for none. */
export type Filters = Record<string, string>;

/** One page as the API answered it, and whether more follow. */
export interface ListPage<R> {
  rows: R[];
  more: boolean;
}

/** What the list asks for: the filters and, for a further page, the last id shown. */
export interface ListQuery<F extends Filters> {
  search: F;
  beforeId: number | null;
}

export interface ListContext<F extends Filters, R> {
  /** The filters the list shows (the address's). */
  search: F;
  /** The filters as typed. */
  draft: F;
  rows: R[];
  more: boolean;
  error: Text | null;
  moreError: Text | null;
}

export type ListEvent<F extends Filters> =
  | { type: 'CHANGE'; field: keyof F & string; value: string }
  | { type: 'SEARCH' }
  | { type: 'MORE' }
  | { type: 'RETRY' };

/** A list whose rows a form below it changes (`rowUpdates`): one row as it is now, or the list read again. */
export type RowEvent<R> = { type: 'ROW'; row: R } | { type: 'RELOAD' };

export interface ListSpec<F extends Filters> {
  id: string;
  description: string;
  /** The list's load actor's id (bootstrap provides it); the further pages' invoke is `<id>More`. */
  load: string;
  /** The address of a search. */
  path: (search: F) => string;
  failed: MessageText;
  moreFailed: MessageText;
  /** ROW shows a changed row in place; RELOAD reads the list again (RowEvent). */
  rowUpdates?: boolean;
}

/** Each filter trimmed: what SEARCH compares and puts in the address. */
const trimmed = <F extends Filters>(filters: F): F =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value.trim()])) as F;

const same = (a: Filters, b: Filters) => Object.keys(a).every((key) => a[key] === b[key]);

export function searchListMachine<F extends Filters, R extends { id: number }>(spec: ListSpec<F>) {
  return setup({
    types: {
      context: {} as ListContext<F, R>,
      events: {} as ListEvent<F> | RowEvent<R>,
      input: {} as F,
      emitted: {} as { type: 'navigate'; to: string },
    },
    actors: {
      [spec.load]: fromPromise<ListPage<R>, ListQuery<F>>(async () => {
        throw new Error(`${spec.load} is not provided`);
      }),
    } as Record<string, ReturnType<typeof fromPromise<ListPage<R>, ListQuery<F>>>>,
    guards: {
      none: ({ event }) => 'output' in event && (event.output as ListPage<R>).rows.length === 0,
      more: ({ context }) => context.more,
      sameSearch: ({ context }) => same(trimmed(context.draft), context.search),
      silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    },
    actions: {
      showSearch: emit(({ context }) => ({
        type: 'navigate' as const,
        to: spec.path(trimmed(context.draft)),
      })),
    },
  }).createMachine({
    id: spec.id,
    description: spec.description,
    context: ({ input }) => ({
      search: input,
      draft: input,
      rows: [],
      more: false,
      error: null,
      moreError: null,
    }),
    on: {
      CHANGE: {
        actions: assign({
          draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
        }),
      },
      SEARCH: [{ guard: 'sameSearch', target: '.loading', reenter: true }, { actions: 'showSearch' }],
      ...(spec.rowUpdates
        ? {
            ROW: {
              actions: assign({
                rows: ({ context, event }) => {
                  const changed = (event as Extract<RowEvent<R>, { type: 'ROW' }>).row;
                  return context.rows.map((row) => (row.id === changed.id ? changed : row));
                },
              }),
            },
            RELOAD: { target: '.loading', reenter: true },
          }
        : {}),
    },
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ rows: [], more: false, error: null, moreError: null }),
        invoke: {
          id: spec.load,
          src: spec.load,
          input: ({ context }) => ({ search: context.search, beforeId: null }),
          onDone: [
            { guard: 'none', target: 'empty' },
            {
              target: 'filled',
              actions: assign({
                rows: ({ event }) => (event.output as ListPage<R>).rows,
                more: ({ event }) => (event.output as ListPage<R>).more,
              }),
            },
          ],
          onError: [
            { guard: 'silent', target: 'error' },
            {
              target: 'error',
              actions: assign({ error: ({ event }) => failureText(event.error, spec.failed) }),
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
          id: `${spec.load}More`,
          src: spec.load,
          input: ({ context }) => ({ search: context.search, beforeId: context.rows.at(-1)?.id ?? null }),
          onDone: {
            target: 'filled',
            actions: assign({
              rows: ({ context, event }) => [...context.rows, ...(event.output as ListPage<R>).rows],
              more: ({ event }) => (event.output as ListPage<R>).more,
            }),
          },
          onError: [
            { guard: 'silent', target: 'filled' },
            {
              target: 'filled',
              actions: assign({ moreError: ({ event }) => failureText(event.error, spec.moreFailed) }),
            },
          ],
        },
      },
      error: { on: { RETRY: 'loading' } },
    },
  });
}

/** The address of a search: the list with only the filters that are set. */
export function searchPath(base: string, search: Filters): string {
  const query = new URLSearchParams(Object.entries(search).filter(([, value]) => value !== ''));
  const text = query.toString().replaceAll('+', '%20');
  return text === '' ? base : `${base}?${text}`;
}
