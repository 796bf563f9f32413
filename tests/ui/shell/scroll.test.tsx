import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shouldResetScroll } from '../../../src/features/shell/useScrollReset';
import { renderApp } from '../support';

const at = (pathname: string, search: Record<string, unknown> = {}, hash = '') => ({
  pathname,
  search,
  hash,
});

describe('scroll on navigation (docs/product.md §2 "Navigation guard")', () => {
  it('resets on a new path, and on the same path only when page changes', () => {
    expect(shouldResetScroll(at('/'), at('/shop'))).toBe(true);
    expect(shouldResetScroll(at('/shop', { page: 1 }), at('/shop', { page: 2 }))).toBe(true);
    expect(shouldResetScroll(at('/shop'), at('/shop', { page: 2 }))).toBe(true);
    expect(shouldResetScroll(at('/shop', { page: 2 }), at('/shop', { page: 2, category: 'ranks' }))).toBe(
      false,
    );
    expect(shouldResetScroll(at('/shop'), at('/shop'))).toBe(false);
    expect(shouldResetScroll(undefined, at('/shop'))).toBe(false);
    expect(shouldResetScroll(at('/'), at('/faq', {}, 'join'))).toBe(false);
  });

  it('scrolls the window to the top through the router', async () => {
    const view = renderApp({ path: '/shop' });
    await view.ready();
    await screen.findByRole('banner');
    view.scrollTo.mockClear();

    await view.router.navigate({ to: '/shop', search: { category: 'ranks' } });
    await waitFor(() => expect(view.location()).toBe('/shop?category=ranks'));
    expect(view.scrollTo).not.toHaveBeenCalled();

    await view.router.navigate({ to: '/shop', search: { category: 'ranks', page: 2 } });
    await waitFor(() => expect(view.scrollTo).toHaveBeenCalledWith(0, 0));
    expect(view.scrollTo).toHaveBeenCalledTimes(1);

    await view.router.navigate({ to: '/rules' });
    await waitFor(() => expect(view.scrollTo).toHaveBeenCalledTimes(2));
  });
});
