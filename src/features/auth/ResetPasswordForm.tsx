import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formMessages } from '../../../machines/forms/messages';
import type { resetPasswordMachine } from '../../../machines/forms/resetPassword';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PasswordHints } from '../forms/PasswordHints';
import { useFormView } from '../forms/useFormView';
import { AuthLayout } from './AuthLayout';

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
 * The Reset password screen (docs/product.md §2) for the link's token and email. A link without them (or with
 * malformed ones) shows 'Invalid reset link' and the way to ask for a new one; success toasts
 * 'Password reset successfully' and opens Sign In.
 */
export function ResetPasswordForm({ form }: { form: ActorRefFrom<typeof resetPasswordMachine> }) {
  const intl = useIntl();
  const text = useOptionalText();
  const hintsId = useId();
  const invalidLink = useSelector(form, (s) => s.matches('invalidLink'));
  const { values, errors, formError, pending, errorsKey } = useFormView(form, (s) => s.matches('resetting'));
  const linkEmail = useSelector(form, (s) => s.context.email);
  const back = (
    <p className="auth-card__footer">
      <Link to="/login">{intl.formatMessage(messages.back)}</Link>
    </p>
  );

  if (invalidLink) {
    return (
      <AuthLayout title={intl.formatMessage(messages.title)}>
        <div className="auth-card__stack">
          <ErrorText>{text(formMessages.invalidResetLink)}</ErrorText>
          <LinkButton
            size="lg"
            fullWidth
            className="auth-form__action"
            render={(props) => <Link to="/forgot-password" {...props} />}
          >
            {intl.formatMessage(messages.requestNew)}
          </LinkButton>
        </div>
        {back}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={intl.formatMessage(messages.title)}>
      {linkEmail && <p className="auth-card__lead">{intl.formatMessage(lead, { email: linkEmail })}</p>}
      <AuthForm
        onSubmit={() => form.send({ type: 'SUBMIT' })}
        onPrefill={(fields) => form.send({ type: 'PREFILL', fields })}
        formError={text(formError)}
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
          onChange={(value) => form.send({ type: 'CHANGE', field: 'password', value })}
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
          onChange={(value) => form.send({ type: 'CHANGE', field: 'passwordConfirmation', value })}
          isInvalid={errors.passwordConfirmation !== undefined}
          errorMessage={text(errors.passwordConfirmation)}
        />
      </AuthForm>
      {back}
    </AuthLayout>
  );
}
