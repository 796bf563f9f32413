import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { INVALID_LINK_PAGE } from '../../../machines/verificationLink';
import { Button } from '../../components/Button/Button';
import { buttonClass } from '../../components/Button/buttonClass';
import { MessagePage } from '../../components/Page/MessagePage';
import { useOptionalText, useText } from '../../i18n/useText';
import { MailIcon } from './MailIcon';
import { VerifiedMessage } from './VerifiedMessage';
import './email.css';

const route = getRouteApi('/email/verify/invalid');

const messages = defineMessages({
  title: {
    id: 'email.invalidLink.title',
    defaultMessage: 'This verification link is invalid or has expired',
  },
  text: {
    id: 'email.invalidLink.text',
    defaultMessage:
      'It may have been cut short, used up, or replaced by a newer link. A new link takes a moment and verifies your address right away.',
  },
  signIn: { id: 'email.invalidLink.signInText', defaultMessage: 'Sign in to get a new link.' },
  signInAction: { id: 'email.invalidLink.signIn', defaultMessage: 'Sign in' },
  resend: { id: 'email.invalidLink.resend', defaultMessage: 'Send a new link' },
  resendAgain: { id: 'email.invalidLink.resendAgain', defaultMessage: 'Send another link' },
  sending: { id: 'email.verification.sending', defaultMessage: 'Sending...' },
  verifiedTitle: {
    id: 'email.alreadyVerified.title',
    defaultMessage: 'Your email address was already verified',
  },
  verifiedText: {
    id: 'email.invalidLink.verifiedText',
    defaultMessage: 'There is nothing more to do: top-ups and checkout are unlocked.',
  },
});

/** /email/verify/invalid: a link that verifies nothing, and the way to a new one. */
export function InvalidVerificationLinkPage() {
  const say = useText();
  const text = useOptionalText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (snapshot) => snapshot.value);
  const notice = useSelector(screen, (snapshot) => snapshot.context.notice);

  if (state === 'verified') {
    return <VerifiedMessage title={messages.verifiedTitle} text={messages.verifiedText} />;
  }

  const sending = state === 'sending';
  return (
    <MessagePage icon={<MailIcon />} title={say(messages.title)} text={say(messages.text)}>
      {state === 'signedOut' ? (
        <>
          <p>{say(messages.signIn)}</p>
          <div className="page__actions">
            <Link
              to="/login"
              search={{ redirect: INVALID_LINK_PAGE }}
              className={buttonClass('primary', 'lg')}
            >
              {say(messages.signInAction)}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p
            className={
              state === 'sent' ? 'email-page__notice' : 'email-page__notice email-page__notice--error'
            }
            role="status"
          >
            {text(notice)}
          </p>
          <div className="page__actions">
            <Button size="lg" isPending={sending} onPress={() => screen.send({ type: 'RESEND' })}>
              {say(sending ? messages.sending : state === 'sent' ? messages.resendAgain : messages.resend)}
            </Button>
          </div>
        </>
      )}
    </MessagePage>
  );
}
