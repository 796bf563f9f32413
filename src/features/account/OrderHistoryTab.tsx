import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'account.orders.title', defaultMessage: 'Order history' },
});

/** Only its heading until the issue that owns this screen lands. */
export function OrderHistoryTab() {
  return <HeadingOnlyPage title={messages.title} />;
}
