/**
 * The QA atlas (docs/decisions/0011): docs/diagrams/index.html opened from the file system in Chromium shows
 * every machine of the registry with its picture and, for every transition, at least one test path;
 * the search finds a transition by its event and by a message; nothing is fetched from elsewhere.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { type Browser, openBrowser } from './support/browser';

const atlas = pathToFileURL(resolve(import.meta.dirname, '../../docs/diagrams/index.html')).href;

describe('docs/diagrams/index.html from the file system', () => {
  let browser: Browser;
  const requests: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser('about:blank', 1280);
    browser.page.on('request', (request) => requests.push(request.url()));
    await browser.page.goto(atlas);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.keys(machines).sort())(
    'shows %s with its picture and a path for every transition',
    async (name) => {
      const section = browser.page.locator(`section.machine[data-machine="${name}"]`);
      await expect(section.count()).resolves.toBe(1);
      const picture = section.locator('figure img');
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 10_000,
        })
        .toBe(true);
      const rows = section.locator('tr.transition');
      const transitions = await rows.count();
      expect(transitions).toBeGreaterThan(0);
      const withPaths = await rows.evaluateAll(
        (all) => all.filter((row) => row.querySelectorAll('ol.taken-by a[href^="#p-"]').length > 0).length,
      );
      expect(withPaths).toBe(transitions);
    },
  );

  it('finds transitions by event name and by message text', async () => {
    const { page } = browser;
    await page.fill('#search', 'LOGOUT');
    await expect.poll(() => page.locator('section.machine[data-machine="session"]').isVisible()).toBe(true);
    await expect(page.locator('section.machine[data-machine="cart"]').isVisible()).resolves.toBe(false);
    await page.fill('#search', 'Logged out successfully');
    const shown = await page
      .locator('section.machine:not([hidden])')
      .evaluateAll((all) => all.map((s) => s.getAttribute('data-machine')));
    expect(shown).toContain('session');
    expect(shown.length).toBeLessThan(Object.keys(machines).length);
    await page.fill('#search', '');
  });

  it('loads nothing but its own files', () => {
    expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
  });
});
