import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { customer, customerDetail, manyCustomers } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** GET /operator/customers as an operator's API answers it, recording each query. */
function customersApi(answer: (query: URLSearchParams) => Response = () => ok(manyCustomers(3))) {
  const queries: URLSearchParams[] = [];
  const handler = http.get(api('/operator/customers'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    // The console's access check asks for one row; the list for a page and one more.
    if (query.get('limit') === '1') return ok(manyCustomers(1));
    queries.push(query);
    return answer(query);
  });
  return { handler, queries };
}

describe('the operator area (/operator)', () => {
  it('sends a guest to sign in first', async () => {
    const view = renderApp({ path: '/operator/customers' });
    await view.ready();
    await waitFor(() => expect(view.location()).toBe('/login?redirect=%2Foperator%2Fcustomers'));
  });

  it("shows a customer the app's not-found page at the same address (the API's 403), without the console", async () => {
    const view = renderApp({
      path: '/operator/customers?q=steve',
      storage: SIGNED_IN,
      handlers: [http.get(api('/operator/customers'), () => failure(403, 'This is for operators only.'))],
    });
    await view.ready();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
    expect(view.location()).toBe('/operator/customers?q=steve');
    expect(screen.queryByRole('navigation', { name: 'Operator console' })).toBeNull();
    expect(screen.queryByText(/operator/i)).toBeNull();
  });

  it('opens the customers for an operator, under the console’s nav', async () => {
    const list = customersApi();
    const view = renderApp({ path: '/operator/customers', storage: SIGNED_IN, handlers: [list.handler] });
    await view.ready();
    const nav = await screen.findByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'player103@example.com' }),
    ).toHaveAttribute('href', '/operator/customers/103');
    expect(within(rows[0] as HTMLElement).getByText('Steve103')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('12.50')).toBeInTheDocument();
    expect(list.queries.map((q) => q.get('limit'))).toEqual(['26']);
  });
});

describe('the customer search (/operator/customers)', () => {
  it('searches by what is typed, keeps it in the address, and says when none match', async () => {
    const list = customersApi((query) => ok(query.get('q') === 'nobody' ? [] : manyCustomers(2)));
    const view = renderApp({ path: '/operator/customers', storage: SIGNED_IN, handlers: [list.handler] });
    await view.ready();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Find a customer' });
    await view.user.type(search, 'nobody');
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(view.location()).toBe('/operator/customers?q=nobody'));
    expect(await screen.findByRole('heading', { name: 'No customers match' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Find a customer' })).toHaveValue('nobody');
    expect(list.queries.at(-1)?.get('q')).toBe('nobody');
  });

  it('shows the next page below the first, asking for the rows before the last one shown', async () => {
    const list = customersApi((query) =>
      ok(query.get('before_id') === null ? manyCustomers(26) : [customer(50), customer(49)]),
    );
    const view = renderApp({ path: '/operator/customers', storage: SIGNED_IN, handlers: [list.handler] });
    await view.ready();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    await view.user.click(screen.getByRole('button', { name: 'Show more customers' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(28));
    expect(list.queries.at(-1)?.get('before_id')).toBe('102');
    expect(screen.queryByRole('button', { name: 'Show more customers' })).toBeNull();
  });

  it('shows a failed search with Try again', async () => {
    let fail = true;
    const list = customersApi(() => (fail ? failure(503, 'The database is away.') : ok(manyCustomers(1))));
    const view = renderApp({ path: '/operator/customers', storage: SIGNED_IN, handlers: [list.handler] });
    await view.ready();
    expect(await screen.findByText('The database is away.')).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('a customer (/operator/customers/{id}) and Adjust balance', () => {
  function customerApi() {
    let balance = 1250;
    const keys: string[] = [];
    const bodies: unknown[] = [];
    const handlers = [
      customersApi().handler,
      http.get(api('/operator/customers/7'), () => ok(customerDetail({ balance }))),
      http.post(api('/operator/customers/7/balance-adjustments'), async ({ request }) => {
        const body = (await request.json()) as { amount: number; reason: string };
        keys.push(request.headers.get('Idempotency-Key') ?? '');
        bodies.push(body);
        if (balance + body.amount < 0) {
          return failure(422, 'The balance is only 12.50 coins.', {
            amount: ['The balance is only 12.50 coins.'],
          });
        }
        balance += body.amount;
        return HttpResponse.json({
          status: 'OK' as const,
          message: 'The balance was adjusted.',
          payload: { customer_id: 7, entry_id: 32, amount: body.amount, balance },
        });
      }),
    ];
    return { handlers, keys, bodies };
  }

  /** Customer 7's page in the console, shown, with the calls its API answers recorded. */
  async function openCustomerPage() {
    const customerCalls = customerApi();
    const view = renderApp({
      path: '/operator/customers/7',
      storage: SIGNED_IN,
      handlers: customerCalls.handlers,
    });
    await view.ready();
    await screen.findByRole('heading', { level: 1, name: 'alex.stone@example.com' });
    return { customerCalls, view };
  }

  it('shows the profile, balance, ledger and orders', async () => {
    const view = renderApp({
      path: '/operator/customers/7',
      storage: SIGNED_IN,
      handlers: customerApi().handlers,
    });
    await view.ready();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'alex.stone@example.com' }),
    ).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Steve7')).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('12.50')).toBeInTheDocument();
    const ledger = within(screen.getByRole('region', { name: 'Ledger' }))
      .getAllByRole('row')
      .slice(1);
    expect(ledger.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Order') as unknown as string,
      expect.stringContaining('Top-up') as unknown as string,
    ]);
    expect(within(ledger[0] as HTMLElement).getByText('-10.00')).toBeInTheDocument();
    expect(within(ledger[0] as HTMLElement).getByText('Order #42')).toBeInTheDocument();
    const orders = within(screen.getByRole('region', { name: 'Orders' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(orders[0] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(orders[0] as HTMLElement).getByRole('link', { name: 'Order #42' })).toHaveAttribute(
      'href',
      '/operator/orders/42',
    );
  });

  it('checks the amount and the reason before sending', async () => {
    const { customerCalls, view } = await openCustomerPage();
    await view.user.type(screen.getByRole('textbox', { name: 'Amount in coins' }), '0');
    await view.user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    expect(await screen.findByText(/Enter a number of coins other than 0/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount in coins' })).toHaveFocus();
    await view.user.clear(screen.getByRole('textbox', { name: 'Amount in coins' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Amount in coins' }), '5');
    await view.user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    expect(await screen.findByText('Give a reason')).toBeInTheDocument();
    expect(customerCalls.bodies).toEqual([]);
  });

  it("shows the API's refusal at the amount, keeps what was typed, and a retry sends the same key", async () => {
    const { customerCalls, view } = await openCustomerPage();
    const amount = screen.getByRole('textbox', { name: 'Amount in coins' });
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    await view.user.type(amount, '-20');
    await view.user.type(reason, 'Charged twice');
    await view.user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    expect(await screen.findByText('The balance is only 12.50 coins.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveValue('-20');
    expect(reason).toHaveValue('Charged twice');
    await view.user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(customerCalls.keys).toHaveLength(2));
    expect(customerCalls.keys[1]).toBe(customerCalls.keys[0]);
    expect(customerCalls.bodies[0]).toMatchObject({ amount: -2000, reason: 'Charged twice' });
  });

  it('adjusts the balance: the page shows the new balance, the form empties and the next attempt has a new key', async () => {
    const { customerCalls, view } = await openCustomerPage();
    await view.user.type(screen.getByRole('textbox', { name: 'Amount in coins' }), '25');
    await view.user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Goodwill');
    await view.user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    expect(await screen.findByText('The balance was adjusted.')).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Balance' });
    expect(await within(balance).findByText('37.50')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount in coins' })).toHaveValue('');
    await view.user.type(screen.getByRole('textbox', { name: 'Amount in coins' }), '1');
    await view.user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Again');
    await view.user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(customerCalls.keys).toHaveLength(2));
    expect(customerCalls.keys[1]).not.toBe(customerCalls.keys[0]);
    expect(customerCalls.bodies).toMatchObject([
      { amount: 2500, reason: 'Goodwill' },
      { amount: 100, reason: 'Again' },
    ]);
  });
});
