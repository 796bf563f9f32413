import {
  type ActionFunction,
  assign,
  cancel,
  type EventObject,
  enqueueActions,
  type MachineContext,
  sendTo,
  setup,
} from 'xstate';
import type { Text } from './text';

export const TOAST_DURATION_MS = 3000;

export type NoticeKind = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: NoticeKind;
  text: Text;
}

/** SHOW comes from a machine's notice: `notify` relayed by the app, or sent to systemId 'toasts'. */
export type ToastsEvent = { type: 'SHOW'; kind: NoticeKind; text: Text } | { type: 'DISMISS'; id: string };

/** The SHOW a machine sends to systemId 'toasts'. */
export const showToast = (kind: NoticeKind, text: Text): Extract<ToastsEvent, { type: 'SHOW' }> => ({
  type: 'SHOW',
  kind,
  text,
});

const toastId = (n: number): string => `toast-${n}`;

export const toastsMachine = setup({
  types: {
    context: {} as { toasts: Toast[]; nextId: number },
    events: {} as ToastsEvent,
  },
  actions: {
    /** The toast's own timer: a DISMISS sent to itself later, cancelled if the user dismisses first. */
    scheduleDismiss: enqueueActions(({ context, enqueue }) => {
      const id = toastId(context.nextId);
      enqueue.raise({ type: 'DISMISS', id }, { id, delay: TOAST_DURATION_MS });
    }),
    addToast: assign(({ context, event }) => {
      if (event.type !== 'SHOW') return {};
      const toast: Toast = { id: toastId(context.nextId), kind: event.kind, text: event.text };
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1 };
    }),
    cancelDismiss: cancel(({ event }) => (event.type === 'DISMISS' ? event.id : '')),
    removeToast: assign({
      toasts: ({ context, event }) =>
        event.type === 'DISMISS' ? context.toasts.filter((t) => t.id !== event.id) : context.toasts,
    }),
  },
}).createMachine({
  id: 'toasts',
  description:
    'Toast queue (docs/product.md §9): SHOW {kind, text} appends a toast with the next id (toast-1, toast-2, …); each ' +
    'is dismissed 3000 ms later unless DISMISS {id} came first. Lives in the app actor, so it survives navigation.',
  context: { toasts: [], nextId: 1 },
  on: {
    SHOW: { actions: ['scheduleDismiss', 'addToast'] },
    DISMISS: { actions: ['cancelDismiss', 'removeToast'] },
  },
});

/**
 * The action that shows a toast: SHOW to systemId 'toasts'. With a kind and text it always shows
 * that one; without, it shows the action's params `{kind, text}`. Generic over the machine's context
 * and events, so each machine's `setup` takes it as its own action.
 */
export function toast<TContext extends MachineContext, TEvent extends EventObject>(
  kind: NoticeKind,
  text: Text,
): ActionFunction<TContext, TEvent, TEvent, undefined, never, never, never, never, never>;
export function toast<TContext extends MachineContext, TEvent extends EventObject>(): ActionFunction<
  TContext,
  TEvent,
  TEvent,
  { kind: NoticeKind; text: Text },
  never,
  never,
  never,
  never,
  never
>;
export function toast(kind?: NoticeKind, text?: Text): unknown {
  const fixed = kind !== undefined && text !== undefined ? showToast(kind, text) : undefined;
  return sendTo(
    ({ system }) => system.get('toasts'),
    (_, params: { kind: NoticeKind; text: Text }) => fixed ?? showToast(params.kind, params.text),
  );
}
