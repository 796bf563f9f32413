import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PasswordField } from '../forms/PasswordField';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { AuthLayout } from './AuthLayout';
import { SwitchLink } from './SwitchLink';

const route = getRouteApi('/login');

const messages = defineMessages({
  title: { id: 'auth.signIn.title', defaultMessage: 'Sign In' },
  email: { id: 'auth.field.email', defaultMessage: 'Email' },
  password: { id: 'auth.field.password', defaultMessage: 'Password' },
  forgot: { id: 'auth.signIn.forgot', defaultMessage: 'Forgot password?' },
  submit: { id: 'auth.signIn.submit', defaultMessage: 'SIGN IN' },
  pending: { id: 'auth.signIn.pending', defaultMessage: 'SIGNING IN...' },
  signUp: { id: 'auth.signIn.switchToSignUp', defaultMessage: 'Don’t have an account? <link>Sign up</link>' },
  sendLink: { id: 'auth.signIn.sendLink', defaultMessage: 'Email me a sign-in link' },
  sendingLink: { id: 'auth.signIn.sendingLink', defaultMessage: 'Sending link...' },
});

/** /login (docs/product.md §2 "Sign In"): success goes to the `redirect` query or /account. */
export function LoginPage() {
  const say = useText();
  const text = useOptionalText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const view = useFormView(form, (s) => s.matches('signingIn'));
  const notice = useSelector(form, (snapshot) => snapshot.context.notice);
  // After a 429 the machine offers a sign-in link by email (ADR 0015).
  const linkOffered = useSelector(form, (snapshot) => snapshot.context.linkOffered);
  const linkNotice = useSelector(form, (snapshot) => snapshot.context.linkNotice);
  const sendingLink = useSelector(form, (snapshot) => snapshot.matches('sendingLink'));
  const redirect = route.useSearch({ select: (search) => search.redirect });

  return (
    <AuthLayout title={say(messages.title)} notice={text(notice)}>
      <AuthForm
        {...view.form}
        onPrefill={view.onPrefill}
        actions={
          <>
            <SubmitButton
              size="lg"
              fullWidth
              pending={view.pending}
              labels={messages}
              isDisabled={sendingLink}
            />
            {linkOffered ? (
              <Button
                variant="secondary"
                size="lg"
                fullWidth
                isPending={sendingLink}
                onPress={() => form.send({ type: 'SEND_LINK' })}
              >
                {say(sendingLink ? messages.sendingLink : messages.sendLink)}
              </Button>
            ) : null}
            <p role="status" className={linkNotice ? 'auth-notice' : 'visually-hidden'}>
              {text(linkNotice)}
            </p>
          </>
        }
      >
        <TextField label={say(messages.email)} type="email" autoComplete="email" {...view.field('email')} />
        <PasswordField label={messages.password} {...view.field('password')} />
        <p className="auth-form__aside">
          <Link to="/forgot-password">{say(messages.forgot)}</Link>
        </p>
      </AuthForm>
      <SwitchLink text={messages.signUp} to="/register" redirect={redirect} />
    </AuthLayout>
  );
}
