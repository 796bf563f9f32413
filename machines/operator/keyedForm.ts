import { assign, sendTo } from 'xstate';
import { REASON_MAX_LENGTH } from '../../domain/operator-reason';
import { type Config, changeField } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, type Text } from '../text';
import { type NoticeKind, toast } from '../toasts';

/**
 * What the console's money forms (Adjust balance, Refund) share (docs/decisions/0044-operator-console.md):
 * a required reason kept in the audit log, and an Idempotency-Key per attempt, so that a retry of the
 * same values never moves money twice while a change after a send, or a success, makes a new attempt.
 * Each form is its own machine (formMachine), with its own id, messages and diagram.
 */

export const reasonMessages = defineMessages({
  reasonRequired: { id: 'operator.adjust.reasonRequired', defaultMessage: 'Give a reason' },
  reasonLength: {
    id: 'operator.adjust.reasonLength',
    defaultMessage: 'The reason is at most 500 characters',
  },
});

/** The reason rules of every money form. */
export const reasonRules = <V extends { reason: string }>(): Rule<V, 'reason'>[] => [
  { field: 'reason', message: reasonMessages.reasonRequired, valid: (v) => filled(v.reason) },
  {
    field: 'reason',
    message: reasonMessages.reasonLength,
    valid: (v) => v.reason.trim().length <= REASON_MAX_LENGTH,
  },
];

/** A form's attempts: `seed` is random, from the route. */
export interface Attempts {
  seed: string;
  /** The attempt the Idempotency-Key belongs to: a new one after a success or a change after a send. */
  attempt: number;
  /** The key of this attempt went out: changing the values now starts another attempt. */
  keyUsed: boolean;
}

/** An attempt's Idempotency-Key: one per attempt, the same for each retry of it. */
export const attemptKey = (context: { seed: string; attempt: number }): string =>
  `${context.seed}-${context.attempt}`;

/**
 * The formMachine parts of a money form: CHANGE after a send starts a new attempt; sending marks
 * the key used; a success empties the form (`empty`), starts a new attempt, says `notice` of the
 * answer and has the record's page read it again (RELOAD to `reload.systemId`, by `reload.action`).
 */
export function keyedAttempts<V, A>(spec: {
  empty: V;
  notice: (answer: A) => { kind: NoticeKind; text: Text };
  reload: { action: string; systemId: string };
}) {
  return {
    on: { CHANGE: { actions: [changeField.actions, 'newAttemptAfterSend'] } },
    onDone: {
      target: 'editing',
      actions: [
        'startOver',
        {
          type: 'announce',
          params: ({ event }: { event: { output: A } }) => spec.notice(event.output),
        },
        spec.reload.action,
      ],
    },
    states: ({ editing, request }: { editing: Config; request: Config }) => ({
      editing,
      sending: { ...request, entry: assign({ keyUsed: true }) },
    }),
    actions: {
      newAttemptAfterSend: assign(({ context }: { context: Attempts }) =>
        context.keyUsed ? { attempt: context.attempt + 1, keyUsed: false } : {},
      ),
      startOver: assign(({ context }: { context: Attempts }) => ({
        values: spec.empty,
        attempt: context.attempt + 1,
        keyUsed: false,
      })),
      announce: toast(),
      [spec.reload.action]: sendTo(({ system }) => system.get(spec.reload.systemId), {
        type: 'RELOAD' as const,
      }),
    },
  };
}
