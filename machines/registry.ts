import type { AnyStateMachine } from 'xstate';
import { cookieConsentMachine } from './cookieConsent';
import { copyAddressMachine } from './copyAddress';
import { mobileMenuMachine } from './mobileMenu';
import { staticPageMachine, staticPagesMachine } from './staticPages';
import { toastsMachine } from './toasts';

/** Every machine by name: the diagram generator draws each, and the diagram test checks them. */
export const machines: Record<string, AnyStateMachine> = {
  cookieConsent: cookieConsentMachine,
  copyAddress: copyAddressMachine,
  mobileMenu: mobileMenuMachine,
  staticPage: staticPageMachine,
  staticPages: staticPagesMachine,
  toasts: toastsMachine,
};
