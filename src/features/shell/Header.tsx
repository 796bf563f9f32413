import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { loadFullScreenMenu } from '../../components/FullScreenMenu/LazyFullScreenMenu';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { useIsOperator, useSignedIn } from '../shared/session';
import { GuestLinks, SignedInLinks } from './AccountLinks';
import { CurrencySelect } from './CurrencySelect';
import { MenuIcon } from './icons';
import { LanguageSelect } from './LanguageSelect';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { navMessages } from './messages';
import { NavItem } from './NavItem';

const messages = defineMessages({
  home: { id: 'shell.header.homeLink', defaultMessage: 'Blockfront home' },
  info: { id: 'shell.header.infoNav', defaultMessage: 'Information' },
  main: { id: 'shell.header.mainNav', defaultMessage: 'Main' },
  openMenu: { id: 'shell.header.openMenu', defaultMessage: 'Open menu' },
});

/**
 * docs/product.md §2 "Shell": the top strip (Rules, FAQ, Operator for an operator, language, currency) and the main bar (logo, SHOP,
 * account links); below 768 px the bar keeps the logo, a signed-in customer's balance and cart, and a button that
 * opens the full-screen menu.
 */
/** Transparent over the hero image, or a solid dark bar. */
export type HeaderStyle = 'transparent' | 'solid';

export function Header({ variant }: { variant: HeaderStyle }) {
  const say = useText();
  const signedIn = useSignedIn();
  const operator = useIsOperator();
  const mobileMenu = useChild('mobileMenu');
  const menuOpen = useSelector(mobileMenu, (snapshot) => snapshot.matches('open'));
  return (
    <header className={`site-header site-header--${variant}${signedIn ? ' site-header--signed-in' : ''}`}>
      <div className="site-header__strip">
        <div className="container site-header__strip-inner">
          <nav aria-label={say(messages.info)}>
            <ul className="site-header__strip-links">
              <NavItem to="/rules" label={navMessages.rules} />
              <NavItem to="/faq" label={navMessages.faq} />
              {signedIn && operator && <NavItem to="/operator" label={navMessages.operator} />}
            </ul>
          </nav>
          <div className="site-header__prefs">
            <LanguageSelect className="shell-select--compact" />
            <CurrencySelect className="currency-select--compact" deferred />
          </div>
        </div>
      </div>
      <div className="container site-header__bar">
        <Link to="/" className="site-header__logo" aria-label={say(messages.home)}>
          <Logo />
        </Link>
        <nav className="site-header__nav" aria-label={say(messages.main)}>
          <LinkButton
            variant="secondary"
            size="sm"
            className="site-header__wide"
            render={(props) => <Link to="/shop" {...props} />}
          >
            {say(navMessages.shop)}
          </LinkButton>
          {signedIn ? <SignedInLinks /> : <GuestLinks />}
        </nav>
        <button
          type="button"
          className="site-header__menu-button"
          aria-label={say(messages.openMenu)}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadFullScreenMenu()}
          onClick={() => mobileMenu.send({ type: 'OPEN' })}
        >
          <MenuIcon />
        </button>
      </div>
      <MobileMenu />
    </header>
  );
}
