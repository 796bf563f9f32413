/**
 * Where machines' events go. Machines send to the app's long-lived actors by system id
 * (`sendTo(({ system }) => system.get('toasts'), …)`). A pure transition has no system, so
 * `withSystemTargets` makes those sends resolve to a stand-in named by the id, and `sentBy` reads
 * them from the returned actions; `startInSystem` runs a live actor next to recorders registered
 * under the ids.
 */
import {
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
  type InputFrom,
  sendTo,
  setup,
} from 'xstate';

export interface Sent {
  /** The system id the event was sent to. */
  to: string;
  event: EventObject;
}

type SendToAction = ((...args: never[]) => unknown) & {
  type: 'xstate.sendTo';
  to: unknown;
  event: unknown;
  id?: string;
  delay?: unknown;
};

const isSendTo = (action: unknown): action is SendToAction =>
  typeof action === 'function' && (action as { type?: unknown }).type === 'xstate.sendTo';

/** `machine` whose named sendTo actions address `{ systemId }` when the system has no such actor. */
export function withSystemTargets<M extends AnyStateMachine>(machine: M): M {
  const actions: Record<string, unknown> = {};
  for (const [name, action] of Object.entries(machine.implementations.actions)) {
    if (!isSendTo(action) || typeof action.to !== 'function') continue;
    const to = action.to as (args: { system: { get(id: string): unknown } }, params: unknown) => unknown;
    actions[name] = sendTo(
      // biome-ignore lint/suspicious/noExplicitAny: the original action's own arguments, passed through
      (args: any, params: unknown) =>
        to(
          {
            ...args,
            system: { ...args.system, get: (id: string) => args.system.get(id) ?? { systemId: id, id } },
          },
          params,
        ) as never,
      action.event as never,
      { id: action.id, delay: action.delay as never },
    );
  }
  return machine.provide({ actions } as never) as M;
}

/** The events a pure transition's actions send, with the system id each one goes to. */
export function sentBy(actions: ReadonlyArray<{ type: string; params?: unknown }>): Sent[] {
  return actions
    .filter((action) => action.type === 'xstate.sendTo')
    .map((action) => {
      const { to, event } = action.params as { to: { systemId?: string; id: string }; event: EventObject };
      return { to: to.systemId ?? to.id, event };
    });
}

/** The events a pure transition's actions emit (`emit`). */
export function emittedBy(actions: ReadonlyArray<{ type: string; params?: unknown }>): unknown[] {
  return actions.filter((a) => a.type === 'xstate.emit').map((a) => (a.params as { event: unknown }).event);
}

/**
 * Starts `logic` as the child `subject` of a host that also runs one recorder per system id, so
 * `system.get(id)` finds a recorder and every event sent there lands in `sent`, in order.
 */
export function startInSystem<L extends AnyActorLogic>(
  logic: L,
  options: { input?: InputFrom<L>; systemIds: readonly string[] },
) {
  const sent: Sent[] = [];
  const recorder = fromCallback<EventObject, { systemId: string }>(({ receive, input }) => {
    receive((event) => sent.push({ to: input.systemId, event }));
  });
  const host = setup({ actors: { recorder, subject: logic as AnyActorLogic } }).createMachine({
    invoke: [
      ...options.systemIds.map((systemId) => ({
        id: `recorder:${systemId}`,
        systemId,
        src: 'recorder' as const,
        input: { systemId },
      })),
      { id: 'subject', src: 'subject' as const, input: options.input },
    ],
  });
  const hostActor = createActor(host).start();
  const subject = hostActor.getSnapshot().children.subject as ActorRefFrom<L>;
  return { host: hostActor, subject, sent };
}

/**
 * Starts `logic` next to a stand-in `toasts` actor (systemId 'toasts'): `events` gets, in order,
 * what the actor emits once started and every toast it shows (`SHOW {kind, text}`).
 */
export function startWithToasts<L extends AnyActorLogic>(logic: L, input?: InputFrom<L>) {
  const events: EventObject[] = [];
  const toasts = fromCallback<EventObject>(({ receive }) => {
    receive((event) => events.push(event));
  });
  const host = setup({ actors: { toasts, subject: logic as AnyActorLogic } }).createMachine({
    invoke: [
      { id: 'toasts', systemId: 'toasts', src: 'toasts' as const },
      { id: 'subject', src: 'subject' as const, input },
    ],
  });
  const hostActor = createActor(host).start();
  const actor = hostActor.getSnapshot().children.subject as ActorRefFrom<L>;
  (actor as AnyActorRef).on('*', (event: EventObject) => events.push(event));
  return { actor, events };
}
