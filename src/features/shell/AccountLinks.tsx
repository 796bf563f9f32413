import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/Button/buttonClass';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { useCoinName } from '../shared/coinName';
import { useCartBadge, useCoinBalance } from '../shared/session';
import { CartIcon } from './icons';
import { navMessages } from './messages';

/** A balance in coins with the coin icon and, for assistive technology, the coin currency's name. */
export function BalanceAmount({ amount, size = 'sm' }: { amount: number; size?: 'sm' | 'md' }) {
  const coinName = useCoinName();
  return <CoinAmount amount={amount} currencyName={coinName} size={size} />;
}

/** The cart's item-count badge (docs/product.md §2): nothing at 0, '9+' above 9. */
export function CartBadge({ className }: { className: string }) {
  const badge = useCartBadge();
  return badge === '' ? null : <span className={className}>{badge}</span>;
}

/**
 * Balance, cart, MY PROFILE and Logout of the main bar for a signed-in customer; below 768 px only the balance
 * and the cart stay (the full-screen menu holds the rest).
 */
export function SignedInLinks() {
  const say = useText();
  const balance = useCoinBalance();
  const session = useChild('session');
  return (
    <>
      {balance !== null && (
        <Link to="/account/balance" className="site-header__balance">
          <span className="visually-hidden">{say(navMessages.balance)}</span>{' '}
          <BalanceAmount amount={balance} />
        </Link>
      )}
      <Link to="/cart" className="site-header__cart">
        <CartIcon />
        {/* The space stays outside the hidden span, where every name computation keeps it. */}
        <span className="visually-hidden">{say(navMessages.cart)}</span>{' '}
        <CartBadge className="site-header__badge" />
      </Link>
      <LinkButton
        size="sm"
        className="site-header__wide"
        render={(props) => <Link to="/account/profile" {...props} />}
      >
        {say(navMessages.myProfile)}
      </LinkButton>
      <button
        type="button"
        className={buttonClass('ghost', 'sm', false, 'site-header__wide')}
        onClick={() => session.send({ type: 'LOGOUT' })}
      >
        {say(navMessages.logout)}
      </button>
    </>
  );
}

/** SIGN IN and SIGN UP of the main bar for a guest. */
export function GuestLinks() {
  const say = useText();
  return (
    <>
      <LinkButton variant="ghost" size="sm" render={(props) => <Link to="/login" {...props} />}>
        {say(navMessages.signIn)}
      </LinkButton>
      <LinkButton size="sm" render={(props) => <Link to="/register" {...props} />}>
        {say(navMessages.signUp)}
      </LinkButton>
    </>
  );
}
