import { Link } from '@tanstack/react-router';
import { defineMessage, defineMessages, type MessageTag } from 'react-intl';
import { MessagePage } from '../../components/Page/MessagePage';
import { ResultActions } from './ResultActions';
import { ResultIcon } from './ResultIcon';
import { SupportEmail } from './SupportEmail';
import './payment.css';
import { RichText } from '../../i18n/RichText';
import { useText } from '../../i18n/useText';
import { useCoinName } from '../shared/coinName';

const messages = defineMessages({
  title: { id: 'payment.success.title', defaultMessage: 'Thank you for your purchase!' },
  text: {
    id: 'payment.success.text',
    defaultMessage:
      'Your payment went through. Your {coinName} and items are already waiting in your account.',
  },
});

const next = defineMessage<{ history: MessageTag }>({
  id: 'payment.success.followDeliveries',
  defaultMessage:
    'Items delivered in game reach your player on the game server within a minute, or as soon as they join. Follow each delivery in your <history>order history</history>.',
});

/**
 * /success-payment. The notice and the profile refresh (signed in only) come from the
 * paymentResult machine, started when the route is entered.
 */
export function PaymentSuccessPage() {
  const say = useText();
  const coinName = useCoinName();
  return (
    <MessagePage
      icon={<ResultIcon kind="success" />}
      title={say(messages.title)}
      text={say(messages.text, { coinName })}
    >
      <p>
        <RichText
          text={next}
          values={{ history: (label) => <Link to="/account/order-history">{label}</Link> }}
        />
      </p>
      <SupportEmail />
      <ResultActions primary="account" />
    </MessagePage>
  );
}
