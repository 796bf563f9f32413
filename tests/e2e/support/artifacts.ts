// Screenshots and server logs of the browser suite, kept as CI artifacts (test-results/ is gitignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export const ARTIFACTS_DIR = join('test-results', 'e2e');

/** The widths every screen is captured at (docs/architecture.md §5: narrow phone and desktop). */
export const SCREENSHOT_WIDTHS = [375, 1280] as const;

/** Two frames: the layout of the new viewport width has been computed and painted. */
function nextPaint(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Saves `<journey>-<step>-<width>.png` (full page) at each width, then restores the page's own
 * viewport. `widths` narrows it for views that exist at one width only (the full-screen menu).
 */
export async function screenshot(
  page: Page,
  journey: string,
  step: string,
  widths: readonly number[] = SCREENSHOT_WIDTHS,
): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const own = page.viewportSize();
  if (own === null) throw new Error('the page has no fixed viewport');
  for (const width of widths) {
    if (width !== page.viewportSize()?.width) {
      await page.setViewportSize({ width, height: own.height });
      await nextPaint(page);
    }
    await page.screenshot({
      path: join(ARTIFACTS_DIR, `${journey}-${step}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (page.viewportSize()?.width !== own.width) {
    await page.setViewportSize(own);
    await nextPaint(page);
  }
}
