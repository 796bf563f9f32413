import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { cartCount } from '../../../machines/cart';
import { buttonClass } from '../../components/Button/buttonClass';
import { useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';

const messages = defineMessages({
  account: { id: 'email.verified.account', defaultMessage: 'Go to my account' },
  shop: { id: 'email.verified.shop', defaultMessage: 'Browse the shop' },
  cart: { id: 'email.verified.cart', defaultMessage: 'Back to my cart' },
});

/**
 * Where to go once the address is verified: back to the cart first when something waits in it
 * (what a guest chose before signing up is there, and checkout has just unlocked).
 */
export function EmailVerifiedLinks() {
  const say = useText();
  const waiting = useSelector(useChild('cart'), (snapshot) => cartCount(snapshot.context.items) > 0);
  return (
    <div className="page__actions">
      {waiting ? (
        <Link to="/cart" className={buttonClass('primary', 'lg')}>
          {say(messages.cart)}
        </Link>
      ) : null}
      <Link to="/account" className={buttonClass(waiting ? 'secondary' : 'primary', 'lg')}>
        {say(messages.account)}
      </Link>
      <Link to="/shop" className={buttonClass('secondary', 'lg')}>
        {say(messages.shop)}
      </Link>
    </div>
  );
}
