/**
 * Replays a generated path on a running actor (docs/architecture.md §5), so actions execute: every actor the
 * machine invokes or spawns is a deferred stub that finishes only when the path says so (its
 * `done` / `error` step), delays run on a SimulatedClock and fire only as the path's `after`
 * steps, and any `system.get(systemId)` the machine addresses finds a recorder. Per step it
 * reports where the actor landed and what the step did: events emitted, events sent to other
 * actors (by systemId, else id), and the calls of plain (provided) actions such as storage writes.
 */
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
  type InspectionEvent,
  SimulatedClock,
  type Snapshot,
} from 'xstate';

export interface SentEvent {
  /** The recipient's systemId, else its id (`parent` for the machine's parent). */
  to: string;
  event: EventObject;
}

export interface ActionCall {
  action: string;
  params?: unknown;
}

/** What one step (or the start) did. */
export interface StepEffects {
  /** Actors the step started (invoked or spawned), with their input. */
  started: Array<{ id: string; input?: unknown }>;
  emitted: EventObject[];
  sent: SentEvent[];
  actions: ActionCall[];
}

export interface LiveStep extends StepEffects {
  /** `{ value, context }` as JSON, compared with the planned state. */
  recorded: string;
  value: unknown;
  /** Top-level context fields this step changed, with their new values. */
  changed: Record<string, unknown>;
}

export interface LiveRun {
  start: LiveStep;
  steps: LiveStep[];
}

type StubSnapshot = Snapshot<unknown> & { input: unknown };

const SETTLE = 'harness.settle';
type StubEvent = { type: typeof SETTLE; done: boolean; value: unknown } | EventObject;

/** An invoked or spawned actor that does nothing until the harness settles it. */
const deferredStub: AnyActorLogic = {
  config: 'deferredStub',
  transition: (snapshot: StubSnapshot, event: StubEvent): StubSnapshot => {
    if (snapshot.status !== 'active' || event.type !== SETTLE || !('done' in event)) return snapshot;
    return event.done
      ? { status: 'done', output: event.value, error: undefined, input: snapshot.input }
      : { status: 'error', output: undefined, error: event.value, input: snapshot.input };
  },
  getInitialSnapshot: (_, input): StubSnapshot => ({
    status: 'active',
    output: undefined,
    error: undefined,
    input,
  }),
  getPersistedSnapshot: (snapshot: StubSnapshot) => snapshot,
};

/** Stands in for an actor of the app's system (toasts, session, …) that the machine sends to. */
const recorder = fromCallback(() => undefined);

/** Built-in action creators (assign, emit, sendTo, enqueueActions, …) carry `resolve`; plain ones do not. */
const isPlainAction = (action: unknown): action is (args: unknown, params: unknown) => void =>
  typeof action === 'function' && !('resolve' in action);

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;
const AFTER = /^xstate\.after\./;

/** The value as JSON would carry it (errors as `Name: message`), so records compare as data. */
export const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_, v: unknown) => (v instanceof Error ? `${v.name}: ${v.message}` : v)) ?? 'null',
  );

const recordedState = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

function contextChanges(before: AnyMachineSnapshot, after: AnyMachineSnapshot): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  const old = (before.context ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries((after.context ?? {}) as Record<string, unknown>)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(value)) changed[key] = plain(value);
  }
  return changed;
}

export interface LivePath {
  name: string;
  input: unknown;
  steps: ReadonlyArray<{ event: EventObject; state: string }>;
}

/**
 * Runs the path on an actor of `machine` with every actor stubbed; throws, naming the step, when
 * an event is not accepted, an actor or delay the step needs is not running, an action throws,
 * or the actor lands elsewhere than the pure machine did.
 */
export function replayLive(machine: AnyStateMachine, path: LivePath): LiveRun {
  const effects: StepEffects = { started: [], emitted: [], sent: [], actions: [] };
  const stubs = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [src, deferredStub]),
  );
  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions)
      .filter(([, action]) => isPlainAction(action))
      .map(([name, action]) => [
        name,
        (args: unknown, params: unknown) => {
          effects.actions.push(
            params === undefined ? { action: name } : { action: name, params: plain(params) },
          );
          return (action as (a: unknown, p: unknown) => void)(args, params);
        },
      ]),
  );
  const clock = new SimulatedClock();
  let subject: AnyActorRef | undefined;
  const recorders: AnyActorRef[] = [];
  const inspect = (inspection: InspectionEvent): void => {
    if (inspection.type !== '@xstate.event' || !subject || inspection.sourceRef !== subject) return;
    const target = inspection.actorRef as AnyActorRef;
    if (target === subject) return;
    if (inspection.event.type === 'xstate.init') {
      if (recorders.includes(target)) return;
      const { input } = target.getSnapshot() as { input?: unknown };
      effects.started.push(input === undefined ? { id: target.id } : { id: target.id, input: plain(input) });
      return;
    }
    const to =
      target === subject._parent ? 'parent' : ((target as { systemId?: string }).systemId ?? target.id);
    effects.sent.push({ to, event: plain(inspection.event) as EventObject });
  };
  const actor = createActor(machine.provide({ actors: stubs, actions }), {
    input: path.input,
    // As in the app, where each machine runs under its own id as systemId.
    systemId: machine.id,
    clock,
    inspect,
  });
  subject = actor;

  // Every systemId the machine addresses exists: its own children, else a recorder.
  const { system } = actor;
  const get = system.get.bind(system);
  system.get = <K extends PropertyKey>(key: K) => {
    const found = get(key);
    if (found) return found;
    const stand = createActor(recorder, { parent: actor, systemId: String(key), id: String(key) });
    recorders.push(stand);
    stand.start();
    return stand;
  };

  let failure: unknown;
  actor.subscribe({ error: (error) => (failure = error) });
  actor.on('*', (event: EventObject) => effects.emitted.push(plain(event) as EventObject));

  /** The landing state and the effects since the last call; `before` is undefined at the start. */
  const take = (before: AnyMachineSnapshot | undefined): LiveStep => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const step: LiveStep = {
      recorded: recordedState(snapshot),
      value: snapshot.value,
      changed: before ? contextChanges(before, snapshot) : {},
      started: [...effects.started],
      emitted: [...effects.emitted],
      sent: [...effects.sent],
      actions: [...effects.actions],
    };
    effects.started.length = 0;
    effects.emitted.length = 0;
    effects.sent.length = 0;
    effects.actions.length = 0;
    return step;
  };
  const fail = (where: string, problem: string): never => {
    actor.stop();
    throw new Error(`${path.name}: ${where} ${problem}`);
  };

  actor.start();
  if (failure) fail('start', `threw ${String(failure)}`);
  const run: LiveRun = { start: take(undefined), steps: [] };

  path.steps.forEach((step, i) => {
    const where = `step ${i + 1} (${step.event.type})`;
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    if (before.machine.getTransitionData(before, step.event).length === 0) {
      fail(where, `is not accepted in ${JSON.stringify(before.value)}`);
    }
    const settled = DONE.exec(step.event.type) ?? ERROR.exec(step.event.type);
    if (settled) {
      const id = settled[1] ?? '';
      const child = (before.children as Record<string, AnyActorRef | undefined>)[id];
      if (!child) fail(where, `needs actor '${id}' running, but it is not`);
      const done = step.event.type.startsWith('xstate.done');
      const value = done
        ? (step.event as { output?: unknown }).output
        : (step.event as { error?: unknown }).error;
      child?.send({ type: SETTLE, done, value });
    } else if (AFTER.test(step.event.type)) {
      const timer = Object.values(system.getSnapshot()._scheduledEvents).find(
        (scheduled) => scheduled.source === actor && scheduled.event.type === step.event.type,
      );
      if (!timer) fail(where, 'needs a delay that is not running');
      if (timer) {
        system.scheduler.cancel(actor, timer.id);
        actor.send(step.event);
      }
    } else {
      actor.send(step.event);
    }
    if (failure) fail(where, `threw ${String(failure)}`);
    const landed = take(before);
    if (landed.recorded !== step.state) {
      fail(where, `landed on ${landed.recorded}, expected ${step.state}`);
    }
    run.steps.push(landed);
  });

  // Stopping the actor stops its children; the recorders are idle callbacks that hold nothing.
  actor.stop();
  return run;
}
