import { Link, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { forgotPasswordMachine } from '../../../machines/forms/forgotPassword';
import { authActors } from '../../bootstrap/auth-actors';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { AuthForm } from '../forms/AuthForm';
import { formText } from '../forms/formMessages';
import { useErrorsKey } from '../forms/useErrorsKey';
import { useMountedActor } from '../pages/useMountedActor';
import { AuthLayout } from './AuthLayout';

const messages = defineMessages({
  title: { id: 'auth.forgot.title', defaultMessage: 'Forgot Password' },
  lead: {
    id: 'auth.forgot.lead',
    defaultMessage:
      'Enter the email address of your account and we will send you a link to set a new password.',
  },
  email: { id: 'auth.field.email', defaultMessage: 'Email' },
  submit: { id: 'auth.forgot.submit', defaultMessage: 'RECOVER' },
  pending: { id: 'auth.forgot.pending', defaultMessage: 'SENDING...' },
  back: { id: 'auth.backToSignIn', defaultMessage: 'Back to Sign In' },
});

/** /forgot-password (SPEC §2): sends a reset link; the notice stays on the page. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const { api } = useRouter().options.context;
  const logic = useMemo(
    () => forgotPasswordMachine.provide({ actors: { requestReset: authActors(api).requestReset } }),
    [api],
  );
  const form = useMountedActor(logic, undefined);
  const email = useSelector(form, (s) => s?.context.values.email) ?? '';
  const error = useSelector(form, (s) => s?.context.errors.email);
  const formError = useSelector(form, (s) => s?.context.formError) ?? null;
  const notice = useSelector(form, (s) => s?.context.notice) ?? null;
  const pending = useSelector(form, (s) => s?.matches('sending') ?? false);
  const errorsKey = useErrorsKey(form);

  return (
    <AuthLayout title={intl.formatMessage(messages.title)}>
      <p className="auth-card__lead">{intl.formatMessage(messages.lead)}</p>
      <AuthForm
        onSubmit={() => form?.send({ type: 'SUBMIT' })}
        formError={formError && formText(intl, formError)}
        errorsKey={errorsKey}
        actions={
          <>
            <p role="status" className={notice ? 'auth-notice' : undefined}>
              {notice && formText(intl, notice)}
            </p>
            <Button type="submit" size="lg" fullWidth isPending={pending}>
              {intl.formatMessage(pending ? messages.pending : messages.submit)}
            </Button>
          </>
        }
      >
        <TextField
          label={intl.formatMessage(messages.email)}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(value) => form?.send({ type: 'CHANGE', field: 'email', value })}
          isInvalid={error !== undefined}
          errorMessage={error && formText(intl, error)}
        />
      </AuthForm>
      <p className="auth-card__footer">
        <Link to="/login">{intl.formatMessage(messages.back)}</Link>
      </p>
    </AuthLayout>
  );
}
