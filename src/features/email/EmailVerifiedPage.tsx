import { defineMessages } from 'react-intl';
import { VerifiedMessage } from './VerifiedMessage';

const messages = defineMessages({
  verifiedTitle: { id: 'email.verified.title', defaultMessage: 'Your email address is verified' },
  verifiedText: {
    id: 'email.verified.text',
    defaultMessage: 'All set! Top-ups and checkout are unlocked. See you on the server.',
  },
  alreadyTitle: {
    id: 'email.alreadyVerified.title',
    defaultMessage: 'Your email address was already verified',
  },
  alreadyText: {
    id: 'email.alreadyVerified.text',
    defaultMessage: 'This link was used before, so there is nothing more to do. Carry on playing!',
  },
});

/** /email/verify/success: where the verification link lands. */
export function EmailVerifiedPage() {
  return <VerifiedMessage title={messages.verifiedTitle} text={messages.verifiedText} />;
}

/** /email/verify/already-success: a verification link opened a second time. */
export function EmailAlreadyVerifiedPage() {
  return <VerifiedMessage title={messages.alreadyTitle} text={messages.alreadyText} />;
}
