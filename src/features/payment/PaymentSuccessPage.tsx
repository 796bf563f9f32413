import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'payment.success.title', defaultMessage: 'Thank you for your purchase!' },
});

export function PaymentSuccessPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
