import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'email.verification.title', defaultMessage: 'Verify your email address' },
});

export function EmailVerificationPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
