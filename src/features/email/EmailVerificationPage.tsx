import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, FormattedMessage, type MessageValue } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { MessagePage } from '../../components/Page/MessagePage';
import { useChild } from '../app/AppActorContext';
import { MailIcon } from './MailIcon';
import './email.css';

const route = getRouteApi('/email-verification');

const messages = defineMessages({
  title: { id: 'email.verification.title', defaultMessage: 'Verify your email address' },
  next: {
    id: 'email.verification.next',
    defaultMessage:
      'Open the email, click the link inside and you are all set: top-ups and checkout unlock right away.',
  },
  missing: {
    id: 'email.verification.missing',
    defaultMessage: 'Nothing in your inbox? Check the spam folder, or send yourself a new link.',
  },
  resend: { id: 'email.verification.resend', defaultMessage: 'Resend verification email' },
  sending: { id: 'email.verification.sending', defaultMessage: 'Sending...' },
});

const sentTo = defineMessage<{ email: MessageValue }>({
  id: 'email.verification.sentTo',
  defaultMessage: 'We sent a verification link to {email}.',
});

const sentToYou = defineMessage({
  id: 'email.verification.sentToYou',
  defaultMessage: 'We sent a verification link to your email address.',
});

/** /email-verification: what to do next, and a button that sends the link again. */
export function EmailVerificationPage() {
  const email = useSelector(useChild('profile'), (snapshot) => snapshot.context.profile?.email);
  const resender = route.useLoaderData({ select: (data) => data.screen });
  const sending = useSelector(resender, (snapshot) => snapshot.matches('sending'));

  return (
    <MessagePage
      icon={<MailIcon />}
      title={<FormattedMessage {...messages.title} />}
      text={
        <>
          {email ? (
            <FormattedMessage {...sentTo} values={{ email: <strong>{email}</strong> }} />
          ) : (
            <FormattedMessage {...sentToYou} />
          )}{' '}
          <FormattedMessage {...messages.next} />
        </>
      }
    >
      <p>
        <FormattedMessage {...messages.missing} />
      </p>
      <div className="page__actions">
        <Button size="lg" isPending={sending} onPress={() => resender.send({ type: 'RESEND' })}>
          <FormattedMessage {...(sending ? messages.sending : messages.resend)} />
        </Button>
      </div>
    </MessagePage>
  );
}
