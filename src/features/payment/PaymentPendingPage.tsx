import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'payment.pending.title', defaultMessage: 'Your payment is being processed' },
});

export function PaymentPendingPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
