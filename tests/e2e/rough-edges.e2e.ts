// Rough edges as a customer meets them on the first screen and the sign-up form.
import { describe, expect, it } from 'vitest';
import { journey } from './support/journey';
import { seeHeading } from './support/storefront';

const j = journey('rough-edges', 1280);

type Box = { left: number; top: number; right: number; bottom: number };

async function box(selector: string): Promise<Box> {
  const rect = await j.page.locator(selector).first().boundingBox();
  if (rect === null) throw new Error(`${selector} is not on screen`);
  return { left: rect.x, top: rect.y, right: rect.x + rect.width, bottom: rect.y + rect.height };
}

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the first screen and the sign-up form', () => {
  it.each([
    [1280, 720],
    [1280, 900],
    [375, 812],
  ])(
    "the cookie banner leaves the home page's 'Visit the shop' uncovered at %i × %i",
    async (width, height) => {
      const { page } = j;
      await page.setViewportSize({ width, height });
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.waitFor({ state: 'visible' });
      const shop = page.getByRole('link', { name: 'Visit the shop', exact: true });
      await shop.waitFor({ state: 'visible' });
      await page.waitForTimeout(300);
      expect(overlap(await box('.home-hero__shop'), await box('.cookie-banner'))).toBe(false);
      await page.screenshot({ path: `test-results/e2e/rough-edges-cookie-banner-${width}x${height}.png` });
    },
  );

  it('stacks dial code and number at 375 px, the number as wide as the form', async () => {
    const { page } = j;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/register');
    await seeHeading(page, 'Sign Up');
    const number = await box('.phone-field__number');
    const code = await box('.phone-field__code');
    expect(number.top).toBeGreaterThanOrEqual(code.bottom);
    expect(number.right - number.left).toBeGreaterThan(250);
    await j.screenshot('register-phone', [375]);
  });
});
