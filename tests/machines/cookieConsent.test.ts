import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { cookieConsentMachine, isBannerVisible } from '../../machines/cookieConsent';
import { describePaths, pathPlan } from '../support/paths';

describePaths(
  'cookieConsent paths',
  pathPlan(cookieConsentMachine, {
    events: [{ type: 'ACCEPT' }, { type: 'DECLINE' }],
    inputs: [{}, { stored: 'true' }, { stored: 'false' }],
  }),
);

describe('cookieConsent rules', () => {
  it.each([
    [undefined, true],
    ['false', true],
    ['yes', true],
    ['true', false],
  ])('stored %j shows the banner: %s', (stored, visible) => {
    const [snapshot] = initialTransition(cookieConsentMachine, { stored });
    expect(isBannerVisible(snapshot)).toBe(visible);
  });

  it.each([
    ['ACCEPT', 'true', 'accepted'],
    ['DECLINE', 'false', 'declined'],
  ] as const)('%s hides the banner and persists cookie_consent=%s for 365 days', (type, value, state) => {
    const [pending] = initialTransition(cookieConsentMachine, {});
    const [next, actions] = transition(cookieConsentMachine, pending, { type });
    expect(next.value).toBe(state);
    expect(isBannerVisible(next)).toBe(false);
    expect(actions.map((a) => [a.type, a.params])).toEqual([
      ['persistConsent', { name: 'cookie_consent', value, maxAgeDays: 365 }],
    ]);
  });
});
