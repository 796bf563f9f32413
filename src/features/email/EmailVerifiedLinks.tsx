import { Link } from '@tanstack/react-router';
import { defineMessages, FormattedMessage } from 'react-intl';
import { buttonClass } from '../../components/Button/buttonClass';

const messages = defineMessages({
  account: { id: 'email.verified.account', defaultMessage: 'Go to my account' },
  shop: { id: 'email.verified.shop', defaultMessage: 'Browse the shop' },
});

/** Where to go once the address is verified. */
export function EmailVerifiedLinks() {
  return (
    <div className="page__actions">
      <Link to="/account" className={buttonClass('primary', 'lg')}>
        <FormattedMessage {...messages.account} />
      </Link>
      <Link to="/shop" className={buttonClass('secondary', 'lg')}>
        <FormattedMessage {...messages.shop} />
      </Link>
    </div>
  );
}
