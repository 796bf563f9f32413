import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'payment.fail.title', defaultMessage: 'Payment failed' },
});

export function PaymentFailPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
