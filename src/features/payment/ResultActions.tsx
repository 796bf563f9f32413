import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { buttonClass } from '../../components/Button/buttonClass';

export const resultMessages = defineMessages({
  account: { id: 'payment.action.account', defaultMessage: 'Go to my account' },
  home: { id: 'payment.action.home', defaultMessage: 'Back to home' },
  retry: { id: 'payment.action.retry', defaultMessage: 'Try again' },
});

/** The two ways on from a payment result: the primary one first. */
export function ResultActions({ primary }: { primary: 'account' | 'retry' }) {
  return (
    <div className="page__actions">
      {primary === 'account' ? (
        <ActionLink to="/account" variant="primary">
          <FormattedMessage {...resultMessages.account} />
        </ActionLink>
      ) : (
        <ActionLink to="/cart" variant="primary">
          <FormattedMessage {...resultMessages.retry} />
        </ActionLink>
      )}
      <ActionLink to="/" variant="secondary">
        <FormattedMessage {...resultMessages.home} />
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
