export {
  apiFailure,
  cancelled,
  networkError,
  rateLimited,
  serverError,
} from '../../support/formPaths';

import { expect } from 'vitest';
import { type AnyStateMachine, initialTransition, type SnapshotFrom, transition } from 'xstate';
import { emittedBy, type Sent, sentBy, withSystemTargets } from '../support';

type Step = { type: string } & Record<string, unknown>;

/**
 * Runs events through the pure machine from its start and returns the last snapshot, everything
 * emitted on the way (the `emit` actions' events) and everything sent to the system's actors
 * (`sendTo` by system id: session, toasts, profile), in order.
 */
export function run<M extends AnyStateMachine>(machine: M, input: unknown, events: readonly Step[]) {
  const logic: AnyStateMachine = withSystemTargets(machine);
  let [snapshot, actions] = initialTransition(logic, input);
  const emitted: unknown[] = [...emittedBy(actions)];
  const sent: Sent[] = [...sentBy(actions)];
  for (const event of events) {
    [snapshot, actions] = transition(logic, snapshot, event);
    emitted.push(...emittedBy(actions));
    sent.push(...sentBy(actions));
  }
  return { snapshot: snapshot as SnapshotFrom<M>, emitted, sent };
}

/** A form the server refused at `field`: still editing, what was typed kept, the server's words at the field. */
export function expectRefusedAt<V extends object>(
  snapshot: { value: unknown; context: { values: V; errors: object } },
  field: keyof V & string,
  typed: string,
  serverWords: string,
): void {
  expect(snapshot.value).toBe('editing');
  expect(snapshot.context.values[field]).toBe(typed);
  expect(snapshot.context.errors).toEqual({ [field]: { verbatim: serverWords } });
}
