import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { ActorRef, AnyEventObject, Snapshot } from 'xstate';
import type { PrefilledFields } from '../../../machines/forms/prefill';
import type { Text } from '../../../machines/text';
import { useOptionalText } from '../../i18n/useText';
import { useErrorsKey } from './useErrorsKey';

/** What a TextField of one text field of a form takes from the form (`useFormView`'s `field`). */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  isInvalid: boolean;
  errorMessage: string | undefined;
}

/** What a Select of one text field of a form takes from the form (`useFormView`'s `choice`). */
export interface ChoiceBinding {
  name: string;
  value: string | null;
  onChange: (id: string | null) => void;
  errorMessage: string | undefined;
}

type FormSnapshot = Snapshot<unknown> & { context: { values: unknown; errors: unknown; formError: unknown } };

/** What a Checkbox of a yes/no field of a form takes from the form (`useFormView`'s `toggle`). */
export interface ToggleBinding {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
}

/** The names of a form's fields that hold text (a TextField edits them with CHANGE). */
type TextFields<V> = { [K in keyof V]-?: V[K] extends string | undefined ? K : never }[keyof V] & string;

/**
 * What a form screen renders from its machine: the values, the messages at their fields and for
 * the form, whether it is sending, and the key that moves focus to the first invalid field after a
 * submit (`useErrorsKey`). `field(name)` is what a TextField of a text field takes (its name,
 * value, message and CHANGE), `choice(name)` what a Select of one takes, `toggle(name)` what a Checkbox of a yes/no field takes; `form` what the AuthForm takes (SUBMIT, the form's message, the key).
 */
export function useFormView<S extends FormSnapshot, E extends AnyEventObject>(
  form: ActorRef<S, E>,
  isSending: (snapshot: S) => boolean,
) {
  type Values = S['context']['values'];
  const text = useOptionalText();
  const values = useSelector(form, (s) => s.context.values as Values);
  const errors = useSelector(form, (s) => s.context.errors as S['context']['errors']);
  const formError = useSelector(form, (s) => s.context.formError as S['context']['formError']);
  const pending = useSelector(form, isSending);
  const errorsKey = useErrorsKey(form);

  // One CHANGE handler per field for the form's life, so a memoised field whose value and message
  // did not change skips rendering while another field is typed in. A Select's null is ''.
  const onChangeOf = useMemo(() => {
    const handlers = new Map<string, (value: string | null) => void>();
    return (name: string) => {
      let handler = handlers.get(name);
      if (handler === undefined) {
        handler = (value: string | null) =>
          form.send({ type: 'CHANGE', field: name, value: value ?? '' } as unknown as E);
        handlers.set(name, handler);
      }
      return handler;
    };
  }, [form]);
  const field = (name: TextFields<Values>): FieldBinding => {
    const error = (errors as Partial<Record<string, Text>>)[name];
    return {
      name,
      value: ((values as Record<string, string | undefined>)[name] ?? '') as string,
      onChange: onChangeOf(name),
      isInvalid: error !== undefined,
      errorMessage: text(error),
    };
  };
  const choice = (name: TextFields<Values>): ChoiceBinding => {
    const value = (values as Record<string, string | undefined>)[name] ?? '';
    return {
      name,
      value: value === '' ? null : value,
      onChange: onChangeOf(name),
      errorMessage: text((errors as Partial<Record<string, Text>>)[name]),
    };
  };
  const toggle = (name: TextFields<Values>): ToggleBinding => ({
    isSelected: (values as Record<string, string | undefined>)[name] === 'yes',
    onChange: (selected: boolean) => onChangeOf(name)(selected ? 'yes' : 'no'),
  });
  const onPrefill = useCallback(
    (fields: PrefilledFields) => form.send({ type: 'PREFILL', fields } as unknown as E),
    [form],
  );
  const formProps = {
    onSubmit: () => form.send({ type: 'SUBMIT' } as unknown as E),
    formError: text(formError as Text | null | undefined),
    errorsKey,
  };
  return { values, errors, formError, pending, errorsKey, field, choice, toggle, form: formProps, onPrefill };
}
