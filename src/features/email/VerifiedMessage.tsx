import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { MessagePage } from '../../components/Page/MessagePage';
import { EmailVerifiedLinks } from './EmailVerifiedLinks';
import { MailIcon } from './MailIcon';
import './email.css';
import { useText } from '../../i18n/useText';

/** The page that says an email address is verified, and where to go from there. */
export function VerifiedMessage({
  title,
  text,
  children,
}: {
  title: MessageDescriptor;
  text: MessageDescriptor;
  /** More to say between the text and the ways on (the welcome bonus). */
  children?: ReactNode;
}) {
  const say = useText();
  return (
    <MessagePage icon={<MailIcon />} title={say(title)} text={say(text)}>
      {children}
      <EmailVerifiedLinks />
    </MessagePage>
  );
}
