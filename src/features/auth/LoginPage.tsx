import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'auth.signIn.title', defaultMessage: 'Sign In' },
});

/** Only its heading until the issue that owns this screen lands. */
export function LoginPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
