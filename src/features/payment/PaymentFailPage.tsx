import { defineMessages, FormattedMessage } from 'react-intl';
import { ResultActions } from './ResultActions';
import { ResultIcon } from './ResultIcon';
import '../../components/Page/Page.css';
import './payment.css';

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
  return (
    <main className="page page--centered">
      <ResultIcon kind="fail" />
      <h1>
        <FormattedMessage {...messages.title} />
      </h1>
      <p>
        <FormattedMessage {...messages.text} />
      </p>
      <ResultActions primary="retry" />
    </main>
  );
}
