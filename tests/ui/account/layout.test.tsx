import { screen, waitFor, within } from '@testing-library/react';
import { type HttpHandler, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, failure, renderApp, SIGNED_IN } from '../support';

async function openAccount(path = '/account', handlers: HttpHandler[] = []) {
  const view = renderApp({ path, storage: SIGNED_IN, handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'My Profile' });
  return view;
}

const accountMenu = () => screen.getByRole('navigation', { name: 'Account' });

describe('the account page (docs/product.md §2 "Account page")', () => {
  it("/account opens the profile tab under 'My Profile', in one <main>, Profile marked current", async () => {
    const view = await openAccount();
    await waitFor(() => expect(view.location()).toBe('/account/profile'));
    expect(document.querySelectorAll('main')).toHaveLength(1);
    const menu = accountMenu();
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Balance' })).not.toHaveAttribute('aria-current');
  });

  it('each menu entry opens its tab and becomes the current one', async () => {
    const view = await openAccount();
    const tabs = [
      ['Balance', '/account/balance'],
      ['Order history', '/account/order-history'],
      ['Balance history', '/account/balance-history'],
      ['Change password', '/account/change-password'],
      ['Change email', '/account/change-email'],
      ['Profile', '/account/profile'],
    ] as const;
    for (const [name, path] of tabs) {
      await view.user.click(within(accountMenu()).getByRole('link', { name }));
      await waitFor(() => expect(view.location()).toBe(path));
      expect(within(accountMenu()).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      expect(document.querySelectorAll('main')).toHaveLength(1);
    }
  });

  it("Logout in the account menu goes home with 'Logged out successfully' and signs out", async () => {
    const view = await openAccount('/account/balance');
    await view.user.click(within(accountMenu()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_session')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("a failed logout still signs out: 'Failed to log out', home", async () => {
    const view = await openAccount('/account/profile', [
      http.post(api('/logout'), () => failure(500, 'Server error')),
    ]);
    await view.user.click(within(accountMenu()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to log out')).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(localStorage.getItem('auth_session')).toBeNull();
  });

  it('the desktop header has Logout beside MY PROFILE', async () => {
    const view = renderApp({ path: '/shop', storage: SIGNED_IN });
    await view.ready();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'MY PROFILE' });
    await view.user.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(await within(nav).findByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});
