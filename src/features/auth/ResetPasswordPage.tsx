import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'auth.reset.title', defaultMessage: 'Reset password' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ResetPasswordPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
