import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, ok, renderApp, SIGNED_IN, setViewportWidth } from '../support';

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
    expect(within(banner).getByRole('link', { name: /Cart/ }).textContent?.trim()).toBe('Cart');
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

describe('header of a phone (docs/product.md §2 "Shell": the balance and the cart at every width)', () => {
  const wideOnly = (banner: HTMLElement, name: string) =>
    within(banner).getByRole('link', { name }).classList.contains('site-header__wide');

  it('keeps a signed-in customer the balance and the cart beside the menu button, and MY PROFILE for wide screens only', async () => {
    setViewportWidth(375);
    const banner = await headerOf(renderApp({ storage: SIGNED_IN, handlers: [cartWith(2)] }));
    expect(banner).toHaveClass('site-header--signed-in');
    const balance = await within(banner).findByRole('link', { name: /^Balance 1,250\.50/ });
    const cart = within(banner).getByRole('link', { name: /^Cart\b/ });
    await waitFor(() => expect(cart).toHaveTextContent(/^Cart 2$/));
    for (const link of [balance, cart]) expect(link).not.toHaveClass('site-header__wide');
    expect(wideOnly(banner, 'MY PROFILE')).toBe(true);
    expect(wideOnly(banner, 'SHOP')).toBe(true);
    expect(within(banner).getByRole('button', { name: 'Logout' })).toHaveClass('site-header__wide');
    expect(within(banner).getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('counts an Add to cart on the shop in the header badge, the menu left closed', async () => {
    setViewportWidth(375);
    let lines = 0;
    const view = renderApp({
      path: '/shop',
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/cart/contents'), () =>
          HttpResponse.json({ status: 'OK' as const, cart: fixtures.cartOf(lines) }),
        ),
        http.post(api('/cart/add'), () => {
          lines = 1;
          return HttpResponse.json({ status: 'OK' as const, cart: fixtures.cartOf(1) });
        }),
      ],
    });
    const banner = await headerOf(view);
    const cart = within(banner).getByRole('link', { name: /^Cart\b/ });
    await waitFor(() => expect(view.app.getSnapshot().context.cart.getSnapshot().value).toBe('ready'));
    expect(cart.textContent?.trim()).toBe('Cart');
    const [add] = await screen.findAllByRole('button', { name: /^Add to cart/ });
    await view.user.click(add as HTMLElement);
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    await waitFor(() => expect(cart).toHaveTextContent(/^Cart 1$/));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('leaves a guest the logo and the menu button: no balance, no cart', async () => {
    setViewportWidth(375);
    const banner = await headerOf(renderApp());
    expect(banner).not.toHaveClass('site-header--signed-in');
    expect(within(banner).queryByRole('link', { name: /^Cart\b/ })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: /^Balance\b/ })).not.toBeInTheDocument();
    expect(wideOnly(banner, 'SIGN IN')).toBe(false);
  });

  it('names the balance, the cart and the menu button in German', async () => {
    setViewportWidth(320);
    const german = JSON.parse(readFileSync('server/db/seed/catalogues/de.json', 'utf8')) as Record<
      string,
      string
    >;
    const view = renderApp({
      storage: { ...SIGNED_IN, languageId: '2' },
      handlers: [
        cartWith(10),
        http.get(api('/localizations'), ({ request }) =>
          ok(new URL(request.url).searchParams.get('lang_id') === '2' ? german : {}),
        ),
      ],
    });
    const banner = await headerOf(view);
    expect(await within(banner).findByRole('link', { name: /^Guthaben 1\.250,50/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(banner).getByRole('link', { name: /^Warenkorb\b/ })).toHaveTextContent(/^Warenkorb 9\+$/),
    );
    expect(within(banner).getByRole('button', { name: 'Menü öffnen' })).toBeInTheDocument();
  });
});
