import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { overview, overviewDays } from '../../support/operatorContentPaths';
import { manyCustomers } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/**
 * jsdom has no 2D canvas: uPlot draws on a context that does nothing, so the charts are built as
 * in a browser (tests/e2e/operator.e2e.ts sees them drawn).
 */
const noDrawing = new Proxy({} as Record<string | symbol, unknown>, {
  get: (target, key) =>
    key in target ? target[key] : key === 'measureText' ? () => ({ width: 0 }) : () => {},
  set: (target, key, value) => {
    target[key] = value;
    return true;
  },
});
const drawing = { restore: () => {} };
beforeAll(() => {
  const context = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(() => noDrawing as unknown as CanvasRenderingContext2D);
  Object.defineProperty(globalThis, 'Path2D', {
    configurable: true,
    value: class {
      constructor() {
        // biome-ignore lint/correctness/noConstructorReturn: every path method does nothing
        return noDrawing;
      }
    },
  });
  drawing.restore = () => {
    context.mockRestore();
    Reflect.deleteProperty(globalThis, 'Path2D');
  };
});
afterAll(() => drawing.restore());

const charts = () => document.querySelectorAll('.operator-chart .uplot');

const access = http.get(api('/operator/customers'), () => ok(manyCustomers(1)));

function overviewApi(answer: () => Response) {
  let calls = 0;
  const handler = http.get(api('/operator/overview'), ({ request }) => {
    calls += 1;
    expect(new URL(request.url).searchParams.get('days')).toBe('30');
    return answer();
  });
  return { handler, calls: () => calls };
}

describe('the overview (/operator)', () => {
  it("is the console's landing page: the last 30 days charted and in text, today, top products, what needs a look", async () => {
    const view = renderApp({
      path: '/operator',
      storage: SIGNED_IN,
      handlers: [access, overviewApi(() => ok(overview())).handler],
    });
    await view.ready();
    const nav = await screen.findByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Customers' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Last 30 days' })).toBeInTheDocument();
    // The text alternative: the totals, and every day in a table.
    expect(
      screen.getByText('4 orders paid, 1,550.00 Coins spent, card money in: $10.00, €24.99.'),
    ).toBeInTheDocument();
    const dayTable = screen.getAllByRole('table')[0] as HTMLElement;
    const rows = within(dayTable).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day', 'Orders paid', 'Coins spent', 'Card money in (USD)', 'Card money in (EUR)']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1,500.00 Coins', '$0.00', '€24.99']);
    // Drawn by uPlot, loaded with the page: card money in (a line per currency), coins, orders.
    await waitFor(() => expect(charts()).toHaveLength(3));
    const legend = screen.getByText('Card money in', { selector: 'figcaption' }).nextElementSibling;
    expect(legend?.textContent).toBe('USDEUR');

    expect(screen.getByText('3 orders paid, 1,500.00 Coins spent')).toBeInTheDocument();
    const top = screen.getByRole('region', { name: 'Top products' });
    expect(within(top).getByText('VIP Rank')).toBeInTheDocument();
    expect(within(top).getByText('Old Kit (deleted)')).toBeInTheDocument();
    const attention = screen.getByRole('region', { name: 'Needs a look' });
    expect(
      within(attention)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 failed deliveries', '1 payment pending']);
    expect(within(attention).getByRole('link', { name: '1 payment pending' })).toHaveAttribute(
      'href',
      '/operator/orders?status=pending',
    );
    expect(within(attention).getByRole('link', { name: '2 failed deliveries' })).toHaveAttribute(
      'href',
      '/operator/deliveries?state=failed',
    );
  });

  it('says when nothing happened yet, and when nothing needs a look', async () => {
    const quiet = overview({
      days: overviewDays(30),
      top_products: [],
      attention: { failed_deliveries: 0, uncertain_deliveries: 0, pending_payments: 0, late_payments: 0 },
    });
    const view = renderApp({
      path: '/operator',
      storage: SIGNED_IN,
      handlers: [access, overviewApi(() => ok(quiet)).handler],
    });
    await view.ready();
    expect(
      await screen.findByRole('heading', { name: 'No orders, coins spent or card payments yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing sold in these days')).toBeInTheDocument();
    expect(screen.getByText('Nothing needs a look')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(charts()).toHaveLength(0);
  });

  it("shows a failed load's message with Try again, which loads it again", async () => {
    let fail = true;
    const api = overviewApi(() => (fail ? failure(500, 'The database is away.') : ok(overview())));
    const view = renderApp({ path: '/operator', storage: SIGNED_IN, handlers: [access, api.handler] });
    await view.ready();
    expect(await screen.findByText('The database is away.')).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Last 30 days' })).toBeInTheDocument();
    expect(api.calls()).toBe(2);
  });
});
