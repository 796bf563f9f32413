import { type SnapshotFrom, setup } from 'xstate';
import { CONSENT_COOKIE, PAGE_COOKIE_MAX_AGE_DAYS } from '../domain/page-cookies';

export type ConsentValue = 'true' | 'false';

/** Params of `persistConsent`: everything bootstrap needs to write the cookie. */
export interface ConsentCookie {
  name: typeof CONSENT_COOKIE;
  value: ConsentValue;
  maxAgeDays: typeof PAGE_COOKIE_MAX_AGE_DAYS;
}

export type CookieConsentEvent = { type: 'ACCEPT' } | { type: 'DECLINE' };

const consentCookie = (value: ConsentValue): ConsentCookie => ({
  name: CONSENT_COOKIE,
  value,
  maxAgeDays: PAGE_COOKIE_MAX_AGE_DAYS,
});

export const cookieConsentMachine = setup({
  types: {
    context: {} as { stored: string | undefined },
    events: {} as CookieConsentEvent,
    /** `stored`: the `cookie_consent` cookie's value, if there is one. */
    input: {} as { stored?: string },
  },
  actions: {
    /** Writes the cookie. Provided by bootstrap; a no-op here so the machine stays pure. */
    persistConsent: (_, _params: ConsentCookie) => {},
  },
  guards: {
    wasAccepted: ({ context }) => context.stored === 'true',
  },
}).createMachine({
  id: 'cookieConsent',
  description:
    "Cookie banner (docs/product.md §4): only a stored 'true' hides it on start, so a stored 'false' shows it again. " +
    'ACCEPT / DECLINE hide it and persist cookie_consent (true / false) for 365 days.',
  context: ({ input }) => ({ stored: input.stored }),
  initial: 'unknown',
  states: {
    unknown: {
      always: [{ guard: 'wasAccepted', target: 'accepted' }, { target: 'pending' }],
    },
    pending: {
      description: 'Banner visible.',
      on: {
        ACCEPT: { target: 'accepted', actions: { type: 'persistConsent', params: consentCookie('true') } },
        DECLINE: { target: 'declined', actions: { type: 'persistConsent', params: consentCookie('false') } },
      },
    },
    accepted: {},
    declined: {},
  },
});

export const isBannerVisible = (snapshot: SnapshotFrom<typeof cookieConsentMachine>): boolean =>
  snapshot.matches('pending');
