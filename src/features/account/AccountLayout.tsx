import { Link, Outlet } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { useChild } from '../app/AppActorContext';
import './account.css';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  title: { id: 'account.title', defaultMessage: 'My Profile' },
  menu: { id: 'account.menu.label', defaultMessage: 'Account' },
  profile: { id: 'account.menu.profile', defaultMessage: 'Profile' },
  balance: { id: 'account.menu.balance', defaultMessage: 'Balance' },
  orders: { id: 'account.menu.orders', defaultMessage: 'Order history' },
  history: { id: 'account.menu.balanceHistory', defaultMessage: 'Balance history' },
  password: { id: 'account.menu.changePassword', defaultMessage: 'Change password' },
  email: { id: 'account.menu.changeEmail', defaultMessage: 'Change email' },
  data: { id: 'account.menu.yourData', defaultMessage: 'Your data' },
  logout: { id: 'shell.nav.logout', defaultMessage: 'Logout' },
});

const TABS = [
  { to: '/account/profile', label: messages.profile },
  { to: '/account/balance', label: messages.balance },
  { to: '/account/order-history', label: messages.orders },
  { to: '/account/balance-history', label: messages.history },
  { to: '/account/change-password', label: messages.password },
  { to: '/account/change-email', label: messages.email },
  { to: '/account/your-data', label: messages.data },
] as const;

/**
 * /account (docs/product.md §2 "Account page"): the title, the side menu of tabs (rows of tabs on
 * narrow screens; the router marks the open one with aria-current="page") and Logout, which the
 * session handles (docs/product.md §4: local state cleared either way, then / with its notice). The page's
 * one <main> is here; each tab is a section inside it.
 */
export function AccountLayout() {
  const say = useText();
  const session = useChild('session');
  return (
    <main className="page account">
      <h1 className="account__title">{say(messages.title)}</h1>
      <div className="account__body">
        <nav className="account__menu" aria-label={say(messages.menu)}>
          <ul className="account__tabs">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <Link to={tab.to} className="account__tab">
                  {say(tab.label)}
                </Link>
              </li>
            ))}
          </ul>
          <button type="button" className="account__logout" onClick={() => session.send({ type: 'LOGOUT' })}>
            {say(messages.logout)}
          </button>
        </nav>
        <div className="account__panel">
          <Outlet />
        </div>
      </div>
    </main>
  );
}
