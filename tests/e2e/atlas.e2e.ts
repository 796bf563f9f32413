/**
 * The QA atlas (ADR 0011) opened from the file system in Chromium: every machine's page shows its
 * picture at its natural size and zooms it (buttons and keys); the index's search finds paths
 * across machines by their words and links to them; axe finds nothing serious at 1280 and 375 px;
 * nothing is fetched from elsewhere.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { blockingViolations, describeViolations } from './support/axe';
import { type Browser, openBrowser } from './support/browser';

const file = (name: string): string =>
  pathToFileURL(resolve(import.meta.dirname, '../../docs/diagrams', name)).href;

describe('the QA atlas from the file system', () => {
  let browser: Browser;
  const requests: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser('about:blank', 1280);
    browser.page.on('request', (request) => requests.push(request.url()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.keys(machines).sort())('%s: the picture at full size, zoomable', async (name) => {
    const { page } = browser;
    await page.goto(file(`${name}.html`));
    const picture = page.locator('#picture img');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    const natural = Number(await picture.getAttribute('width'));
    const shown = () => picture.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width);
    expect(Math.abs((await shown()) - natural)).toBeLessThanOrEqual(1);
    await page.click('#zoom-in');
    expect(Math.abs((await shown()) - natural * 1.25)).toBeLessThanOrEqual(1);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await shown()).toBeLessThan(natural);
    await page.keyboard.press('0');
    expect(Math.abs((await shown()) - natural)).toBeLessThanOrEqual(1);
    await expect(page.locator('li.path').count()).resolves.toBeGreaterThan(0);
  });

  it('the index finds the card decline from the checkout and links to the path', async () => {
    const { page } = browser;
    await page.goto(file('index.html'));
    await page.fill('#search', 'card is declined');
    const checkout = page.locator('#results a[href^="checkout.html#p-"]');
    await expect.poll(() => checkout.count()).toBeGreaterThan(0);
    await expect(page.locator('#count').textContent()).resolves.toMatch(/found/);
    await page.fill('#search', 'Logged out successfully');
    await expect.poll(() => page.locator('#results a[href^="session.html#p-"]').count()).toBeGreaterThan(0);
    await expect(page.locator('#results a[href^="cart.html"]').count()).resolves.toBe(0);
    await page.locator('#results a[href^="session.html#p-"]').first().click();
    await expect.poll(() => page.url()).toMatch(/session\.html#p-\d+$/);
  });

  it.each([1280, 375])(
    'axe finds nothing serious on the index and the checkout page at %i px',
    async (width) => {
      const { page } = browser;
      await page.setViewportSize({ width, height: 900 });
      for (const name of ['index.html', 'checkout.html']) {
        await page.goto(file(name));
        const violations = await blockingViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      }
    },
  );

  it('loads nothing but its own files', () => {
    expect(requests.filter((url) => !url.startsWith('file://') && url !== 'about:blank')).toEqual([]);
  });
});
