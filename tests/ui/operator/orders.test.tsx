import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { auditEntry, manyCustomers, manyOrders, orderDetail } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** The console's access check (GET /operator/customers?limit=1) answered for an operator. */
const access = http.get(api('/operator/customers'), () => ok(manyCustomers(1)));

/** GET /operator/orders, recording each query. */
function ordersApi(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  const handler = http.get(api('/operator/orders'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    return answer(query);
  });
  return { handler, queries };
}

describe('the orders (/operator/orders)', () => {
  it('lists the newest orders under the nav; filters go to the address and to the API; none is said', async () => {
    const list = ordersApi((query) => ok(query.get('status') === 'expired' ? [] : manyOrders(2)));
    const view = renderApp({
      path: '/operator/orders',
      storage: SIGNED_IN,
      handlers: [access, list.handler],
    });
    await view.ready();
    const nav = await screen.findByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Order #202' })).toHaveAttribute(
      'href',
      '/operator/orders/202',
    );
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'alex.stone@example.com' }),
    ).toHaveAttribute('href', '/operator/customers/7');
    await view.user.type(screen.getByRole('searchbox', { name: 'Customer or player' }), 'steve');
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'expired');
    await view.user.type(screen.getByLabelText('Placed until'), '2026-04-30');
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(view.location()).toBe('/operator/orders?q=steve&status=expired&until=2026-04-30'),
    );
    expect(await screen.findByRole('heading', { name: 'No orders match' })).toBeInTheDocument();
    expect(Object.fromEntries(list.queries.at(-1) ?? [])).toMatchObject({
      limit: '26',
      q: 'steve',
      status: 'expired',
      until: '2026-05-01T00:00:00.000Z',
    });
    expect(screen.getByRole('searchbox', { name: 'Customer or player' })).toHaveValue('steve');
  });

  it('shows a failed search with Try again', async () => {
    let fail = true;
    const list = ordersApi(() => (fail ? failure(503, 'The database is away.') : ok(manyOrders(1))));
    const view = renderApp({
      path: '/operator/orders',
      storage: SIGNED_IN,
      handlers: [access, list.handler],
    });
    await view.ready();
    expect(await screen.findByText('The database is away.')).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('an order (/operator/orders/{id}) and Refund', () => {
  /** Order 42 paid by card for 10.00 coins; refunds go through while they fit what is left. */
  async function openOrderPage() {
    let refunded = 0;
    const refunds: ReturnType<typeof orderDetail>['refunds'] = [];
    const keys: string[] = [];
    const bodies: { amount: number; to: string; reason: string }[] = [];
    const handlers = [
      access,
      http.get(api('/operator/orders/42'), () =>
        ok(orderDetail({ payment_method: 'card', refunded }, { refunds: [...refunds] })),
      ),
      http.post(api('/operator/orders/42/refunds'), async ({ request }) => {
        const body = (await request.json()) as { amount: number; to: 'balance' | 'card'; reason: string };
        keys.push(request.headers.get('Idempotency-Key') ?? '');
        bodies.push(body);
        if (refunded + body.amount > 1000) {
          return failure(422, 'At most 10.00 coins are left to refund.', {
            amount: ['At most 10.00 coins are left to refund.'],
          });
        }
        refunded += body.amount;
        refunds.unshift({
          id: 3,
          at: '2026-05-01T08:00:00.000Z',
          amount: body.amount,
          to: body.to,
          state: 'succeeded',
          card: null,
          reason: body.reason,
          actor: 'olivia.park@example.com',
        });
        return HttpResponse.json({
          status: 'OK' as const,
          message: "The refund is on the customer's balance.",
          payload: {
            refund_id: 3,
            order_id: 42,
            amount: body.amount,
            to: body.to,
            state: 'succeeded' as const,
            card: null,
            refunded,
            refundable: 1000 - refunded,
          },
        });
      }),
    ];
    const view = renderApp({ path: '/operator/orders/42', storage: SIGNED_IN, handlers });
    await view.ready();
    await screen.findByRole('heading', { level: 1, name: 'Order #42' });
    return { view, keys, bodies };
  }

  it('shows the order: customer, lines, delivery and what is left to refund', async () => {
    await openOrderPage();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('link', { name: 'alex.stone@example.com' })).toHaveAttribute(
      'href',
      '/operator/customers/7',
    );
    expect(within(screen.getByRole('region', { name: 'Lines' })).getByText('VIP rank')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Delivery' })).getByText('Delivered · Attempt 1'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Delivery' })).getByRole('link', {
        name: 'Requeue or resolve them on the Deliveries page',
      }),
    ).toHaveAttribute('href', '/operator/deliveries?order_id=42');
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('10.00')).toBeInTheDocument();
    expect(within(refunds).getByText('No refunds yet')).toBeInTheDocument();
    expect(within(refunds).getByRole('radio', { name: 'The card' })).toBeInTheDocument();
  });

  it("shows the API's refusal at the amount with nothing typed lost; a retry sends the same key", async () => {
    const { view, keys, bodies } = await openOrderPage();
    const amount = screen.getByRole('textbox', { name: 'Coins to refund' });
    await view.user.type(amount, '20');
    await view.user.click(screen.getByRole('radio', { name: 'The card' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Rank not applied');
    await view.user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most 10.00 coins are left to refund.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveValue('20');
    expect(screen.getByRole('radio', { name: 'The card' })).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[0]).toMatchObject({ amount: 2000, to: 'card', reason: 'Rank not applied' });
  });

  it('refunds half to coins: the page shows the new refund and what is left', async () => {
    const { view, bodies } = await openOrderPage();
    await view.user.type(screen.getByRole('textbox', { name: 'Coins to refund' }), '5');
    await view.user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Half back');
    await view.user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText("The refund is on the customer's balance.")).toBeInTheDocument();
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(await within(refunds).findByText('Half back')).toBeInTheDocument();
    expect(
      within(refunds.querySelector('.operator-balance') as HTMLElement).getByText('5.00'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Coins to refund' })).toHaveValue('');
    expect(bodies).toMatchObject([{ amount: 500, to: 'balance', reason: 'Half back' }]);
  });
});

describe('the audit log (/operator/audit)', () => {
  it('lists what changed, readably; filters go to the address and the API; none is said', async () => {
    const queries: URLSearchParams[] = [];
    const handler = http.get(api('/operator/audit'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return ok(
        query.get('actor') === 'cli'
          ? []
          : [
              auditEntry(9),
              auditEntry(8, {
                action: 'product.update',
                entity: 'product',
                entity_id: '13',
                before: { price: 3499, version: 2 },
                after: { price: 2999, version: 3 },
              }),
            ],
      );
    });
    const view = renderApp({ path: '/operator/audit', storage: SIGNED_IN, handlers: [access, handler] });
    await view.ready();
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'order #42' })).toHaveAttribute(
      'href',
      '/operator/orders/42',
    );
    expect(within(row).getByText('refunded').closest('li')?.textContent).toBe('refunded 0.00 → 5.00');
    expect(within(row).getByText('reason').closest('li')?.textContent).toBe('reason — → Half back');
    // A product's price in coins, not minor units; the product's page a link away.
    const product = within(await screen.findByRole('table')).getAllByRole('row')[2] as HTMLElement;
    expect(within(product).getByRole('link', { name: 'product #13' })).toHaveAttribute(
      'href',
      '/operator/products/13',
    );
    expect(within(product).getByText('price').closest('li')?.textContent).toBe('price 34.99 → 29.99');
    expect(within(product).getByText('version').closest('li')?.textContent).toBe('version 2 → 3');
    await view.user.type(screen.getByRole('textbox', { name: 'Actor' }), 'cli');
    await view.user.type(screen.getByLabelText('From'), '2026-05-01');
    await view.user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(view.location()).toBe('/operator/audit?actor=cli&from=2026-05-01'));
    expect(await screen.findByRole('heading', { name: 'No entries match' })).toBeInTheDocument();
    expect(Object.fromEntries(queries.at(-1) ?? [])).toMatchObject({
      limit: '51',
      actor: 'cli',
      from: '2026-05-01T00:00:00.000Z',
    });
  });
});
