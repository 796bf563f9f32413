import { Link } from '@tanstack/react-router';
import { defineMessage, defineMessages, FormattedMessage, type MessageValue } from 'react-intl';
import { MessagePage } from '../../components/Page/MessagePage';
import { ResultActions } from './ResultActions';
import { ResultIcon } from './ResultIcon';
import { SupportEmail } from './SupportEmail';
import './payment.css';

const messages = defineMessages({
  title: { id: 'payment.success.title', defaultMessage: 'Thank you for your purchase!' },
  text: {
    id: 'payment.success.text',
    defaultMessage: 'Your payment went through. Your coins and items are already waiting in your account.',
  },
  history: { id: 'payment.success.history', defaultMessage: 'order history' },
});

const next = defineMessage<{ history: MessageValue }>({
  id: 'payment.success.next',
  defaultMessage:
    'Items delivered in game reach your player on the game server within a minute, or as soon as they join. Follow each delivery in your {history}.',
});

/**
 * /success-payment. The notice and the profile refresh (signed in only) come from the
 * paymentResult machine, started when the route is entered.
 */
export function PaymentSuccessPage() {
  return (
    <MessagePage
      icon={<ResultIcon kind="success" />}
      title={<FormattedMessage {...messages.title} />}
      text={<FormattedMessage {...messages.text} />}
    >
      <p>
        <FormattedMessage
          {...next}
          values={{
            history: (
              <Link to="/account/order-history">
                <FormattedMessage {...messages.history} />
              </Link>
            ),
          }}
        />
      </p>
      <SupportEmail />
      <ResultActions primary="account" />
    </MessagePage>
  );
}
