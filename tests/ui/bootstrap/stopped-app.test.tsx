import { describe, expect, it, vi } from 'vitest';
import { AppStoppedError } from '../../../src/bootstrap/screen-runner';
import { onPaymentResult } from '../../../src/routes/payment-result';
import { renderApp } from '../support';

/**
 * A route that is still loading when its app stops (a page left, a server render that finished)
 * has no screen to start and no one to tell: it stops quietly, sending nothing to the stopped app
 * (the console guard fails these tests on XState's "sent to stopped actor" or a logged error).
 */
async function stoppedApp() {
  const view = renderApp({ path: '/' });
  await view.ready();
  view.unmount();
  view.app.stop();
  return view;
}

describe('an app that stopped while a route was loading', () => {
  it('starts no screen: the loader is refused with AppStoppedError', async () => {
    const { router } = await stoppedApp();
    await expect(
      router.options.context.screens.start('signIn', { redirectTo: '/account' }),
    ).rejects.toBeInstanceOf(AppStoppedError);
  });

  it('the payment result page logs no failure of a notice that no one is left to see', async () => {
    const { router } = await stoppedApp();
    const { context } = router.options;
    const start = vi.spyOn(context.screens, 'start');
    onPaymentResult('success')({ context, search: { payment: 'pay_5K2m9QeX1tZ8' } });
    expect(start).toHaveBeenCalledTimes(1);
    await expect(start.mock.results[0]?.value).rejects.toBeInstanceOf(AppStoppedError);
    // The page's own handler of the refusal runs after the test's.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
