import { defineMessages, FormattedMessage } from 'react-intl';
import { EmailVerifiedLinks } from './EmailVerifiedLinks';
import { MailIcon } from './MailIcon';
import '../pages/pages.css';
import './email.css';

const messages = defineMessages({
  title: { id: 'email.verified.title', defaultMessage: 'Your email address is verified' },
  text: {
    id: 'email.verified.text',
    defaultMessage: 'All set! Top-ups and checkout are unlocked. See you on the server.',
  },
});

/** /email/verify/success: where the verification link lands. */
export function EmailVerifiedPage() {
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
