import { defineMessage, type MessageValue } from 'react-intl';
import { RichText } from '../../i18n/RichText';
import { useAppSelector } from '../app/AppActorContext';

const support = defineMessage<{ email: MessageValue }>({
  id: 'payment.support',
  defaultMessage: 'Questions about your payment? Write to us at {email}.',
});

/** The support line with settings.support_email as a mailto link; nothing when no address is set. */
export function SupportEmail() {
  const email = useAppSelector((snapshot) => snapshot.context.settings?.support_email ?? null);
  if (!email) return null;
  return (
    <p>
      <RichText text={support} values={{ email: <a href={`mailto:${email}`}>{email}</a> }} />
    </p>
  );
}
