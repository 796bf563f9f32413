import type { MessageDescriptor } from 'react-intl';
import { MessagePage } from '../../components/Page/MessagePage';
import { EmailVerifiedLinks } from './EmailVerifiedLinks';
import { MailIcon } from './MailIcon';
import './email.css';
import { useText } from '../../i18n/useText';

/** The page that says an email address is verified, and where to go from there. */
export function VerifiedMessage({ title, text }: { title: MessageDescriptor; text: MessageDescriptor }) {
  const say = useText();
  return (
    <MessagePage icon={<MailIcon />} title={say(title)} text={say(text)}>
      <EmailVerifiedLinks />
    </MessagePage>
  );
}
