import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'account.profile.title', defaultMessage: 'Profile' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ProfileTab() {
  return <HeadingOnlyPage title={messages.title} />;
}
