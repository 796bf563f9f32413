import { Link, type LinkProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { buttonClass } from '../../components/Button/buttonClass';
import { LazyFullScreenMenu } from '../../components/FullScreenMenu/LazyFullScreenMenu';
import { useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { useCoinBalance, useIsOperator, useSignedIn } from '../shared/session';
import { BalanceAmount, CartBadge } from './AccountLinks';
import { CurrencySelect } from './CurrencySelect';
import { LanguageSelect } from './LanguageSelect';
import { navMessages } from './messages';
import { NavItem } from './NavItem';

const messages = defineMessages({
  title: { id: 'shell.menu.title', defaultMessage: 'Menu' },
});

/**
 * The full-screen menu of narrow screens (docs/product.md §2), open while the mobileMenu machine says so. It
 * closes on Escape, on any link click and once the viewport is 768 px or wider.
 */
export function MobileMenu() {
  const say = useText();
  const menu = useChild('mobileMenu');
  const isOpen = useSelector(menu, (snapshot) => snapshot.matches('open'));
  const signedIn = useSignedIn();
  const operator = useIsOperator();
  const balance = useCoinBalance();

  useEffect(() => {
    const onResize = () => menu.send({ type: 'VIEWPORT_RESIZED', width: window.innerWidth });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [menu]);

  useEffect(() => {
    if (!isOpen) return;
    // Capture phase: the dialog handles Escape itself and stops it; the machine hears it first.
    // An open popup inside the menu (the currency list) takes its Escape for itself.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (event.target instanceof Element && event.target.closest('[aria-expanded="true"]')) return;
      menu.send({ type: 'KEY_ESCAPE' });
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isOpen, menu]);

  const onLinkClick = () => menu.send({ type: 'LINK_CLICKED' });
  const item = (to: LinkProps['to'], label: MessageDescriptor, after?: ReactNode) => (
    <NavItem to={to} label={label} className="mobile-menu__link" onClick={onLinkClick} after={after} />
  );

  return (
    <LazyFullScreenMenu
      isOpen={isOpen}
      onClose={() => menu.send({ type: 'CLOSE' })}
      title={say(messages.title)}
      hideTitle
    >
      <nav className="mobile-menu" aria-label={say(messages.title)}>
        <ul className="mobile-menu__list mobile-menu__list--minor">
          {item('/rules', navMessages.rules)}
          {item('/faq', navMessages.faq)}
        </ul>
        <div className="mobile-menu__prefs">
          <LanguageSelect />
          <CurrencySelect />
        </div>
        <ul className="mobile-menu__list">
          {item('/', navMessages.home)}
          {item('/shop', navMessages.shopLink)}
          {signedIn && (
            <>
              {item(
                '/account/balance',
                navMessages.balance,
                balance !== null && <BalanceAmount amount={balance} size="md" />,
              )}
              {item('/cart', navMessages.cart, <CartBadge className="mobile-menu__badge" />)}
              {item('/account/profile', navMessages.myProfileLink)}
              {operator && item('/operator', navMessages.operator)}
            </>
          )}
        </ul>
        <div className="mobile-menu__actions">
          {signedIn ? (
            <button
              type="button"
              className={buttonClass('secondary', 'md', true)}
              onClick={() => menu.send({ type: 'LOGOUT' })}
            >
              {say(navMessages.logout)}
            </button>
          ) : (
            <>
              <Link to="/login" className={buttonClass('secondary', 'md', true)} onClick={onLinkClick}>
                {say(navMessages.signIn)}
              </Link>
              <Link to="/register" className={buttonClass('primary', 'md', true)} onClick={onLinkClick}>
                {say(navMessages.signUp)}
              </Link>
            </>
          )}
        </div>
      </nav>
    </LazyFullScreenMenu>
  );
}
