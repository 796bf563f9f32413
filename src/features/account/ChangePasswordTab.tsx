import { defineMessages } from 'react-intl';
import { AccountSection } from './AccountSection';

const messages = defineMessages({
  title: { id: 'account.changePassword.title', defaultMessage: 'Change password' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ChangePasswordTab() {
  return <AccountSection title={messages.title} />;
}
