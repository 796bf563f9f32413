import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { AuthLayout } from './AuthLayout';

const route = getRouteApi('/forgot-password');

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

/** /forgot-password (docs/product.md §2): sends a reset link; the notice stays on the page. */
export function ForgotPasswordPage() {
  const say = useText();
  const text = useOptionalText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const view = useFormView(form, (s) => s.matches('sending'));
  const notice = useSelector(form, (s) => s.context.notice);

  return (
    <AuthLayout title={say(messages.title)}>
      <p className="auth-card__lead">{say(messages.lead)}</p>
      <AuthForm
        {...view.form}
        onPrefill={view.onPrefill}
        actions={
          <>
            <p role="status" className={notice ? 'auth-notice' : undefined}>
              {text(notice)}
            </p>
            <SubmitButton size="lg" fullWidth pending={view.pending} labels={messages} />
          </>
        }
      >
        <TextField label={say(messages.email)} type="email" autoComplete="email" {...view.field('email')} />
      </AuthForm>
      <p className="auth-card__footer">
        <Link to="/login">{say(messages.back)}</Link>
      </p>
    </AuthLayout>
  );
}
