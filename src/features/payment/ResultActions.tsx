import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import { buttonClass } from '../../components/Button/buttonClass';
import { useText } from '../../i18n/useText';

export const resultMessages = defineMessages({
  account: { id: 'payment.action.account', defaultMessage: 'Go to my account' },
  home: { id: 'payment.action.home', defaultMessage: 'Back to home' },
  retry: { id: 'payment.action.retry', defaultMessage: 'Try again' },
});

/** The two ways on from a payment result: the primary one first. */
export function ResultActions({ primary }: { primary: 'account' | 'retry' }) {
  const say = useText();
  return (
    <div className="page__actions">
      {primary === 'account' ? (
        <ActionLink to="/account" variant="primary">
          {say(resultMessages.account)}
        </ActionLink>
      ) : (
        <ActionLink to="/cart" variant="primary">
          {say(resultMessages.retry)}
        </ActionLink>
      )}
      <ActionLink to="/" variant="secondary">
        {say(resultMessages.home)}
      </ActionLink>
    </div>
  );
}

function ActionLink({
  to,
  variant,
  children,
}: {
  to: '/account' | '/cart' | '/';
  variant: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClass(variant, 'lg')}>
      {children}
    </Link>
  );
}
