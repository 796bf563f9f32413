import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { useErrorsKey } from '../forms/useErrorsKey';
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
  const intl = useIntl();
  const text = useOptionalText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const email = useSelector(form, (s) => s.context.values.email);
  const error = useSelector(form, (s) => s.context.errors.email);
  const formError = useSelector(form, (s) => s.context.formError);
  const notice = useSelector(form, (s) => s.context.notice);
  const pending = useSelector(form, (s) => s.matches('sending'));
  const errorsKey = useErrorsKey(form);

  return (
    <AuthLayout title={intl.formatMessage(messages.title)}>
      <p className="auth-card__lead">{intl.formatMessage(messages.lead)}</p>
      <AuthForm
        onSubmit={() => form.send({ type: 'SUBMIT' })}
        onPrefill={(fields) => form.send({ type: 'PREFILL', fields })}
        formError={text(formError)}
        errorsKey={errorsKey}
        actions={
          <>
            <p role="status" className={notice ? 'auth-notice' : undefined}>
              {text(notice)}
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
          onChange={(value) => form.send({ type: 'CHANGE', field: 'email', value })}
          isInvalid={error !== undefined}
          errorMessage={text(error)}
        />
      </AuthForm>
      <p className="auth-card__footer">
        <Link to="/login">{intl.formatMessage(messages.back)}</Link>
      </p>
    </AuthLayout>
  );
}
