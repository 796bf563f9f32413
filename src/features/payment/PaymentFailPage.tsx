import { defineMessages } from 'react-intl';
import { MessagePage } from '../../components/Page/MessagePage';
import { ResultActions } from './ResultActions';
import { ResultIcon } from './ResultIcon';
import './payment.css';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  title: { id: 'payment.fail.title', defaultMessage: 'Payment failed' },
  text: {
    id: 'payment.fail.text',
    defaultMessage:
      'Your payment did not go through and nothing was charged. Your cart is still there for another try.',
  },
});

/** /fail-payment. Its notice comes from the paymentResult machine, started when the route is entered. */
export function PaymentFailPage() {
  const say = useText();
  return (
    <MessagePage icon={<ResultIcon kind="fail" />} title={say(messages.title)} text={say(messages.text)}>
      <ResultActions primary="retry" />
    </MessagePage>
  );
}
