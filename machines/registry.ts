import type { AnyStateMachine } from 'xstate';
import { agentMachine } from './agent';
import { appMachine } from './app';
import { balanceHistoryMachine } from './balanceHistory';
import { cartMachine } from './cart';
import { checkoutMachine } from './checkout';
import { cookieConsentMachine } from './cookieConsent';
import { copyAddressMachine } from './copyAddress';
import { currencyMachine } from './currency';
import { deleteAccountMachine, exportDataMachine } from './forms/accountData';
import { changeEmailMachine, changePasswordMachine } from './forms/accountSecurity';
import { forgotPasswordMachine } from './forms/forgotPassword';
import { profileEditMachine } from './forms/profileEdit';
import { resetPasswordMachine } from './forms/resetPassword';
import { signInMachine } from './forms/signIn';
import { signUpMachine } from './forms/signUp';
import { languageMachine } from './language';
import { loginLinkMachine } from './loginLink';
import { mobileMenuMachine } from './mobileMenu';
import { operatorAccessMachine } from './operator/access';
import { operatorAuditMachine } from './operator/audit';
import { balanceAdjustmentMachine } from './operator/balanceAdjustment';
import { operatorCurrenciesMachine } from './operator/currencies';
import { currencyEditorMachine } from './operator/currencyEditor';
import { operatorCustomerMachine } from './operator/customer';
import { operatorCustomersMachine } from './operator/customers';
import { deliveryActionMachine, operatorDeliveriesMachine } from './operator/deliveries';
import {
  gameServerAddMachine,
  gameServerRenameMachine,
  operatorGameServersMachine,
} from './operator/gameServers';
import {
  languageAddMachine,
  languageMessagesMachine,
  operatorLanguagesMachine,
  translationEditMachine,
} from './operator/languages';
import { operatorOrderMachine } from './operator/order';
import { operatorOrdersMachine } from './operator/orders';
import { operatorOverviewMachine } from './operator/overview';
import { pageEditorMachine } from './operator/pageEditor';
import { operatorPagesMachine } from './operator/pages';
import { productCommandsMachine } from './operator/productCommands';
import { productEditorMachine } from './operator/productEditor';
import { operatorProductsMachine } from './operator/products';
import { refundMachine } from './operator/refund';
import { operatorSettingsMachine } from './operator/settings';
import { operatorSocialLinksMachine, socialLinkFormMachine } from './operator/socialLinks';
import { orderDetailMachine } from './orderDetail';
import { ordersMachine } from './orders';
import { paymentResultMachine } from './paymentResult';
import { paymentStatusMachine } from './paymentStatus';
import { profileMachine } from './profile';
import { sessionMachine } from './session';
import { shopMachine } from './shop';
import { staticPageMachine, staticPagesMachine } from './staticPages';
import { toastsMachine } from './toasts';
import { topUpMachine } from './topUp';
import { verificationEmailMachine } from './verificationEmail';
import { verificationLinkMachine } from './verificationLink';

/** Every machine by name: the diagram generator draws each, and the diagram test checks them. */
export const machines: Record<string, AnyStateMachine> = {
  agent: agentMachine,
  app: appMachine,
  balanceHistory: balanceHistoryMachine,
  cart: cartMachine,
  checkout: checkoutMachine,
  cookieConsent: cookieConsentMachine,
  copyAddress: copyAddressMachine,
  currency: currencyMachine,
  language: languageMachine,
  mobileMenu: mobileMenuMachine,
  orderDetail: orderDetailMachine,
  orders: ordersMachine,
  paymentResult: paymentResultMachine,
  paymentStatus: paymentStatusMachine,
  profile: profileMachine,
  session: sessionMachine,
  shop: shopMachine,
  staticPage: staticPageMachine,
  staticPages: staticPagesMachine,
  toasts: toastsMachine,
  verificationEmail: verificationEmailMachine,
  verificationLink: verificationLinkMachine,
  signIn: signInMachine,
  loginLink: loginLinkMachine,
  signUp: signUpMachine,
  forgotPassword: forgotPasswordMachine,
  resetPassword: resetPasswordMachine,
  profileEdit: profileEditMachine,
  changePassword: changePasswordMachine,
  changeEmail: changeEmailMachine,
  exportData: exportDataMachine,
  deleteAccount: deleteAccountMachine,
  topUp: topUpMachine,
  operatorAccess: operatorAccessMachine,
  operatorCustomers: operatorCustomersMachine,
  operatorCustomer: operatorCustomerMachine,
  balanceAdjustment: balanceAdjustmentMachine,
  operatorOverview: operatorOverviewMachine,
  operatorSettings: operatorSettingsMachine,
  operatorOrders: operatorOrdersMachine,
  operatorOrder: operatorOrderMachine,
  refund: refundMachine,
  operatorAudit: operatorAuditMachine,
  operatorDeliveries: operatorDeliveriesMachine,
  deliveryAction: deliveryActionMachine,
  operatorProducts: operatorProductsMachine,
  productEditor: productEditorMachine,
  operatorCurrencies: operatorCurrenciesMachine,
  currencyEditor: currencyEditorMachine,
  operatorPages: operatorPagesMachine,
  pageEditor: pageEditorMachine,
  operatorGameServers: operatorGameServersMachine,
  gameServerAdd: gameServerAddMachine,
  gameServerRename: gameServerRenameMachine,
  productCommands: productCommandsMachine,
  operatorLanguages: operatorLanguagesMachine,
  languageAdd: languageAddMachine,
  languageMessages: languageMessagesMachine,
  translationEdit: translationEditMachine,
  operatorSocialLinks: operatorSocialLinksMachine,
  socialLinkForm: socialLinkFormMachine,
};
