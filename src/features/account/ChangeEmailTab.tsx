import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'account.changeEmail.title', defaultMessage: 'Change email' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ChangeEmailTab() {
  return <HeadingOnlyPage title={messages.title} />;
}
