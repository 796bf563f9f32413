import { defineMessages } from 'react-intl';
import { MessagePage } from '../../components/Page/MessagePage';
import { Spinner } from '../../components/Spinner/Spinner';
import { ResultActions } from './ResultActions';
import { ResultIcon } from './ResultIcon';
import { SupportEmail } from './SupportEmail';
import './payment.css';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  title: { id: 'payment.pending.title', defaultMessage: 'Your payment is being processed' },
  text: {
    id: 'payment.pending.text',
    defaultMessage: 'This usually takes a few moments. We will let you know as soon as it is complete.',
  },
});

/**
 * /pending-payment and /processing-payment. With a `payment` reference in the query the route
 * runs the paymentStatus screen, which follows the payment and moves on to the success or failure
 * page; leaving the page stops it, and so the polling.
 */
export function PaymentPendingPage() {
  const say = useText();
  return (
    <MessagePage
      icon={<ResultIcon kind="pending" />}
      title={say(messages.title)}
      text={say(messages.text)}
      busy
    >
      <Spinner size="lg" className="payment-result__spinner" />
      <SupportEmail />
      <ResultActions primary="account" />
    </MessagePage>
  );
}
