import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Spinner } from '../../components/Spinner/Spinner';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthLayout } from './AuthLayout';

const route = getRouteApi('/login/link');

const messages = defineMessages({
  title: { id: 'auth.loginLink.title', defaultMessage: 'Sign in with a link' },
  signingIn: { id: 'auth.loginLink.signingIn', defaultMessage: 'Signing you in...' },
  retry: { id: 'auth.loginLink.retry', defaultMessage: 'Try again' },
  signIn: { id: 'auth.loginLink.signIn', defaultMessage: 'Back to Sign In' },
  hint: {
    id: 'auth.loginLink.hint',
    defaultMessage: 'Sign in with your password, or ask for a new link on the sign-in page.',
  },
});

/** /login/link?token=…&email=… — the emailed sign-in link (ADR 0015): confirmed as soon as it opens. */
export function LoginLinkPage() {
  const say = useText();
  const text = useOptionalText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const redirect = route.useSearch({ select: (search) => search.redirect });
  const confirming = useSelector(
    screen,
    (snapshot) =>
      snapshot.matches('entering') || snapshot.matches('confirming') || snapshot.matches('signedIn'),
  );
  const retryable = useSelector(screen, (snapshot) => snapshot.matches('failed'));
  const problem = useSelector(screen, (snapshot) => snapshot.context.problem);

  return (
    <AuthLayout title={say(messages.title)}>
      {confirming ? (
        <p className="auth-card__stack" role="status">
          <Spinner size="lg" decorative />
          {say(messages.signingIn)}
        </p>
      ) : (
        <div className="auth-card__stack">
          {problem ? <ErrorText>{text(problem)}</ErrorText> : null}
          <p className="auth-card__lead">{say(messages.hint)}</p>
          {retryable ? (
            <Button size="lg" fullWidth onPress={() => screen.send({ type: 'RETRY' })}>
              {say(messages.retry)}
            </Button>
          ) : null}
          <LinkButton
            size="lg"
            fullWidth
            variant={retryable ? 'secondary' : 'primary'}
            render={(props) => <Link to="/login" search={{ redirect }} {...props} />}
          >
            {say(messages.signIn)}
          </LinkButton>
        </div>
      )}
    </AuthLayout>
  );
}
