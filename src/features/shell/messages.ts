import { defineMessages } from 'react-intl';

/** Navigation labels shared by the header, the full-screen menu and the footer (docs/product.md §2 "Shell"). */
export const navMessages = defineMessages({
  home: { id: 'shell.nav.home', defaultMessage: 'Home' },
  main: { id: 'shell.footer.main', defaultMessage: 'Main' },
  rules: { id: 'shell.nav.rules', defaultMessage: 'Rules' },
  faq: { id: 'shell.nav.faq', defaultMessage: 'FAQ' },
  shop: { id: 'shell.nav.shop', defaultMessage: 'SHOP' },
  shopLink: { id: 'shell.nav.shopLink', defaultMessage: 'Shop' },
  signIn: { id: 'shell.nav.signIn', defaultMessage: 'SIGN IN' },
  signUp: { id: 'shell.nav.signUp', defaultMessage: 'SIGN UP' },
  myProfile: { id: 'shell.nav.myProfile', defaultMessage: 'MY PROFILE' },
  myProfileLink: { id: 'shell.nav.myProfileLink', defaultMessage: 'My Profile' },
  balance: { id: 'shell.nav.balance', defaultMessage: 'Balance' },
  cart: { id: 'shell.nav.cart', defaultMessage: 'Cart' },
  logout: { id: 'shell.nav.logout', defaultMessage: 'Logout' },
  operator: { id: 'shell.nav.operator', defaultMessage: 'Operator' },
  currency: { id: 'shell.currency.label', defaultMessage: 'Currency' },
  language: { id: 'shell.language.label', defaultMessage: 'Language' },
});
