import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, renderApp, SIGNED_IN, setViewportWidth } from '../support';

async function openMenu(view: ReturnType<typeof renderApp>) {
  await view.ready();
  await view.user.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Menu' });
}

const linkNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('full-screen menu of narrow screens (docs/product.md §2 "Shell", §9)', () => {
  it('opens from the menu button and closes on Escape', async () => {
    setViewportWidth(375);
    const view = renderApp();
    const dialog = await openMenu(view);
    expect(screen.getByRole('button', { name: 'Open menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(dialog).toBeInTheDocument();

    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.app.getSnapshot().context.mobileMenu.getSnapshot().value).toBe('closed');
  });

  it('a link click closes it and navigates', async () => {
    setViewportWidth(375);
    const view = renderApp();
    const dialog = await openMenu(view);
    await view.user.click(within(dialog).getByRole('link', { name: 'Shop' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view.location()).toBe('/shop'));
  });

  it('closes when the viewport reaches 768 px, not before', async () => {
    setViewportWidth(375);
    const view = renderApp();
    await openMenu(view);
    act(() => setViewportWidth(767));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => setViewportWidth(768));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a guest Rules, FAQ, Home, Shop, SIGN IN and SIGN UP, with the currency and language', async () => {
    setViewportWidth(375);
    const dialog = await openMenu(renderApp());
    expect(linkNames(dialog)).toEqual(['Rules', 'FAQ', 'Home', 'Shop', 'SIGN IN', 'SIGN UP']);
    expect(within(dialog).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(dialog).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('combobox', { name: 'Currency' })).toBeInTheDocument();
  });

  it('offers a signed-in customer Balance, Cart, My Profile and Logout instead of SIGN IN / SIGN UP', async () => {
    setViewportWidth(375);
    const dialog = await openMenu(renderApp({ storage: SIGNED_IN }));
    await within(dialog).findByRole('link', { name: /^Cart 2/ });
    await within(dialog).findByRole('link', { name: /^Balance 1,250\.50/ });
    expect(linkNames(dialog)).toEqual([
      'Rules',
      'FAQ',
      'Home',
      'Shop',
      'Balance 1,250.50 Coins',
      'Cart 2',
      'My Profile',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the balance and the cart's count in the menu too, '9+' above 9", async () => {
    setViewportWidth(320);
    const tenLines = http.get(api('/cart/contents'), () =>
      HttpResponse.json({ status: 'OK' as const, cart: fixtures.cartOf(10) }),
    );
    const dialog = await openMenu(renderApp({ storage: SIGNED_IN, handlers: [tenLines] }));
    expect(await within(dialog).findByRole('link', { name: /^Balance\b/ })).toHaveTextContent('1,250.50');
    await waitFor(() =>
      expect(within(dialog).getByRole('link', { name: /^Cart\b/ })).toHaveTextContent('Cart 9+'),
    );
  });
});

describe('Escape inside the menu', () => {
  it('closes an open currency list first, and the menu with the next Escape', async () => {
    setViewportWidth(375);
    const view = renderApp();
    const dialog = await openMenu(view);
    const currency = await within(dialog).findByRole('combobox', { name: 'Currency' });
    await view.user.click(currency);
    await view.user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();

    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();

    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
