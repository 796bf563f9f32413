import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currencies as storeCurrencies } from '../../support/fixtures';
import { manyCustomers, operatorCurrency } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** The console's access check (GET /operator/customers?limit=1) lets the operator in. */
const access = http.get(api('/operator/customers'), () => ok(manyCustomers(1)));

/** USD as the operator API keeps it, with the saves it was sent and the store's reads of GET /currencies. */
function currencyApi(answers: { save?: () => Response } = {}) {
  let usd = operatorCurrency('USD');
  const saves: unknown[] = [];
  let storeReads = 0;
  const handlers = [
    access,
    http.get(api('/currencies'), () => {
      storeReads += 1;
      return ok(
        storeCurrencies.map((currency) =>
          currency.code === 'USD' ? { ...currency, value: Number(usd.value) } : currency,
        ),
      );
    }),
    http.get(api('/operator/currencies/USD'), () => ok(usd)),
    http.patch(api('/operator/currencies/USD'), async ({ request }) => {
      const body = (await request.json()) as { value: string };
      saves.push(body);
      const refused = answers.save?.();
      if (refused !== undefined) return refused;
      usd = { ...usd, value: body.value, version: usd.version + 1 };
      return ok(usd);
    }),
  ];
  return {
    handlers,
    saves,
    storeReads: () => storeReads,
    changeMeanwhile: (value: string) => {
      usd = { ...usd, value, version: usd.version + 1 };
    },
  };
}

async function openUsd(calls: ReturnType<typeof currencyApi>) {
  const view = renderApp({ path: '/operator/currencies/USD', storage: SIGNED_IN, handlers: calls.handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'USD' });
  return view;
}

describe('the currencies (/operator/currencies)', () => {
  it('lists every currency with its rate under the console’s nav, the default and hidden ones marked', async () => {
    const view = renderApp({
      path: '/operator/currencies',
      storage: SIGNED_IN,
      handlers: [
        access,
        http.get(api('/operator/currencies'), () =>
          ok([
            operatorCurrency('EUR'),
            operatorCurrency('KWD', { value: '0.356', symbol: 'KD', decimals: 3, hidden: true }),
          ]),
        ),
      ],
    });
    await view.ready();
    const nav = await screen.findByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Currencies' })).toHaveAttribute('aria-current', 'page');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Default')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'KWD' })).toHaveAttribute(
      'href',
      '/operator/currencies/KWD',
    );
    expect(within(rows[1] as HTMLElement).getByText('Hidden')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('0.356')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a currency' })).toHaveAttribute(
      'href',
      '/operator/currencies/new',
    );
  });
});

describe('a currency (/operator/currencies/{code})', () => {
  it('checks the rate before sending; saves it with its version and the store reads its currencies again', async () => {
    const calls = currencyApi();
    const view = await openUsd(calls);
    const rate = screen.getByRole('textbox', { name: 'Rate' });
    expect(rate).toHaveValue('1.16');
    await view.user.clear(rate);
    await view.user.type(rate, '1.123456789');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rate may have at most 8 decimals')).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(calls.saves).toEqual([]);
    const readsBefore = calls.storeReads();
    await view.user.clear(rate);
    await view.user.type(rate, '1,20');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The currency was saved.')).toBeInTheDocument();
    expect(calls.saves).toEqual([{ version: 1, value: '1.2', symbol: '$', hidden: false }]);
    await waitFor(() => expect(calls.storeReads()).toBe(readsBefore + 1));
  });

  it('a save after someone else’s keeps what was typed and offers Reload', async () => {
    const calls = currencyApi({
      save: () => failure(409, 'This currency was changed meanwhile. Reload it and save again.'),
    });
    const view = await openUsd(calls);
    calls.changeMeanwhile('1.3');
    const rate = screen.getByRole('textbox', { name: 'Rate' });
    await view.user.clear(rate);
    await view.user.type(rate, '1.25');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this currency meanwhile/)).toBeInTheDocument();
    expect(rate).toHaveValue('1.25');
    await view.user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Rate' })).toHaveValue('1.3'));
  });

  it('adds a currency by its ISO code, a refusal at its field, then shows its page', async () => {
    const created: unknown[] = [];
    const view = renderApp({
      path: '/operator/currencies/new',
      storage: SIGNED_IN,
      handlers: [
        access,
        http.post(api('/operator/currencies'), async ({ request }) => {
          const body = (await request.json()) as { code: string; value: string; symbol: string };
          created.push(body);
          if (body.code === 'USD') {
            return failure(422, 'The store lists this currency already.', {
              code: ['The store lists this currency already.'],
            });
          }
          return ok(operatorCurrency(body.code, { value: body.value, symbol: body.symbol }));
        }),
        http.get(api('/operator/currencies/CHF'), () =>
          ok(operatorCurrency('CHF', { value: '0.93', symbol: 'Fr.' })),
        ),
      ],
    });
    await view.ready();
    await screen.findByRole('heading', { level: 1, name: 'New currency' });
    const code = screen.getByRole('textbox', { name: 'ISO 4217 code' });
    await view.user.type(code, 'ABC');
    await view.user.type(screen.getByRole('textbox', { name: 'Symbol' }), 'Fr.');
    await view.user.type(screen.getByRole('textbox', { name: 'Rate' }), '0.93');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There is no ISO 4217 currency with this code')).toBeInTheDocument();
    await view.user.clear(code);
    await view.user.type(code, 'USD');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The store lists this currency already.')).toBeInTheDocument();
    await view.user.clear(code);
    await view.user.type(code, 'CHF');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'CHF' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/operator/currencies/CHF');
    expect(created).toHaveLength(2);
  });
});
