import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { useFormView } from '../forms/useFormView';
import { AuthLayout } from './AuthLayout';

const route = getRouteApi('/login');

const messages = defineMessages({
  title: { id: 'auth.signIn.title', defaultMessage: 'Sign In' },
  email: { id: 'auth.field.email', defaultMessage: 'Email' },
  password: { id: 'auth.field.password', defaultMessage: 'Password' },
  forgot: { id: 'auth.signIn.forgot', defaultMessage: 'Forgot password?' },
  submit: { id: 'auth.signIn.submit', defaultMessage: 'SIGN IN' },
  pending: { id: 'auth.signIn.pending', defaultMessage: 'SIGNING IN...' },
  noAccount: { id: 'auth.signIn.noAccount', defaultMessage: 'Don’t have an account?' },
  signUp: { id: 'auth.signIn.signUp', defaultMessage: 'Sign up' },
  sendLink: { id: 'auth.signIn.sendLink', defaultMessage: 'Email me a sign-in link' },
  sendingLink: { id: 'auth.signIn.sendingLink', defaultMessage: 'Sending link...' },
});

/** /login (docs/product.md §2 "Sign In"): success goes to the `redirect` query or /account. */
export function LoginPage() {
  const intl = useIntl();
  const text = useOptionalText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const { values, errors, formError, pending, errorsKey } = useFormView(form, (s) => s.matches('signingIn'));
  const notice = useSelector(form, (snapshot) => snapshot.context.notice);
  // After a 429 the machine offers a sign-in link by email (ADR 0015).
  const linkOffered = useSelector(form, (snapshot) => snapshot.context.linkOffered);
  const linkNotice = useSelector(form, (snapshot) => snapshot.context.linkNotice);
  const sendingLink = useSelector(form, (snapshot) => snapshot.matches('sendingLink'));
  const redirect = route.useSearch({ select: (search) => search.redirect });

  return (
    <AuthLayout title={intl.formatMessage(messages.title)} notice={text(notice)}>
      <AuthForm
        onSubmit={() => form.send({ type: 'SUBMIT' })}
        onPrefill={(fields) => form.send({ type: 'PREFILL', fields })}
        formError={text(formError)}
        errorsKey={errorsKey}
        actions={
          <>
            <Button type="submit" size="lg" fullWidth isPending={pending} isDisabled={sendingLink}>
              {intl.formatMessage(pending ? messages.pending : messages.submit)}
            </Button>
            {linkOffered ? (
              <Button
                variant="secondary"
                size="lg"
                fullWidth
                isPending={sendingLink}
                onPress={() => form.send({ type: 'SEND_LINK' })}
              >
                {intl.formatMessage(sendingLink ? messages.sendingLink : messages.sendLink)}
              </Button>
            ) : null}
            <p role="status" className={linkNotice ? 'auth-notice' : 'visually-hidden'}>
              {text(linkNotice)}
            </p>
          </>
        }
      >
        <TextField
          label={intl.formatMessage(messages.email)}
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={(value) => form.send({ type: 'CHANGE', field: 'email', value })}
          isInvalid={errors.email !== undefined}
          errorMessage={text(errors.email)}
        />
        <TextField
          label={intl.formatMessage(messages.password)}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(value) => form.send({ type: 'CHANGE', field: 'password', value })}
          isInvalid={errors.password !== undefined}
          errorMessage={text(errors.password)}
        />
        <p className="auth-form__aside">
          <Link to="/forgot-password">{intl.formatMessage(messages.forgot)}</Link>
        </p>
      </AuthForm>
      <p className="auth-card__footer">
        {intl.formatMessage(messages.noAccount)}{' '}
        <Link to="/register" search={{ redirect }}>
          {intl.formatMessage(messages.signUp)}
        </Link>
      </p>
    </AuthLayout>
  );
}
