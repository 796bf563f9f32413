import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'email.verified.title', defaultMessage: 'Your email address is verified' },
});

export function EmailVerifiedPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
