import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, type MessageTag, type MessageValue } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { MessagePage } from '../../components/Page/MessagePage';
import { useChild } from '../app/AppActorContext';
import { MailIcon } from './MailIcon';
import './email.css';
import { RichText } from '../../i18n/RichText';
import { useText } from '../../i18n/useText';

const route = getRouteApi('/email-verification');

const messages = defineMessages({
  title: { id: 'email.verification.title', defaultMessage: 'Verify your email address' },
  missing: {
    id: 'email.verification.missing',
    defaultMessage: 'Nothing in your inbox? Check the spam folder, or send yourself a new link.',
  },
  resend: { id: 'email.verification.resend', defaultMessage: 'Resend verification email' },
  sending: { id: 'email.verification.sending', defaultMessage: 'Sending...' },
});

const sentTo = defineMessage<{ email: MessageValue; strong: MessageTag }>({
  id: 'email.verification.sentToNext',
  defaultMessage:
    'We sent a verification link to <strong>{email}</strong>. Open the email, click the link inside and you are all set: top-ups and checkout unlock right away.',
});

const sentToYou = defineMessage({
  id: 'email.verification.sentToYouNext',
  defaultMessage:
    'We sent a verification link to your email address. Open the email, click the link inside and you are all set: top-ups and checkout unlock right away.',
});

/** /email-verification: what to do next, and a button that sends the link again. */
export function EmailVerificationPage() {
  const say = useText();
  const email = useSelector(useChild('profile'), (snapshot) => snapshot.context.profile?.email);
  const resender = route.useLoaderData({ select: (data) => data.screen });
  const sending = useSelector(resender, (snapshot) => snapshot.matches('sending'));

  return (
    <MessagePage
      icon={<MailIcon />}
      title={say(messages.title)}
      text={
        email ? (
          <RichText text={sentTo} values={{ email, strong: (words) => <strong>{words}</strong> }} />
        ) : (
          say(sentToYou)
        )
      }
    >
      <p>{say(messages.missing)}</p>
      <div className="page__actions">
        <Button size="lg" isPending={sending} onPress={() => resender.send({ type: 'RESEND' })}>
          {say(sending ? messages.sending : messages.resend)}
        </Button>
      </div>
    </MessagePage>
  );
}
