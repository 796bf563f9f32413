// The full-screen menu on an iPhone (docs/decisions/0009): react-aria's usePreventScroll inserts a
// <style> there (overscroll-behavior: contain, so the page does not scroll behind the modal). The
// CSP must let that one style in (it carries the page's nonce) and report no violation.
import { describe, expect, it } from 'vitest';
import { journey } from './support/journey';
import { acceptCookies, openMobileMenu } from './support/storefront';

const j = journey('csp-ios', 375);

/**
 * Makes the page look like Safari on an iPhone to react-aria (navigator.platform 'iPhone', no
 * client hints; Chromium's user agent already says AppleWebKit), and records CSP violations.
 */
function iPhoneWithViolationLog(): void {
  Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'iPhone' });
  Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
  const violations: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = violations;
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`);
  });
}

describe('the CSP on an iPhone', () => {
  it('lets react-aria prevent scrolling behind the menu, without a violation', async () => {
    const { page } = j;
    await page.context().addInitScript(iPhoneWithViolationLog);
    await page.goto('/');
    await acceptCookies(page);
    await openMobileMenu(page);
    const state = await page.evaluate(() => ({
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
      overscroll: getComputedStyle(document.body).overscrollBehaviorY,
    }));
    expect(state.violations).toEqual([]);
    // The inserted rule applies: the style element was allowed, not only left unreported.
    expect(state.overscroll).toBe('contain');
  });
});
