import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { badgeText, cartCount } from '../../../machines/cart';
import { buttonClass } from '../../components/Button/buttonClass';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { useText } from '../../i18n/useText';
import { useAppSelector, useChild } from '../app/AppActorContext';
import { CartIcon } from './icons';
import { navMessages } from './messages';

/** The coin balance from the profile; nothing until the profile has loaded. */
export function useBalance(): number | null {
  return useSelector(useChild('profile'), (snapshot) => snapshot.context.profile?.balance ?? null);
}

/** Whether the signed-in account is an operator: its header links to the console. */
export function useIsOperator(): boolean {
  return useSelector(useChild('profile'), (snapshot) => snapshot.context.profile?.role === 'operator');
}

/** The cart's header badge: '' at 0, '9+' above 9 (docs/product.md §2). */
export function useCartBadge(): string {
  return useSelector(useChild('cart'), (snapshot) => badgeText(cartCount(snapshot.context.items)));
}

/** Balance, cart, MY PROFILE and Logout of the main bar for a signed-in customer. */
export function SignedInLinks() {
  const say = useText();
  const balance = useBalance();
  const badge = useCartBadge();
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const session = useChild('session');
  return (
    <>
      {balance !== null && (
        <Link to="/account/balance" className="site-header__balance">
          <span className="visually-hidden">{say(navMessages.balance)}</span>
          <CoinAmount amount={balance} currencyName={coinName} size="sm" />
        </Link>
      )}
      <Link to="/cart" className="site-header__cart">
        <CartIcon />
        <span className="visually-hidden">{say(navMessages.cart)}</span>
        {badge !== '' && <span className="site-header__badge">{badge}</span>}
      </Link>
      <LinkButton size="sm" render={(props) => <Link to="/account/profile" {...props} />}>
        {say(navMessages.myProfile)}
      </LinkButton>
      <button
        type="button"
        className={buttonClass('ghost', 'sm')}
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
