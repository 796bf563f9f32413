export {
  apiFailure,
  cancelled,
  networkError,
  rateLimited,
  serverError,
} from '../../support/formPaths';

import { type AnyStateMachine, initialTransition, type SnapshotFrom, transition } from 'xstate';

type Step = { type: string } & Record<string, unknown>;

/**
 * Runs events through the pure machine from its start and returns the last snapshot and everything
 * emitted on the way (the `emit` actions' events).
 */
export function run<M extends AnyStateMachine>(machine: M, input: unknown, events: readonly Step[]) {
  const logic: AnyStateMachine = machine;
  let [snapshot, actions] = initialTransition(logic, input);
  const emitted: unknown[] = [...emittedBy(actions)];
  for (const event of events) {
    [snapshot, actions] = transition(logic, snapshot, event);
    emitted.push(...emittedBy(actions));
  }
  return { snapshot: snapshot as SnapshotFrom<M>, emitted };
}

function emittedBy(actions: ReadonlyArray<{ type: string; params?: unknown }>): unknown[] {
  return actions.filter((a) => a.type === 'xstate.emit').map((a) => (a.params as { event: unknown }).event);
}
