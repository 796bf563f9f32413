import { Link, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { INVALID_RESET_LINK_MESSAGE, resetPasswordMachine } from '../../../machines/forms/resetPassword';
import { authActors } from '../../bootstrap/auth-actors';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { TextField } from '../../components/TextField/TextField';
import { AuthForm } from '../forms/AuthForm';
import { formText } from '../forms/formMessages';
import { PasswordHints } from '../forms/PasswordHints';
import { useErrorsKey } from '../forms/useErrorsKey';
import { useMountedActor } from '../pages/useMountedActor';
import { AuthLayout } from './AuthLayout';
import { useFormEvents } from './useFormEvents';

const messages = defineMessages({
  title: { id: 'auth.reset.title', defaultMessage: 'Reset password' },
  password: { id: 'auth.field.newPassword', defaultMessage: 'New Password' },
  confirmation: { id: 'auth.field.confirmNewPassword', defaultMessage: 'Confirm New Password' },
  submit: { id: 'auth.reset.submit', defaultMessage: 'RESET PASSWORD' },
  pending: { id: 'auth.reset.pending', defaultMessage: 'Resetting...' },
  requestNew: { id: 'auth.reset.requestNew', defaultMessage: 'Request a new link' },
  back: { id: 'auth.backToSignIn', defaultMessage: 'Back to Sign In' },
});

const lead = defineMessage<{ email: MessageValue }>({
  id: 'auth.reset.lead',
  defaultMessage: 'Choose a new password for {email}.',
});

/**
 * The Reset password screen (SPEC §2) for the link's token and email. A link without them (or with
 * malformed ones) shows 'Invalid reset link' and the way to ask for a new one; success toasts
 * 'Password reset successfully' and opens Sign In.
 */
export function ResetPasswordForm({
  token,
  email,
}: {
  token: string | undefined;
  email: string | undefined;
}) {
  const intl = useIntl();
  const { api } = useRouter().options.context;
  const hintsId = useId();
  const logic = useMemo(
    () => resetPasswordMachine.provide({ actors: { restorePassword: authActors(api).restorePassword } }),
    [api],
  );
  const input = useMemo(() => ({ token, email }), [token, email]);
  const form = useMountedActor(logic, input, useFormEvents());
  const invalidLink = useSelector(form, (s) => s?.matches('invalidLink') ?? false);
  const values = useSelector(form, (s) => s?.context.values) ?? { password: '', passwordConfirmation: '' };
  const errors = useSelector(form, (s) => s?.context.errors) ?? {};
  const formError = useSelector(form, (s) => s?.context.formError) ?? null;
  const linkEmail = useSelector(form, (s) => s?.context.email) ?? '';
  const pending = useSelector(form, (s) => s?.matches('resetting') ?? false);
  const errorsKey = useErrorsKey(form);
  const text = (message: string | undefined) => (message === undefined ? undefined : formText(intl, message));
  const back = (
    <p className="auth-card__footer">
      <Link to="/login">{intl.formatMessage(messages.back)}</Link>
    </p>
  );

  if (invalidLink) {
    return (
      <AuthLayout title={intl.formatMessage(messages.title)}>
        <ErrorText>{formText(intl, INVALID_RESET_LINK_MESSAGE)}</ErrorText>
        <LinkButton
          size="lg"
          fullWidth
          className="auth-form__action"
          render={(props) => <Link to="/forgot-password" {...props} />}
        >
          {intl.formatMessage(messages.requestNew)}
        </LinkButton>
        {back}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={intl.formatMessage(messages.title)}>
      {linkEmail && <p className="auth-card__lead">{intl.formatMessage(lead, { email: linkEmail })}</p>}
      <AuthForm
        onSubmit={() => form?.send({ type: 'SUBMIT' })}
        formError={formError && formText(intl, formError)}
        errorsKey={errorsKey}
        actions={
          <Button type="submit" size="lg" fullWidth isPending={pending}>
            {intl.formatMessage(pending ? messages.pending : messages.submit)}
          </Button>
        }
      >
        <TextField
          label={intl.formatMessage(messages.password)}
          type="password"
          name="password"
          autoComplete="new-password"
          aria-describedby={hintsId}
          value={values.password}
          onChange={(value) => form?.send({ type: 'CHANGE', field: 'password', value })}
          isInvalid={errors.password !== undefined}
          errorMessage={text(errors.password)}
        />
        <PasswordHints id={hintsId} password={values.password} />
        <TextField
          label={intl.formatMessage(messages.confirmation)}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={values.passwordConfirmation}
          onChange={(value) => form?.send({ type: 'CHANGE', field: 'passwordConfirmation', value })}
          isInvalid={errors.passwordConfirmation !== undefined}
          errorMessage={text(errors.passwordConfirmation)}
        />
      </AuthForm>
      {back}
    </AuthLayout>
  );
}
