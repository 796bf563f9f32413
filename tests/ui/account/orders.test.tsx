import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { manyOrders } from '../../support/accountPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

const history = () => screen.getByRole('region', { name: 'Order history' });

describe('the order history tab (docs/product.md §2)', () => {
  it("says 'Loading orders...' while the one fetch runs, then shows the table", async () => {
    let calls = 0;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const view = renderApp({
      path: '/account/order-history',
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/purchase/history'), async () => {
          calls += 1;
          await answered;
          return ok(manyOrders(2));
        }),
      ],
    });
    await view.ready();
    expect(await screen.findByText('Loading orders...')).toBeInTheDocument();
    answer();
    const table = await within(history()).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order', 'Date', 'Items', 'Total', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    // The order's number leads to its page; its time in the language's own date format.
    const newest = 102;
    expect(
      within(first).getByRole('link', { name: `Order #${newest}: details and receipt` }),
    ).toHaveAttribute('href', `/account/orders/${newest}`);
    expect(within(first).getByText(/^04\/30\/2026 \d{2}:\d{2}/)).toBeInTheDocument();
    expect(within(first).getByText('Balance')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Order 2')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Order 2')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('10.00')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('pages 12 orders client-side, 5 per page, without fetching again', async () => {
    let calls = 0;
    const view = renderApp({
      path: '/account/order-history',
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/purchase/history'), () => {
          calls += 1;
          return ok(manyOrders(12));
        }),
      ],
    });
    await view.ready();
    const table = await within(history()).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    await view.user.click(within(history()).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(within(history()).getAllByRole('row')).toHaveLength(3));
    expect(within(history()).getByText('Order 1')).toBeInTheDocument();
    expect(within(history()).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(calls).toBe(1);
  });

  it("a line bought more than once reads 'title × count'; once, the title alone", async () => {
    const [order] = manyOrders(1);
    const items = [
      { product_id: 3, title: 'VIP Rank', price: 1000, count: 2 },
      { product_id: 4, title: 'Iron Rank', price: 499, count: 1 },
    ];
    const view = renderApp({
      path: '/account/order-history',
      storage: SIGNED_IN,
      handlers: [http.get(api('/purchase/history'), () => ok([{ ...order, items }]))],
    });
    await view.ready();
    const table = await within(history()).findByRole('table');
    expect(within(table).getByText('VIP Rank × 2')).toBeInTheDocument();
    expect(within(table).getByText('Iron Rank')).toBeInTheDocument();
  });

  it("an empty history: 'No orders found' and 'Start Shopping' to /shop", async () => {
    const view = renderApp({
      path: '/account/order-history',
      storage: SIGNED_IN,
      handlers: [http.get(api('/purchase/history'), () => ok([]))],
    });
    await view.ready();
    expect(await within(history()).findByRole('heading', { name: 'No orders found' })).toBeInTheDocument();
    await view.user.click(within(history()).getByRole('link', { name: 'Start Shopping' }));
    await waitFor(() => expect(view.location()).toBe('/shop'));
  });

  it("a failure shows the server's message, and Try again loads the history", async () => {
    const view = renderApp({
      path: '/account/order-history',
      storage: SIGNED_IN,
      handlers: [http.get(api('/purchase/history'), () => failure(400, 'Unknown language'), { once: true })],
    });
    await view.ready();
    expect(await within(history()).findByText('Unknown language')).toBeInTheDocument();
    await view.user.click(within(history()).getByRole('button', { name: 'Try again' }));
    expect(await within(history()).findByRole('table')).toBeInTheDocument();
  });
});
