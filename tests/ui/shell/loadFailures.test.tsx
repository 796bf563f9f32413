import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, expectConsoleError, expectConsoleWarn, ok, renderApp } from '../support';

/**
 * docs/decisions/0027: a page whose code or loader fails stays in the shell, with a translated message and
 * a Retry that works once the server answers again; the router's own error screen never renders.
 */

const CHUNK_FAILED = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/page-x.js');

/**
 * How many of the next loads of the FAQ and Rules pages' chunks fail (as with the server away):
 * the route component reads its export once the chunk has arrived, and a getter stands for that.
 * A route keeps its component once loaded, so each page serves one test.
 */
const chunks = vi.hoisted(() => ({ faq: 0, rules: 0 }));
vi.mock('../../../src/features/pages/FaqPage', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/features/pages/FaqPage')>();
  return {
    get FaqPage() {
      if (chunks.faq > 0) {
        chunks.faq -= 1;
        throw CHUNK_FAILED();
      }
      return actual.FaqPage;
    },
  };
});
vi.mock('../../../src/features/pages/RulesPage', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/features/pages/RulesPage')>();
  return {
    get RulesPage() {
      if (chunks.rules > 0) {
        chunks.rules -= 1;
        throw CHUNK_FAILED();
      }
      return actual.RulesPage;
    },
  };
});

const german = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../server/db/seed/catalogues/de.json'), 'utf8'),
) as Record<string, string>;
const inGerman = [http.get(api('/localizations'), () => ok(german))];
/** The failed load is logged for whoever opens the browser's console; the router warns of it too. */
function expectChunkErrorLogged() {
  expectConsoleError(/Failed to fetch dynamically imported module/);
  expectConsoleWarn(/^Warning: Error in route match/);
}
const LOAD_FAILED = 'This could not be loaded. Check your connection and try again.';

function expectShellWithRetry(text = LOAD_FAILED, retry = 'Retry') {
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(within(main).getByRole('alert')).toHaveTextContent(text);
  expect(document.body).not.toHaveTextContent('Something went wrong!');
  return within(main).getByRole('button', { name: retry });
}

describe('a page that fails to load keeps the shell, with a message and Retry', () => {
  it('a route chunk that fails: the message in the chosen language, and Retry loads it again', async () => {
    expectChunkErrorLogged();
    chunks.faq = 1;
    const { ready, user } = renderApp({ path: '/faq', storage: { languageId: '2' }, handlers: inGerman });
    await ready();
    const text = german['components.loadFailed.text'];
    expect(text).toMatch(/Verbindung/);
    const retry = await waitFor(() => expectShellWithRetry(text, german['components.loadFailed.retry']));
    await user.click(retry);
    expect(
      await screen.findByRole('heading', { level: 1, name: german['pages.faq.title'] }),
    ).toBeInTheDocument();
    expect(screen.queryByText(text ?? '')).toBeNull();
  });

  it('a route chunk that fails is asked again at the next navigation', async () => {
    expectChunkErrorLogged();
    const { ready, user } = renderApp({ path: '/' });
    await ready();
    chunks.rules = 1;
    const header = () => within(screen.getByRole('banner'));
    await user.click(header().getByRole('link', { name: 'Rules' }));
    await waitFor(() => expectShellWithRetry());
    await user.click(header().getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    await user.click(header().getByRole('link', { name: 'Rules' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rules' })).toBeInTheDocument();
  });

  it("a loader that fails (its screen's code did not arrive): Retry runs it again", async () => {
    expectChunkErrorLogged();
    const view = renderApp({ path: '/shop' });
    const screens = view.router.options.context.screens;
    const start = vi.spyOn(screens, 'start').mockRejectedValueOnce(CHUNK_FAILED());
    await view.ready();
    const retry = await waitFor(() => expectShellWithRetry());
    await view.user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(start).toHaveBeenCalledTimes(2);
  });
});

describe("the router's own error screen cannot render", () => {
  it('every route has an error component of the app, and the router has no last-resort screen of its own', async () => {
    const view = renderApp({ path: '/' });
    await view.ready();
    const { options } = view.router;
    expect(options.disableGlobalCatchBoundary).toBe(true);
    expect(options.defaultErrorComponent).toBeDefined();
    const routes = Object.values(view.router.routesById);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const component = route.options.errorComponent ?? options.defaultErrorComponent;
      expect(component, route.id).toBeDefined();
      expect(component, route.id).not.toBe(false);
    }
  });
});
