import { screen, waitFor, within } from '@testing-library/react';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { settings } from '../../support/fixtures';
import { field } from '../auth/support';
import { chooseCurrency } from '../shell/steps';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

const SANDBOX_URL = '/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=Xq2v9LmB4tR7sN1wK8pZ3cF6hJ0yD5gA2eU4iO7nM9k';

async function openBalance(path = '/account/balance', handlers: HttpHandler[] = []) {
  const view = renderApp({ path, storage: SIGNED_IN, handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 2, name: 'Balance' });
  return view;
}

/** A paragraph by its whole text (amounts sit in their own element inside it). */
const paragraph = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

const balanceTab = () => screen.getByRole('region', { name: 'Balance' });

describe('the balance tab (docs/product.md §2 "Balance tab", §3 min_top_up, vat_percent)', () => {
  it('shows the coins and the top-up entry with the minimum in the display currency', async () => {
    await openBalance();
    const tab = balanceTab();
    await waitFor(() => expect(within(tab).getByText('1,250.50')).toBeInTheDocument());
    expect(within(tab).getByRole('heading', { level: 3, name: 'Top up balance' })).toBeInTheDocument();
    expect(field('Amount (EUR)')).toHaveValue('');
    expect(within(tab).getByText(paragraph('Minimum top-up amount: €5.00'))).toBeInTheDocument();
  });

  it("'Please enter a valid amount', then the minimum, are checked before anything is sent", async () => {
    let sent = 0;
    const view = await openBalance();
    view.server.use(
      http.post(api('/balance/top-up'), () => {
        sent += 1;
        return HttpResponse.json({ status: 'OK' as const, redirect_url: SANDBOX_URL, payment_id: 'pay_1' });
      }),
    );
    await view.user.type(field('Amount (EUR)'), 'abc');
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
    await view.user.clear(field('Amount (EUR)'));
    await view.user.type(field('Amount (EUR)'), '4.99');
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('Please enter at least the minimum top-up amount')).toBeInTheDocument();
    expect(field('Amount (EUR)')).toHaveFocus();
    expect(sent).toBe(0);
  });

  it('TOP UP BALANCE: Total Cost with VAT, the card, Save my information; Pay posts and follows the provider', async () => {
    let body: Record<string, unknown> | null = null;
    const view = await openBalance();
    view.server.use(
      http.post(api('/balance/top-up'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'OK' as const, redirect_url: SANDBOX_URL, payment_id: 'pay_1' });
      }),
    );
    await view.user.type(field('Amount (EUR)'), '20');
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));

    const review = await screen.findByRole('region', { name: 'TOP UP BALANCE' });
    expect(field('Enter amount:')).toHaveValue('20');
    // 20 € + 19 % VAT
    expect(within(review).getByText('€23.80')).toBeInTheDocument();
    expect(within(review).getByText('Total Cost:')).toBeInTheDocument();
    expect(within(review).getByText(paragraph('Total Cost: €23.80 (including 19% VAT)'))).toBeInTheDocument();
    expect(within(review).getByRole('radio', { name: 'Debit / Credit card' })).toBeChecked();
    await view.user.click(within(review).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Top up balance' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    await screen.findByRole('region', { name: 'TOP UP BALANCE' });
    await view.user.clear(field('Enter amount:'));
    await view.user.type(field('Enter amount:'), '12.5');
    expect(screen.getByText('€14.88')).toBeInTheDocument();
    await view.user.click(screen.getByRole('checkbox', { name: 'Save my information for future payments' }));
    await view.user.click(screen.getByRole('button', { name: 'Pay' }));

    await waitFor(() =>
      expect(body).toMatchObject({
        amount: 1250,
        currency: 'EUR',
        payment_method: 'card',
        save_payment_method: true,
      }),
    );
    expect(await within(balanceTab()).findByRole('status')).toHaveTextContent('Redirecting to payment…');
  });

  it.each([
    ['/cart', '/cart'],
    ['https://evil.example/', undefined],
    ['//evil.example/cart', undefined],
    ['/api/logout', undefined],
  ])(
    "?return=%s (the cart's Top up) is sent as return_to only when it is a path of this site",
    async (back, sent) => {
      let body: Record<string, unknown> | null = null;
      const view = await openBalance(`/account/balance?amount=20&return=${encodeURIComponent(back)}`);
      view.server.use(
        http.post(api('/balance/top-up'), async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({ status: 'OK' as const, redirect_url: SANDBOX_URL, payment_id: 'pay_1' });
        }),
      );
      await view.user.click(screen.getByRole('button', { name: 'Top up' }));
      await view.user.click(await screen.findByRole('button', { name: 'Pay' }));
      await waitFor(() => expect(body).toMatchObject({ amount: 2000, currency: 'EUR' }));
      expect((body as unknown as Record<string, unknown>).return_to).toBe(sent);
    },
  );

  it('?amount= fills the amount in (a decimal of the display currency); a failure shows its message', async () => {
    const view = await openBalance('/account/balance?amount=7.5');
    view.server.use(
      http.post(api('/balance/top-up'), () => failure(503, 'Card payments are not available.')),
    );
    expect(field('Amount (EUR)')).toHaveValue('7.5');
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    await view.user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Card payments are not available.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'TOP UP BALANCE' })).toBeInTheDocument();
  });

  it('follows the currency switch: in yen the minimum has no decimals and 1000.5 is not an amount', async () => {
    const view = await openBalance();
    expect(await screen.findByText(paragraph('Minimum top-up amount: €5.00'))).toBeInTheDocument();
    await chooseCurrency(view, 'JPY ¥');
    // 5 € × 162.5
    expect(await screen.findByText(paragraph('Minimum top-up amount: ¥813'))).toBeInTheDocument();
    await view.user.type(field('Amount (JPY)'), '1000.5');
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
  });

  it('in the review, a currency switch reprices the Total Cost and Pay sends the new currency', async () => {
    let body: Record<string, unknown> | null = null;
    const view = await openBalance('/account/balance?amount=1000');
    view.server.use(
      http.post(api('/balance/top-up'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ status: 'OK' as const, redirect_url: SANDBOX_URL, payment_id: 'pay_1' });
      }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    const review = await screen.findByRole('region', { name: 'TOP UP BALANCE' });
    // 1000 € + 19 % VAT
    expect(within(review).getByText('€1,190.00')).toBeInTheDocument();
    await chooseCurrency(view, 'JPY ¥');
    // ¥1000 + 19 % VAT; the minimum is 5 € × 162.5
    expect(await within(review).findByText('¥1,190')).toBeInTheDocument();
    expect(within(review).getByText(paragraph('Minimum top-up amount: ¥813'))).toBeInTheDocument();
    await view.user.click(within(review).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(body).toMatchObject({ amount: 1000, currency: 'JPY' }));
  });

  it('offers the packs (top_up_presets) with their coins; one pressed fills the amount and shows as pressed while it is the amount', async () => {
    const view = await openBalance();
    const packs = within(await screen.findByRole('group', { name: 'Choose a pack' })).getAllByRole('button');
    expect(packs.map((pack) => pack.textContent)).toEqual([
      '€5.00500.00 Coins',
      '€10.001,000.00 Coins',
      '€25.002,500.00 Coins',
      '€50.005,000.00 Coins',
    ]);
    const ten = screen.getByRole('button', { name: /^€10\.00/ });
    for (const pack of packs) expect(pack).toHaveAttribute('aria-pressed', 'false');
    await view.user.click(ten);
    expect(field('Amount (EUR)')).toHaveValue('10.00');
    expect(ten).toHaveAttribute('aria-pressed', 'true');
    expect(balanceTab().querySelector('.account-topup__coins')).toHaveTextContent(
      'You receive: 1,000.00 Coins',
    );
    // Typed otherwise, no pack is the amount; typed as the pack, it is again.
    await view.user.type(field('Amount (EUR)'), '5');
    expect(ten).toHaveAttribute('aria-pressed', 'false');
    await view.user.clear(field('Amount (EUR)'));
    await view.user.type(field('Amount (EUR)'), '10');
    expect(ten).toHaveAttribute('aria-pressed', 'true');
    // From the keyboard: a focused pack is pressed with Space.
    screen.getByRole('button', { name: /^€25\.00/ }).focus();
    await view.user.keyboard(' ');
    expect(field('Amount (EUR)')).toHaveValue('25.00');
    expect(screen.getByRole('button', { name: /^€25\.00/ })).toHaveAttribute('aria-pressed', 'true');
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByRole('region', { name: 'TOP UP BALANCE' })).toBeInTheDocument();
    expect(field('Enter amount:')).toHaveValue('25.00');
  });

  it('in yen the packs are converted as the minimum is and buy the same coins', async () => {
    const view = await openBalance();
    await chooseCurrency(view, 'JPY ¥');
    // 5 € × 162.5 = 812.5 → ¥813, as the minimum; 10 € → ¥1,625.
    const yen = await screen.findByRole('button', { name: /^¥1,625/ });
    expect(screen.getByRole('button', { name: /^¥813/ })).toBeInTheDocument();
    await view.user.click(yen);
    expect(field('Amount (JPY)')).toHaveValue('1625');
    expect(balanceTab().querySelector('.account-topup__coins')).toHaveTextContent(
      'You receive: 1,000.00 Coins',
    );
  });

  it('a store without packs shows only the amount field', async () => {
    await openBalance('/account/balance', [
      http.get(api('/settings'), () => ok({ ...settings, top_up_presets: [] })),
    ]);
    expect(await screen.findByRole('heading', { level: 3, name: 'Top up balance' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Choose a pack' })).not.toBeInTheDocument();
  });

  it('a store without VAT says no VAT line under the Total Cost', async () => {
    const view = await openBalance('/account/balance', [
      http.get(api('/settings'), () => ok({ ...settings, vat_percent: 0 })),
    ]);
    await view.user.type(field('Amount (EUR)'), '20');
    await view.user.click(screen.getByRole('button', { name: 'Top up' }));
    const review = await screen.findByRole('region', { name: 'TOP UP BALANCE' });
    expect(within(review).getByText(paragraph('Total Cost: €20.00'))).toBeInTheDocument();
  });
});
