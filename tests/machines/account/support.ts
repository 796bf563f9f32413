import { type AnyStateMachine, initialTransition, type SnapshotFrom, transition } from 'xstate';
import { englishOf, type Text } from '../../../machines/text';

type Step = { type: string } & Record<string, unknown>;

/**
 * Runs events through the pure machine from its start; returns the last snapshot, what was emitted
 * and what was sent to other actors (`sendTo`'s events) on the way.
 */
export function run<M extends AnyStateMachine>(machine: M, input: unknown, events: readonly Step[]) {
  const logic: AnyStateMachine = machine;
  let [snapshot, actions] = initialTransition(logic, input);
  const emitted: unknown[] = [];
  const sent: unknown[] = [];
  const collect = (list: ReadonlyArray<{ type: string; params?: unknown }>) => {
    for (const action of list) {
      if (action.type === 'xstate.emit') emitted.push((action.params as { event: unknown }).event);
      if (action.type === 'xstate.sendTo') sent.push((action.params as { event: unknown }).event);
    }
  };
  collect(actions);
  for (const event of events) {
    [snapshot, actions] = transition(logic, snapshot, event);
    collect(actions);
  }
  return { snapshot: snapshot as SnapshotFrom<M>, emitted, sent };
}

/** A text as English, or null: to compare machine texts with the strings of docs/product.md. */
export const english = (text: Text | null | undefined): string | null => (text ? englishOf(text) : null);

/** Every field message as English. */
export const englishErrors = (errors: Record<string, Text | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).flatMap(([field, text]) => (text ? [[field, englishOf(text)]] : [])),
  );
