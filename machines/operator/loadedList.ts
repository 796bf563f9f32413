import { assign, type EventObject, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import { failureText, type MessageText, type Text } from '../text';

/**
 * A console list read whole in one call (docs/decisions/0044-operator-console.md): loads it, shows
 * it (filled) or, when asked, says there are none (empty); a failed load shows the server's or
 * client's message or `failed`, and RETRY loads again; a cancelled request (leaving) shows nothing.
 * The currencies, the pages, the products and the languages are built from it; each is its own
 * machine, with its own id and diagram.
 */

/** The rows under the list's own key (`currencies`, `pages`…), and why the load failed. */
export type LoadedListContext<K extends string, R> = { [P in K]: R[] } & { error: Text | null };

export interface LoadedListSpec<K extends string, Shown extends string> {
  id: string;
  description: string;
  /** The load actor's id (bootstrap provides it). */
  load: string;
  /** The context key the rows go to. */
  rows: K;
  failed: MessageText;
  /** No rows: the `empty` state rather than an empty `filled` one. */
  empty?: boolean;
  /** An event that carries every row as it is now under `rows` (a form below the list saved), shown while filled. */
  shownBy?: Shown;
}

export function loadedListMachine<
  R,
  K extends string,
  /** The `shownBy` event, if the list has one. */
  E extends EventObject & { [P in K]: R[] } = never,
>(spec: LoadedListSpec<K, E['type']>) {
  type Context = LoadedListContext<K, R>;
  const rows = (list: R[]) => ({ [spec.rows]: list }) as Partial<Context>;
  return setup({
    types: {
      context: {} as Context,
      events: {} as { type: 'RETRY' } | E,
    },
    actors: {
      [spec.load]: fromPromise<R[]>(async () => {
        throw new Error(`${spec.load} is not provided`);
      }),
    } as Record<string, ReturnType<typeof fromPromise<R[]>>>,
    guards: {
      none: ({ event }) => 'output' in event && (event.output as R[]).length === 0,
      silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    },
    actions: {
      show: assign(({ event }) => rows((event as E)[spec.rows])),
    },
  }).createMachine({
    id: spec.id,
    description: spec.description,
    context: { ...rows([]), error: null } as Context,
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ error: null } as Partial<Context>),
        invoke: {
          id: spec.load,
          src: spec.load,
          onDone: [
            ...(spec.empty ? [{ guard: 'none' as const, target: 'empty' }] : []),
            { target: 'filled', actions: assign(({ event }) => rows(event.output as R[])) },
          ],
          onError: [
            { guard: 'silent', target: 'error' },
            {
              target: 'error',
              actions: assign(
                ({ event }) => ({ error: failureText(event.error, spec.failed) }) as Partial<Context>,
              ),
            },
          ],
        },
      },
      ...(spec.empty ? { empty: {} } : {}),
      // The events are generic (`E`), so TypeScript cannot check a map of transitions by event here.
      filled: spec.shownBy ? { on: { [spec.shownBy]: { actions: 'show' } } as never } : {},
      error: { on: { RETRY: 'loading' } as never },
    },
  });
}
