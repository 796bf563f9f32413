import type { AnyStateMachine } from 'xstate';
import { appMachine } from './app';
import { cartMachine } from './cart';
import { cookieConsentMachine } from './cookieConsent';
import { copyAddressMachine } from './copyAddress';
import { currencyMachine } from './currency';
import { languageMachine } from './language';
import { mobileMenuMachine } from './mobileMenu';
import { profileMachine } from './profile';
import { sessionMachine } from './session';
import { staticPageMachine, staticPagesMachine } from './staticPages';
import { toastsMachine } from './toasts';

/** Every machine by name: the diagram generator draws each, and the diagram test checks them. */
export const machines: Record<string, AnyStateMachine> = {
  app: appMachine,
  cart: cartMachine,
  cookieConsent: cookieConsentMachine,
  copyAddress: copyAddressMachine,
  currency: currencyMachine,
  language: languageMachine,
  mobileMenu: mobileMenuMachine,
  profile: profileMachine,
  session: sessionMachine,
  staticPage: staticPageMachine,
  staticPages: staticPagesMachine,
  toasts: toastsMachine,
};
