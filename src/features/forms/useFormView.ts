import { useSelector } from '@xstate/react';
import type { ActorRef, AnyEventObject, Snapshot } from 'xstate';
import { useErrorsKey } from './useErrorsKey';

type FormSnapshot = Snapshot<unknown> & { context: { values: unknown; errors: unknown; formError: unknown } };

/**
 * What a form screen renders from its machine: the values, the messages at their fields and for
 * the form, whether it is sending, and the key that moves focus to the first invalid field after a
 * submit (`useErrorsKey`).
 */
export function useFormView<S extends FormSnapshot, E extends AnyEventObject>(
  form: ActorRef<S, E>,
  isSending: (snapshot: S) => boolean,
) {
  const values = useSelector(form, (s) => s.context.values as S['context']['values']);
  const errors = useSelector(form, (s) => s.context.errors as S['context']['errors']);
  const formError = useSelector(form, (s) => s.context.formError as S['context']['formError']);
  const pending = useSelector(form, isSending);
  const errorsKey = useErrorsKey(form);
  return { values, errors, formError, pending, errorsKey };
}
