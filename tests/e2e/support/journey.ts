// One journey = one test file: its own server (fresh database and outbox) and its own browser.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { screenshot } from './artifacts';
import { type Browser, openBrowser } from './browser';
import { type RunningServer, startServer } from './server';

export interface Journey {
  readonly page: Browser['page'];
  /** The server's DATA_DIR, where its outbox is. */
  readonly dataDir: string;
  /** Where the journey's server answers (http://127.0.0.1:<port>). */
  readonly baseURL: string;
  /** Screenshots of the current screen at 375 and 1280 px (or `widths`) as `<journey>-<step>-<width>.png`. */
  screenshot(step: string, widths?: readonly number[]): Promise<void>;
}

/**
 * Registers the hooks that start and stop the journey's server (with `env` added to its
 * environment) and browser (`width` px wide).
 */
export function journey(name: string, width: number, env: Record<string, string> = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const page = () => {
    if (browser === undefined) throw new Error(`${name}: the browser did not start`);
    return browser.page;
  };

  beforeAll(async () => {
    server = await startServer(name, env);
    browser = await openBrowser(server.baseURL, width);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && browser !== undefined) {
      const step = `failed-${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
      // Best effort: the test has already failed with its own error, which must stay the one reported.
      await screenshot(browser.page, name, step, [width]).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get page() {
      return page();
    },
    get dataDir() {
      if (server === undefined) throw new Error(`${name}: the server did not start`);
      return server.dataDir;
    },
    get baseURL() {
      if (server === undefined) throw new Error(`${name}: the server did not start`);
      return server.baseURL;
    },
    screenshot: (step, widths) => screenshot(page(), name, step, widths),
  };
}
