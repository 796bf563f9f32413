import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'auth.signUp.title', defaultMessage: 'Sign Up' },
});

/** Only its heading until the issue that owns this screen lands. */
export function RegisterPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
