import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessage, defineMessages, type MessageValue } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/forms/resetPassword';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PasswordField } from '../forms/PasswordField';
import { PasswordHints } from '../forms/PasswordHints';
import { SubmitButton } from '../forms/SubmitButton';
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
 * malformed ones) shows 'Invalid reset link', one the server refuses (used, expired) its message,
 * either with the way to ask for a new one; while the link is checked the form is there (as the
 * server rendered it) and takes typing; success toasts 'Password reset successfully' and opens
 * Sign In.
 */
export function ResetPasswordForm({ form }: { form: ActorRefFrom<typeof resetPasswordMachine> }) {
  const say = useText();
  const text = useOptionalText();
  const hintsId = useId();
  const invalidLink = useSelector(form, (s) => s.matches('invalidLink'));
  const linkError = useSelector(form, (s) => s.context.linkError);
  const view = useFormView(form, (s) => s.matches('resetting'));
  const linkEmail = useSelector(form, (s) => s.context.email);
  const back = (
    <p className="auth-card__footer">
      <Link to="/login">{say(messages.back)}</Link>
    </p>
  );

  if (invalidLink) {
    return (
      <AuthLayout title={say(messages.title)}>
        <div className="auth-card__stack">
          <ErrorText>{text(linkError)}</ErrorText>
          <LinkButton
            size="lg"
            fullWidth
            className="auth-form__action"
            render={(props) => <Link to="/forgot-password" {...props} />}
          >
            {say(messages.requestNew)}
          </LinkButton>
        </div>
        {back}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={say(messages.title)}>
      {linkEmail && <p className="auth-card__lead">{say(lead, { email: linkEmail })}</p>}
      <AuthForm
        {...view.form}
        onPrefill={view.onPrefill}
        actions={<SubmitButton size="lg" fullWidth pending={view.pending} labels={messages} />}
      >
        <PasswordField label={messages.password} isNew describedBy={hintsId} {...view.field('password')} />
        <PasswordHints id={hintsId} password={view.values.password} />
        <PasswordField
          label={messages.confirmation}
          isNew
          {...view.field('passwordConfirmation')}
          name="password_confirmation"
        />
      </AuthForm>
      {back}
    </AuthLayout>
  );
}
