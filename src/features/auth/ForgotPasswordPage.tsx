import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'auth.forgot.title', defaultMessage: 'Forgot Password' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ForgotPasswordPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
