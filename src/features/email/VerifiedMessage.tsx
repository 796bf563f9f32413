import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { MessagePage } from '../../components/Page/MessagePage';
import { EmailVerifiedLinks } from './EmailVerifiedLinks';
import { MailIcon } from './MailIcon';
import './email.css';

/** The page that says an email address is verified, and where to go from there. */
export function VerifiedMessage({ title, text }: { title: MessageDescriptor; text: MessageDescriptor }) {
  return (
    <MessagePage
      icon={<MailIcon />}
      title={<FormattedMessage {...title} />}
      text={<FormattedMessage {...text} />}
    >
      <EmailVerifiedLinks />
    </MessagePage>
  );
}
