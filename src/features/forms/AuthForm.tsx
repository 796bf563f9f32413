import { type ReactNode, useEffect, useRef } from 'react';
import type { PrefilledFields } from '../../../machines/forms/prefill';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { useServedForm } from './servedForms';
import './forms.css';

export interface AuthFormProps {
  onSubmit: () => void;
  /**
   * Where the server rendered this form, what the visitor typed and chose in it before the app took
   * the page over, as the form mounts (before anything re-renders its fields: docs/decisions/0023).
   */
  onPrefill?: (fields: PrefilledFields) => void;
  /** The form-wide message (first broken rule without a field, or a failed call). */
  formError?: string | null | undefined;
  /** Changes whenever the machine shows other messages (see `useErrorsKey`); after a submit, focus moves to the first invalid field. */
  errorsKey: string;
  children: ReactNode;
  /** The submit button and whatever follows the message. */
  actions: ReactNode;
  className?: string;
}

/**
 * A form whose rules live in its machine: the browser's own validation is off, submitting sends
 * the machine SUBMIT, and after a failed submit focus goes to the first invalid field (keyboard
 * and screen-reader users land on the message). A form the server rendered hands what was typed
 * into it before the app took over to `onPrefill`.
 */
export function AuthForm({
  onSubmit,
  onPrefill,
  formError,
  errorsKey,
  children,
  actions,
  className,
}: AuthFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useServedForm(ref, onPrefill);
  // Only messages that answer a submit move focus; those cleared by typing must not.
  const submitted = useRef(false);
  useEffect(() => {
    if (errorsKey === '' || !submitted.current) return;
    submitted.current = false;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorsKey]);

  return (
    <form
      ref={ref}
      // The server renders the form (ADR 0021): submitted before the app has taken over the page,
      // or without JavaScript, it must not put the password into the address (a GET would).
      method="post"
      noValidate
      className={['auth-form', className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        submitted.current = true;
        onSubmit();
      }}
    >
      {children}
      {formError && <ErrorText className="auth-form__error">{formError}</ErrorText>}
      {actions}
    </form>
  );
}
