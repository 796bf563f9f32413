import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from '../../../machines/text';
import { buttonClass } from '../../components/Button/buttonClass';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { RichText } from '../../i18n/RichText';
import { useText } from '../../i18n/useText';
import { useAppSelector, useChild } from '../app/AppActorContext';
import { useCoinName } from '../shared/coinName';
import { useAwaitsVerification } from '../shared/session';

const messages = defineMessages({
  unverified: {
    id: 'shell.verify.text',
    defaultMessage:
      'Please verify your email address: open the link we sent you to unlock top-ups and checkout.',
  },
  unverifiedBonus: {
    id: 'shell.verify.textBonus',
    defaultMessage:
      'Please verify your email address: open the link we sent you to unlock top-ups and checkout and get {coins} as a welcome bonus.',
  },
  resend: { id: 'shell.verify.resend', defaultMessage: 'Send the link again' },
});

/**
 * Under a solid header bar, while a signed-in customer's address is not verified (docs/product.md
 * §2): what verifying brings, and a new link (the app's verificationBanner actor). The email
 * verification page has its own resend, so the banner leaves it out.
 */
export function VerifyBanner() {
  const say = useText();
  const unverified = useAwaitsVerification();
  const banner = useChild('verificationBanner');
  const sending = useSelector(banner, (snapshot) => snapshot.matches('sending'));
  const bonus = useAppSelector((snapshot) => snapshot.context.settings?.welcome_bonus_tokens ?? 0);
  const coinName = useCoinName();
  const onVerificationPage = useRouterState({
    select: (state) => state.matches.some((match) => match.routeId === '/email-verification'),
  });
  if (!unverified || onVerificationPage) return null;
  return (
    <aside className="verify-banner" aria-labelledby="verify-banner-text">
      <p id="verify-banner-text" className="verify-banner__text">
        {bonus > 0 ? (
          <RichText
            text={messages.unverifiedBonus}
            values={{ coins: <CoinAmount amount={bonus} currencyName={coinName} /> }}
          />
        ) : (
          say(messages.unverified)
        )}
      </p>
      {/* A plain button: the shell is in the first load, react-aria's Button is not. */}
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        aria-disabled={sending || undefined}
        onClick={() => banner.send({ type: 'RESEND' })}
      >
        {say(messages.resend)}
      </button>
    </aside>
  );
}
