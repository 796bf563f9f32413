import { getRouteApi } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { RichText } from '../../i18n/RichText';
import { useCoinName } from '../shared/coinName';
import { VerifiedMessage } from './VerifiedMessage';

const verifiedRoute = getRouteApi('/email/verify/success');

const messages = defineMessages({
  verifiedTitle: { id: 'email.verified.title', defaultMessage: 'Your email address is verified' },
  verifiedText: {
    id: 'email.verified.text',
    defaultMessage: 'All set! Top-ups and checkout are unlocked. See you on the server.',
  },
  bonus: {
    id: 'email.verified.bonus',
    defaultMessage: '{coins} were added to your balance as a welcome bonus.',
  },
  alreadyTitle: {
    id: 'email.alreadyVerified.title',
    defaultMessage: 'Your email address was already verified',
  },
  alreadyText: {
    id: 'email.alreadyVerified.text',
    defaultMessage: 'This link was used before, so there is nothing more to do. Carry on playing!',
  },
});

/** /email/verify/success: where the verification link lands. */
export function EmailVerifiedPage() {
  const bonus = verifiedRoute.useSearch({ select: (search) => search.bonus });
  const coinName = useCoinName();
  return (
    <VerifiedMessage title={messages.verifiedTitle} text={messages.verifiedText}>
      {bonus !== undefined && (
        <p className="email-verified__bonus">
          <RichText
            text={messages.bonus}
            values={{ coins: <CoinAmount amount={bonus} currencyName={coinName} size="lg" /> }}
          />
        </p>
      )}
    </VerifiedMessage>
  );
}

/** /email/verify/already-success: a verification link opened a second time. */
export function EmailAlreadyVerifiedPage() {
  return <VerifiedMessage title={messages.alreadyTitle} text={messages.alreadyText} />;
}
