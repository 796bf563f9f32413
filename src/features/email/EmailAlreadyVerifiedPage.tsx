import { defineMessages, FormattedMessage } from 'react-intl';
import { EmailVerifiedLinks } from './EmailVerifiedLinks';
import { MailIcon } from './MailIcon';
import '../pages/pages.css';
import './email.css';

const messages = defineMessages({
  title: { id: 'email.alreadyVerified.title', defaultMessage: 'Your email address was already verified' },
  text: {
    id: 'email.alreadyVerified.text',
    defaultMessage: 'This link was used before, so there is nothing more to do. Carry on playing!',
  },
});

/** /email/verify/already-success: a verification link opened a second time. */
export function EmailAlreadyVerifiedPage() {
  return (
    <main className="page page--centered">
      <MailIcon />
      <h1>
        <FormattedMessage {...messages.title} />
      </h1>
      <p>
        <FormattedMessage {...messages.text} />
      </p>
      <EmailVerifiedLinks />
    </main>
  );
}
