import { defineMessages } from 'react-intl';
import { AccountSection } from './AccountSection';

const messages = defineMessages({
  title: { id: 'account.balance.title', defaultMessage: 'Balance' },
});

/** Only its heading until the issue that owns this screen lands. */
export function BalanceTab() {
  return <AccountSection title={messages.title} />;
}
