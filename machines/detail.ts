import { assign, fromPromise, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../domain/api-failure';
import { failureText, type MessageText, type Text } from './text';

/**
 * One record by its id (docs/decisions/0044-operator-console.md): loads it, shows it, says when it
 * is not there, RETRY after a failure, and RELOAD reads it again while it stays on screen (a form
 * below it changed it). The console's customer and order, and the customer's own order page, are
 * built from it; each is its own machine, with its own id and diagram.
 */

export interface DetailInput {
  id: number;
}

export interface DetailContext<D> {
  id: number;
  detail: D | null;
  error: Text | null;
}

export type DetailEvent = { type: 'RETRY' } | { type: 'RELOAD' } | { type: 'PRINT' };

export interface DetailSpec {
  id: string;
  description: string;
  /** The load actor's id (bootstrap provides it). */
  load: string;
  /** The id of the load's invoke while reloading. */
  reload: string;
  failed: MessageText;
  /** PRINT prints the record shown (a receipt): the `print` action, which bootstrap provides. */
  printable?: boolean;
}

export function detailMachine<D>(spec: DetailSpec) {
  return setup({
    types: {
      context: {} as DetailContext<D>,
      events: {} as DetailEvent,
      input: {} as DetailInput,
    },
    actors: {
      [spec.load]: fromPromise<D, DetailInput>(async () => {
        throw new Error(`${spec.load} is not provided`);
      }),
    } as Record<string, ReturnType<typeof fromPromise<D, DetailInput>>>,
    actions: {
      print: () => {},
    },
    guards: {
      notFound: ({ event }) => 'error' in event && failureKind(event.error) === 'not-found',
      silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    },
  }).createMachine({
    id: spec.id,
    description: spec.description,
    context: ({ input }) => ({ id: input.id, detail: null, error: null }),
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ error: null }),
        invoke: {
          id: spec.load,
          src: spec.load,
          input: ({ context }) => ({ id: context.id }),
          onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output as D }) },
          onError: [
            { guard: 'notFound', target: 'notFound' },
            { guard: 'silent', target: 'error' },
            {
              target: 'error',
              actions: assign({ error: ({ event }) => failureText(event.error, spec.failed) }),
            },
          ],
        },
      },
      shown: { on: { RELOAD: 'reloading', ...(spec.printable ? { PRINT: { actions: 'print' } } : {}) } },
      reloading: {
        invoke: {
          id: spec.reload,
          src: spec.load,
          input: ({ context }) => ({ id: context.id }),
          onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output as D }) },
          onError: { target: 'shown' },
        },
        on: { RELOAD: { target: 'reloading', reenter: true } },
      },
      notFound: {},
      error: { on: { RETRY: 'loading' } },
    },
  });
}
