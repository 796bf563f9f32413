import { defineMessages } from 'react-intl';
import { AccountSection } from './AccountSection';

const messages = defineMessages({
  title: { id: 'account.changeEmail.title', defaultMessage: 'Change email' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ChangeEmailTab() {
  return <AccountSection title={messages.title} />;
}
