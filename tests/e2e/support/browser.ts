// Debian's Chromium through playwright-core (Playwright's own browser download does not work here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../../scripts/chromium-flags';

/** The heading of TanStack Router's own error screen (English, no shell, no retry: docs/decisions/0027). */
export const ROUTER_ERROR_TEXT = 'Something went wrong!';

/**
 * Records every page of `context` on which the router's default error screen appears, at any
 * moment: the browser suite fails when one ever renders (`close`).
 */
async function watchForRouterErrorScreen(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__blockfrontRouterErrorScreen', (_source, url: string) => {
    seen.push(url);
  });
  await context.addInitScript((text) => {
    const report = () =>
      (
        window as unknown as { __blockfrontRouterErrorScreen(url: string): void }
      ).__blockfrontRouterErrorScreen(location.href);
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.textContent?.includes(text)) report();
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, ROUTER_ERROR_TEXT);
  return seen;
}

export function chromePath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export interface Browser {
  page: Page;
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh Chromium with its own throwaway profile, one page of the given width, at `baseURL`;
 * `javaScript: false` loads pages as a browser with JavaScript turned off.
 */
export async function openBrowser(
  baseURL: string,
  width: number,
  { javaScript = true }: { javaScript?: boolean } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'blockfront-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath(),
    args: CHROMIUM_FLAGS,
    baseURL,
    viewport: { width, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
    javaScriptEnabled: javaScript,
  });
  // Slow 2-core CI: one generous default for every wait, well inside the test timeout.
  context.setDefaultTimeout(15_000);
  const routerErrorScreens = await watchForRouterErrorScreen(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (routerErrorScreens.length > 0) {
        throw new Error(`the router's default error screen rendered on ${routerErrorScreens.join(', ')}`);
      }
    },
  };
}

/**
 * Holds every request of `page` to a URL matching `url` until the returned `release` is called,
 * so that a test can act before that file has arrived.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
