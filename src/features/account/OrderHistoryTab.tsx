import { defineMessages } from 'react-intl';
import { AccountSection } from './AccountSection';

const messages = defineMessages({
  title: { id: 'account.orders.title', defaultMessage: 'Order history' },
});

/** Only its heading until the issue that owns this screen lands. */
export function OrderHistoryTab() {
  return <AccountSection title={messages.title} />;
}
