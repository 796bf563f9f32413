import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, renderApp, SIGNED_IN } from '../support';

const cartWith = (lines: number) =>
  http.get(api('/cart/contents'), () =>
    HttpResponse.json({ status: 'OK' as const, cart: fixtures.cartOf(lines) }),
  );

async function headerOf(view: ReturnType<typeof renderApp>) {
  await view.ready();
  return screen.findByRole('banner');
}

describe('header (docs/product.md §2 "Shell")', () => {
  it('shows a guest the logo, Rules, FAQ, SHOP, SIGN IN and SIGN UP', async () => {
    const banner = await headerOf(renderApp());
    const link = (name: string) => within(banner).getByRole('link', { name });
    expect(link('Blockfront home')).toHaveAttribute('href', '/');
    expect(link('Rules')).toHaveAttribute('href', '/rules');
    expect(link('FAQ')).toHaveAttribute('href', '/faq');
    expect(link('SHOP')).toHaveAttribute('href', '/shop');
    expect(link('SIGN IN')).toHaveAttribute('href', '/login');
    expect(link('SIGN UP')).toHaveAttribute('href', '/register');
    expect(within(banner).queryByRole('link', { name: 'MY PROFILE' })).not.toBeInTheDocument();
  });

  it('shows a signed-in customer the balance, the cart and MY PROFILE', async () => {
    const banner = await headerOf(renderApp({ storage: SIGNED_IN }));
    expect(await within(banner).findByRole('link', { name: /Balance/ })).toHaveTextContent('1,250.50');
    expect(within(banner).getByRole('link', { name: /Cart/ })).toHaveAttribute('href', '/cart');
    expect(within(banner).getByRole('link', { name: 'MY PROFILE' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'SIGN IN' })).not.toBeInTheDocument();
  });

  it("links an operator's header to the console (Operator, beside Rules and FAQ); a customer's not", async () => {
    const operator = http.get(api('/user/profile'), () =>
      HttpResponse.json({
        status: 'OK' as const,
        payload: { ...fixtures.profile, role: 'operator' as const },
      }),
    );
    const banner = await headerOf(renderApp({ storage: SIGNED_IN, handlers: [operator] }));
    expect(await within(banner).findByRole('link', { name: 'Operator' })).toHaveAttribute(
      'href',
      '/operator',
    );
  });

  it("shows a customer's header no Operator link", async () => {
    const banner = await headerOf(renderApp({ storage: SIGNED_IN }));
    await within(banner).findByRole('link', { name: /Balance/ });
    expect(within(banner).queryByRole('link', { name: 'Operator' })).not.toBeInTheDocument();
  });

  it("caps the cart badge at '9+' with 10 lines", async () => {
    const banner = await headerOf(renderApp({ storage: SIGNED_IN, handlers: [cartWith(10)] }));
    await waitFor(() => expect(within(banner).getByRole('link', { name: /Cart/ })).toHaveTextContent('9+'));
  });

  it('shows the number of lines up to 9', async () => {
    const banner = await headerOf(renderApp({ storage: SIGNED_IN, handlers: [cartWith(9)] }));
    await waitFor(() => expect(within(banner).getByRole('link', { name: /Cart/ })).toHaveTextContent('9'));
    expect(within(banner).getByRole('link', { name: /Cart/ })).not.toHaveTextContent('9+');
  });

  it('hides the badge for an empty cart', async () => {
    const view = renderApp({ storage: SIGNED_IN, handlers: [cartWith(0)] });
    const banner = await headerOf(view);
    await waitFor(() => expect(view.app.getSnapshot().context.cart.getSnapshot().value).toBe('ready'));
    expect(within(banner).getByRole('link', { name: /Cart/ }).textContent).toBe('Cart');
  });

  it('is transparent over the hero on Home and the auth screens, solid elsewhere and on not-found', async () => {
    const view = renderApp();
    const banner = await headerOf(view);
    expect(banner).toHaveClass('site-header--transparent');

    await view.router.navigate({ to: '/shop' });
    await waitFor(() => expect(banner).toHaveClass('site-header--solid'));

    await view.router.navigate({ to: '/login' });
    await waitFor(() => expect(banner).toHaveClass('site-header--transparent'));

    await view.router.navigate({ to: '/$slug', params: { slug: 'no-such-page' } });
    await screen.findByRole('heading', { name: 'Oops! Page Not Found' });
    expect(banner).toHaveClass('site-header--solid');
  });
});
