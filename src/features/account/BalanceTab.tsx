import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'account.balance.title', defaultMessage: 'Balance' },
});

/** Only its heading until the issue that owns this screen lands. */
export function BalanceTab() {
  return <HeadingOnlyPage title={messages.title} />;
}
