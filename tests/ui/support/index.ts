/**
 * The UI-test harness: the real app (src/bootstrap/bootApp.tsx, as in src/main.tsx) on a
 * memory history, against msw with demo answers for every start-up call.
 *
 *   const view = renderApp({ path: '/cart', storage: SIGNED_IN, cookies: 'cookie_consent=true',
 *                            handlers: [http.get(api('/cart/contents'), () => failure(500, 'Boom'))] });
 *   await view.ready();                      // start-up settled (spinner gone)
 *   await view.user.click(...);              // userEvent
 *   expect(view.location()).toBe('/login?redirect=%2Fcart');
 *   view.server.use(...);                    // change answers mid-test
 *   const again = view.reload();             // a page reload keeping localStorage and cookies
 *
 * Importing it registers the msw server's lifecycle and a per-test reset (apps stopped,
 * handlers, localStorage, cookies, injected google tag, viewport width back to 1024).
 */

export { expectConsoleError, expectConsoleWarn } from '../../support/console-guard';
export * as fixtures from '../../support/fixtures';
export { DEMO_TOKEN, SIGNED_IN } from '../../support/fixtures';
export { clearCookies, setViewportWidth } from './browser';
export { api, counted, defaultHandlers, failure, ok } from './handlers';
export { type RenderAppOptions, type RenderedApp, renderApp, server } from './renderApp';
