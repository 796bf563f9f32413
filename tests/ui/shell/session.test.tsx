import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, failure, fixtures, ok, renderApp, SIGNED_IN, setViewportWidth } from '../support';
import { watchNotices } from '../support/replays';
import { chooseCurrency } from './steps';

const EXPIRED = 'Session expired. Please log in again.';

describe('session flows (docs/product.md §4 "Auth", §8)', () => {
  it('a 401 on a protected route expires the session once: notice, then login with the redirect', async () => {
    const view = renderApp({ path: '/account/profile', storage: SIGNED_IN });
    await view.ready();
    await waitFor(() => expect(view.location()).toBe('/account/profile'));
    await screen.findByRole('link', { name: 'MY PROFILE' });
    // The first profile load must be over, or the refusal below would answer it instead.
    const profile = view.app.getSnapshot().context.profile;
    await waitFor(() => expect(profile.getSnapshot().value).toBe('loaded'));

    // Every notice the toast queue shows, however briefly: a toast closes after 3 s, which can
    // pass before a loaded CI machine has rendered the lazily loaded toast region.
    const notices = watchNotices(view);

    // The next call is refused: the server ended the session.
    view.server.use(http.get(api('/user/profile'), () => failure(401, 'Unauthenticated.')));
    await chooseCurrency(view, 'USD $');

    await waitFor(() => expect(notices).toContain(EXPIRED));
    await waitFor(() => expect(view.location()).toBe('/login?redirect=%2Faccount%2Fprofile'));
    expect(localStorage.getItem('auth_session')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(notices.filter((message) => message === EXPIRED)).toHaveLength(1);
  });

  it('a 401 on a page open to all signs out quietly and stays there', async () => {
    const view = renderApp({ path: '/shop', storage: SIGNED_IN });
    await view.ready();
    await screen.findByRole('link', { name: 'MY PROFILE' });
    view.server.use(http.get(api('/user/profile'), () => failure(401, 'Unauthenticated.')));
    await chooseCurrency(view, 'USD $');

    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(view.location()).toBe('/shop');
    expect(screen.queryByText('Session expired. Please log in again.')).not.toBeInTheDocument();
  });

  it("logout goes home with 'Logged out successfully' and the guest header", async () => {
    setViewportWidth(375);
    const view = renderApp({ path: '/shop', storage: SIGNED_IN });
    await view.ready();
    await view.user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_session')).toBeNull();

    // The toast lives in the shell: another navigation keeps it (docs/product.md §9).
    await view.router.navigate({ to: '/shop' });
    await waitFor(() => expect(view.location()).toBe('/shop'));
    expect(screen.getByText('Logged out successfully')).toBeInTheDocument();
  });

  it("a failing logout still clears the session: 'Failed to log out', home, SIGN IN", async () => {
    setViewportWidth(375);
    const view = renderApp({
      path: '/shop',
      storage: SIGNED_IN,
      handlers: [http.post(api('/logout'), () => failure(500, 'Logout failed'))],
    });
    await view.ready();
    await view.user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Failed to log out')).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a protected route sends a guest to login with the full target path', async () => {
    const view = renderApp({ path: '/cart' });
    await view.ready();
    await waitFor(() => expect(view.location()).toBe('/login?redirect=%2Fcart'));
  });

  it('keeps the query of the protected target in the redirect', async () => {
    const view = renderApp({ path: '/account/order-history?page=2' });
    await view.ready();
    await waitFor(() => expect(view.location()).toMatch(/^\/login\?redirect=/));
    expect(new URLSearchParams(view.location().split('?')[1]).get('redirect')).toBe(
      '/account/order-history?page=2',
    );
  });

  it('a guest-only route sends a signed-in customer home', async () => {
    const view = renderApp({ path: '/login', storage: SIGNED_IN });
    await view.ready();
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(await screen.findByRole('link', { name: 'MY PROFILE' })).toBeInTheDocument();
  });

  it('a stored session the server no longer knows ends up signed out, with SIGN IN in the header', async () => {
    const view = renderApp({
      path: '/',
      storage: SIGNED_IN,
      handlers: [http.get(api('/is-auth'), () => failure(401, 'Unauthenticated.'))],
    });
    await view.ready();
    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_session')).toBeNull();
  });

  it('the profile answers behind the balance in the header', async () => {
    const view = renderApp({
      storage: SIGNED_IN,
      handlers: [http.get(api('/user/profile'), () => ok({ ...fixtures.profile, balance: 4200 }))],
    });
    await view.ready();
    const balance = await screen.findByRole('link', { name: /Balance/ });
    expect(balance).toHaveTextContent('42.00');
  });
});
