import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  fromPromise,
  setup,
} from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import { failureText, type MessageText, type Text } from '../text';

/**
 * A console list read whole in one call (docs/decisions/0044-operator-console.md): loads it, shows
 * it (filled) or, when asked, says there are none (empty); a failed load shows the server's or
 * client's message or `failed`, and RETRY loads again; a cancelled request (leaving) shows nothing.
 * The currencies, the pages, the products and the languages are built from it; each is its own
 * machine, with its own id and diagram. A list that does more once loaded (the social links, the
 * game servers) takes only the `loading` and `error` states (`loadStates`) into its own machine.
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

/** The keys of `C` that hold a list. */
type ListKey<C> = { [P in keyof C]: C[P] extends readonly unknown[] ? P : never }[keyof C] & string;

/**
 * The `loading` and `error` states of a list machine with context `C` and events `E`: the load's
 * rows go to `rows` and the machine to `loaded`; the machine's setup has the `load` actor and a
 * `silent` guard (a cancelled request). Called with the machine's types, then the spec:
 * `loadStates<Context, Event>()({ load, rows, failed, loaded })`.
 */
export function loadStates<C extends { error: Text | null }, E extends EventObject>() {
  return <K extends ListKey<C>, L extends string, T extends string>(spec: {
    load: L;
    rows: K;
    failed: MessageText;
    loaded: T;
  }) => ({
    loading: {
      entry: assign<C, E, undefined, E, never>(() => ({ error: null }) as Partial<C>),
      invoke: {
        id: spec.load,
        src: spec.load,
        onDone: {
          target: spec.loaded,
          actions: assign<C, DoneActorEvent<C[K], string>, undefined, E, never>(
            ({ event }) => ({ [spec.rows]: event.output }) as unknown as Partial<C>,
          ),
        },
        onError: [
          { guard: 'silent' as const, target: 'error' as const },
          {
            target: 'error' as const,
            actions: assign<C, ErrorActorEvent, undefined, E, never>(
              ({ event }) => ({ error: failureText(event.error, spec.failed) }) as Partial<C>,
            ),
          },
        ],
      },
    },
    error: { on: { RETRY: 'loading' as const } },
  });
}

export function loadedListMachine<
  R,
  K extends string,
  /** The `shownBy` event, if the list has one. */
  E extends EventObject & { [P in K]: R[] } = never,
>(spec: LoadedListSpec<K, E['type']>) {
  type Context = LoadedListContext<K, R>;
  const rows = (list: R[]) => ({ [spec.rows]: list }) as Partial<Context>;
  const { loading, error } = loadStates<Context, { type: 'RETRY' } | E>()({
    ...spec,
    // K is the only list of the context, which TypeScript does not see while K is generic.
    rows: spec.rows as ListKey<Context>,
    loaded: 'filled',
  });
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
      loading: spec.empty
        ? {
            ...loading,
            invoke: {
              ...loading.invoke,
              onDone: [{ guard: 'none', target: 'empty' }, loading.invoke.onDone],
            },
          }
        : loading,
      ...(spec.empty ? { empty: {} } : {}),
      // The events are generic (`E`): TypeScript cannot check the maps of transitions by event here.
      filled: spec.shownBy ? { on: { [spec.shownBy]: { actions: 'show' } } as never } : {},
      error: error as never,
    },
  });
}
