import { assign, cancel, enqueueActions, setup } from 'xstate';
import type { NoticeKind } from './domain';

export const TOAST_DURATION_MS = 3000;

export interface Toast {
  id: string;
  kind: NoticeKind;
  message: string;
}

/** SHOW carries what a machine emitted as `notify`. */
export type ToastsEvent =
  | { type: 'SHOW'; kind: NoticeKind; message: string }
  | { type: 'DISMISS'; id: string };

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
      const toast: Toast = { id: toastId(context.nextId), kind: event.kind, message: event.message };
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
    'Toast queue (SPEC §9): SHOW {kind, message} appends a toast with the next id (toast-1, toast-2, …); each ' +
    'is dismissed 3000 ms later unless DISMISS {id} came first. Lives in the app actor, so it survives navigation.',
  context: { toasts: [], nextId: 1 },
  on: {
    SHOW: { actions: ['scheduleDismiss', 'addToast'] },
    DISMISS: { actions: ['cancelDismiss', 'removeToast'] },
  },
});
