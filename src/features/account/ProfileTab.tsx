import { defineMessages } from 'react-intl';
import { AccountSection } from './AccountSection';

const messages = defineMessages({
  title: { id: 'account.profile.title', defaultMessage: 'Profile' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ProfileTab() {
  return <AccountSection title={messages.title} />;
}
