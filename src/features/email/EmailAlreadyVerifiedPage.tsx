import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'email.alreadyVerified.title', defaultMessage: 'Your email address was already verified' },
});

export function EmailAlreadyVerifiedPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
