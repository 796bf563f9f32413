import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, failure, fixtures, ok, renderApp, SIGNED_IN } from '../support';

const page = (items = fixtures.products, totalPages = 1) =>
  ok({ items, page: 1, per_page: 8, total: items.length, total_pages: totalPages });

describe('shop page', () => {
  it('shows the products with their coin price and display-currency worth', async () => {
    const { ready } = renderApp({ path: '/shop' });
    await ready();
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 2, name: 'Diamond Rank' })).toBeInTheDocument();
    expect(within(main).getByText('2,499.00')).toBeInTheDocument();
    expect(within(main).getAllByRole('button', { name: /^Add to cart \(.+\)$/ })).toHaveLength(3);
    const image = main.querySelector('img');
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '320');
  });

  it('asks GET /products for the page in the address, and pages with the shared Pagination', async () => {
    const asked: string[] = [];
    const { ready, user, location } = renderApp({
      path: '/shop?page=2',
      handlers: [
        http.get(api('/products'), ({ request }) => {
          const url = new URL(request.url);
          asked.push(`${url.searchParams.get('page')}/${url.searchParams.get('per_page')}`);
          return page(fixtures.products, 3);
        }),
      ],
    });
    await ready();
    await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' });
    expect(asked).toEqual(['2/8']);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(location()).toBe('/shop?page=3'));
    await waitFor(() => expect(asked).toEqual(['2/8', '3/8']));
  });

  it('the category filter asks for ?category=, shows only those products, and All resets', async () => {
    const asked: (string | null)[] = [];
    const { ready, user, location, history } = renderApp({
      path: '/shop?page=2',
      handlers: [
        http.get(api('/products'), ({ request }) => {
          const category = new URL(request.url).searchParams.get('category');
          asked.push(category);
          const items = fixtures.products.filter(
            (product) => category === null || product.category === category,
          );
          return category === null ? page(items, 2) : page(items);
        }),
      ],
    });
    await ready();
    const filter = await screen.findByRole('radiogroup', { name: 'Categories' });
    const choices = within(filter).getAllByRole('radio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['All', 'Ranks', 'Crate keys']);
    expect(within(filter).getByRole('radio', { name: 'All' })).toBeChecked();

    await user.click(within(filter).getByRole('radio', { name: 'Crate keys' }));
    await waitFor(() => expect(location()).toBe('/shop?category=keys'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Emerald Crate Key' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Diamond Rank' })).not.toBeInTheDocument();
    expect(asked).toEqual([null, 'keys']);
    const categories = () => within(screen.getByRole('radiogroup', { name: 'Categories' }));
    expect(categories().getByRole('radio', { name: 'Crate keys' })).toBeChecked();

    history.back();
    await waitFor(() => expect(location()).toBe('/shop?page=2'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' })).toBeInTheDocument();
    expect(categories().getByRole('radio', { name: 'All' })).toBeChecked();
    history.forward();
    await waitFor(() => expect(location()).toBe('/shop?category=keys'));
    await waitFor(() => expect(categories().getByRole('radio', { name: 'Crate keys' })).toBeChecked());

    await user.click(categories().getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' })).toBeInTheDocument();
    expect(asked).toEqual([null, 'keys', null, 'keys', null]);
    expect(categories().getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('a guest who adds is sent to sign in, and comes back to add it', async () => {
    const { ready, user, location } = renderApp({ path: '/shop' });
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Add to cart (Diamond Rank)' }));
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fshop%3Fadd%3D4'));
  });

  it('a guest who chose 3 signs in with a reason given and finds 3 in the cart (docs/decisions/0026)', async () => {
    const added: unknown[] = [];
    const { ready, user, location } = renderApp({
      path: '/shop?product=4',
      handlers: [
        http.post(api('/cart/add'), async ({ request }) => {
          added.push(await request.json());
          return HttpResponse.json({ status: 'OK' as const, cart: fixtures.cartOf(3) });
        }),
      ],
    });
    await ready();
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.tripleClick(quantity);
    await user.keyboard('3');
    await user.tab();
    expect(quantity).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fshop%3Fadd%3D4%26count%3D3'));
    expect(await screen.findByText('Sign in to add items to your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fshop%3Fadd%3D4%26count%3D3',
    );
    await user.type(screen.getByLabelText('Email'), fixtures.profile.email);
    await user.type(screen.getByLabelText('Password'), 'Emerald7');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await waitFor(() => expect(location()).not.toContain('login'));
    await waitFor(() => expect(added).toEqual([expect.objectContaining({ id: 4, count: 3 })]));
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
  });

  it('the sign-up page keeps the reason and the redirect, both ways', async () => {
    const { user, location } = renderApp({ path: '/login?redirect=%2Fshop%3Fadd%3D4%26count%3D3' });
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(location()).toBe('/register?redirect=%2Fshop%3Fadd%3D4%26count%3D3'));
    expect(await screen.findByText('Create an account to add items to your cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fshop%3Fadd%3D4%26count%3D3',
    );
  });

  it('a plain sign-in gives no reason, and an outside redirect is dropped', async () => {
    renderApp({ path: '/login?redirect=https%3A%2F%2Fevil.example%2Fshop%3Fadd%3D4' });
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText('Sign in to add items to your cart')).not.toBeInTheDocument();
  });

  it('signed in: Add to cart posts the product and says so', async () => {
    const added: unknown[] = [];
    const { ready, user } = renderApp({
      path: '/shop',
      storage: SIGNED_IN,
      handlers: [
        http.post(api('/cart/add'), async ({ request }) => {
          added.push(await request.json());
          return HttpResponse.json({ status: 'OK' as const, cart: fixtures.cartOf(3) });
        }),
      ],
    });
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Add to cart (Diamond Rank)' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(added).toEqual([expect.objectContaining({ id: 4, count: 1 })]);
  });

  it('a failed load says so and Retry loads again', async () => {
    let calls = 0;
    const { ready, user } = renderApp({
      path: '/shop',
      handlers: [
        http.get(api('/products'), () => {
          calls += 1;
          return calls === 1 ? failure(500, 'Catalogue is down') : page();
        }),
      ],
    });
    await ready();
    expect(await screen.findByText('Catalogue is down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' })).toBeInTheDocument();
  });

  it('an empty catalogue has its own state', async () => {
    const { ready } = renderApp({ path: '/shop', handlers: [http.get(api('/products'), () => page([], 0))] });
    await ready();
    expect(await screen.findByRole('heading', { name: 'No products here yet' })).toBeInTheDocument();
  });

  it('searches on submit (not per key) and sorts, both in the address; Back restores them', async () => {
    const asked: string[] = [];
    const { ready, user, location, history } = renderApp({
      path: '/shop',
      handlers: [
        http.get(api('/products'), ({ request }) => {
          const query = new URL(request.url).searchParams;
          asked.push(`${query.get('q')}/${query.get('sort')}`);
          const q = query.get('q')?.toLowerCase();
          const items = fixtures.products.filter((p) => q === undefined || p.title.toLowerCase().includes(q));
          return page(query.get('sort') === 'price_desc' ? [...items].reverse() : items);
        }),
      ],
    });
    await ready();
    await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' });
    const field = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(field, 'rank');
    expect(asked).toEqual(['null/null']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/shop?q=rank'));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Emerald Crate Key' })).not.toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    await waitFor(() => expect(location()).toBe('/shop?q=rank&sort=price_desc'));
    await waitFor(() => expect(asked).toEqual(['null/null', 'rank/null', 'rank/price_desc']));
    const titles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await waitFor(() => expect(titles()).toEqual(['Diamond Rank', 'Iron Rank']));

    history.back();
    await waitFor(() => expect(location()).toBe('/shop?q=rank'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('position'));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('rank');
    history.back();
    await waitFor(() => expect(location()).toBe('/shop'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue(''));
    expect(await screen.findByRole('heading', { level: 2, name: 'Emerald Crate Key' })).toBeInTheDocument();
  });

  it('no match names the search and Clear search shows every product', async () => {
    const { ready, user, location } = renderApp({
      path: '/shop?q=zzz&sort=newest',
      handlers: [
        http.get(api('/products'), ({ request }) =>
          new URL(request.url).searchParams.get('q') === null ? page() : page([], 0),
        ),
      ],
    });
    await ready();
    expect(await screen.findByRole('heading', { name: 'No products match “zzz”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/shop?sort=newest'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' })).toBeInTheDocument();
  });

  it('a page past the last says so and links to the first page', async () => {
    const { ready } = renderApp({
      path: '/shop?page=99&category=ranks',
      handlers: [
        http.get(api('/products'), () => ok({ items: [], page: 99, per_page: 8, total: 12, total_pages: 2 })),
      ],
    });
    await ready();
    expect(
      await screen.findByRole('heading', { name: 'This page is past the end of the shop' }),
    ).toBeInTheDocument();
    expect(screen.getByText('There are only 2 pages.')).toBeInTheDocument();
    expect(screen.queryByText(/new items arrive regularly/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
      'href',
      '/shop?category=ranks',
    );
  });

  it('a product limited to 1 per order: the quantity stops at 1 and the dialog says so', async () => {
    const limited = fixtures.products.map((p) =>
      p.id === 4 ? { ...p, max_per_order: 1, max_per_customer: 1 } : p,
    );
    const { ready, user } = renderApp({
      path: '/shop?product=4',
      handlers: [http.get(api('/products'), () => page(limited))],
    });
    await ready();
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    expect(quantity).toHaveAccessibleDescription('Limit: 1 per order');
    expect(within(dialog).getByRole('button', { name: /^More/ })).toBeDisabled();
    await user.tripleClick(quantity);
    await user.keyboard('5');
    await user.tab();
    expect(quantity).toHaveValue('1');
  });

  it('a product on sale shows a Sale badge and the price before struck through, on its card and in its details', async () => {
    const onSale = fixtures.products.map((p) => (p.id === 4 ? { ...p, compare_at_price: 299900 } : p));
    const { ready } = renderApp({
      path: '/shop?product=4',
      handlers: [http.get(api('/products'), () => page(onSale))],
    });
    await ready();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sale')).toBeInTheDocument();
    const before = within(dialog).getByText('Price before:').closest('s');
    expect(before).toHaveTextContent('2,999.00');
    const cards = [...document.querySelectorAll('.product-card')];
    const cardOf = (title: string) => cards.find((card) => card.querySelector('h2')?.textContent === title);
    expect(cardOf('Diamond Rank')?.querySelector('.sale-price__badge')).toHaveTextContent('Sale');
    expect(cardOf('Iron Rank')?.querySelector('.sale-price__badge')).toBeNull();
  });

  it('?product=<id> opens its details; closing drops it from the address', async () => {
    const { ready, user, location } = renderApp({ path: '/shop?product=4' });
    await ready();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/sparkling name tag/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/shop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
