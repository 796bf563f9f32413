import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../src/api';
import { api, failure, fixtures, type RenderedApp, renderApp, SIGNED_IN } from '../support';

const cartAnswer = (cart: Schemas['Cart']) => HttpResponse.json({ status: 'OK' as const, cart });
const diamond = fixtures.products[1] as Schemas['Product'];
const twoLines = [fixtures.cartLine(1, 2), fixtures.cartLine(2, 1, diamond)];

function withCart(cart: Schemas['Cart']) {
  return http.get(api('/cart/contents'), () => cartAnswer(cart));
}

/** POST /orders/checkout's answer for a card order: the payment page to go to. */
const cardCheckoutOpened = () =>
  HttpResponse.json({
    status: 'OK' as const,
    redirect_url: '/api/sandbox/pay/pay_1?key=k',
    order_id: 9,
    payment_id: 'pay_1',
  });

async function payByCard(user: RenderedApp['user']) {
  await user.click(await screen.findByRole('radio', { name: 'Debit / Credit card' }));
  await user.click(screen.getByRole('button', { name: 'Pay by card' }));
}

describe('cart page', () => {
  it('a guest is sent to sign in first', async () => {
    const { ready, location } = renderApp({ path: '/cart' });
    await ready();
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fcart'));
  });

  it('shows the lines, their totals and the cart total', async () => {
    const { ready } = renderApp({ path: '/cart', storage: SIGNED_IN, handlers: [withCart(twoLines)] });
    await ready();
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 2, name: 'Diamond Rank' })).toBeInTheDocument();
    // Iron Rank 499.00 × 2 = 998.00; total 998.00 + 2,499.00 = 3,497.00
    expect(within(main).getByText('998.00')).toBeInTheDocument();
    expect(within(main).getByText('3,497.00')).toBeInTheDocument();
  });

  it('a line at its limit stops its + and names the limit; one bought before says so', async () => {
    const rank = { ...diamond, max_per_order: 1, max_per_customer: 1 };
    const atLimit = { ...fixtures.cartLine(2, 1, rank), max_count: 1 };
    const owned = { ...fixtures.cartLine(3, 1, { ...rank, id: 5, title: 'Gold Rank' }), max_count: 0 };
    const { ready } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [withCart([fixtures.cartLine(1, 2), atLimit, owned])],
    });
    await ready();
    await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' });
    expect(screen.getByRole('button', { name: 'One more Diamond Rank' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('group', { name: 'Quantity of Diamond Rank' })).toHaveAccessibleDescription(
      'Limit: 1 per order',
    );
    expect(screen.getByRole('group', { name: 'Quantity of Gold Rank' })).toHaveAccessibleDescription(
      'You already own this.',
    );
    expect(screen.getByRole('button', { name: 'One more Iron Rank' })).not.toHaveAttribute('aria-disabled');
  });

  it('changes a quantity with POST /cart/set and removes a line with POST /cart/remove', async () => {
    const calls: Array<[string, unknown]> = [];
    const { ready, user } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        withCart(twoLines),
        http.post(api('/cart/set'), async ({ request }) => {
          calls.push(['set', await request.json()]);
          return cartAnswer([fixtures.cartLine(1, 3), fixtures.cartLine(2, 1, diamond)]);
        }),
        http.post(api('/cart/remove'), async ({ request }) => {
          calls.push(['remove', await request.json()]);
          return cartAnswer([fixtures.cartLine(2, 1, diamond)]);
        }),
      ],
    });
    await ready();
    await user.click(await screen.findByRole('button', { name: 'One more Iron Rank' }));
    await waitFor(() => expect(screen.getByText('1,497.00')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove Iron Rank' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Iron Rank' })).not.toBeInTheDocument(),
    );
    expect(calls).toEqual([
      ['set', expect.objectContaining({ id: 1, count: 3 })],
      ['remove', expect.objectContaining({ id: 1 })],
    ]);
  });

  it("a failed remove keeps the lines and says 'Error removing item from cart'", async () => {
    const { ready, user } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [withCart(twoLines), http.post(api('/cart/remove'), () => HttpResponse.error())],
    });
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Remove Iron Rank' }));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Iron Rank' })).toBeInTheDocument();
  });

  it('an empty cart links to the shop', async () => {
    const { ready } = renderApp({ path: '/cart', storage: SIGNED_IN, handlers: [withCart([])] });
    await ready();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
  });

  it('coins: one checkout with an Idempotency-Key, then the success page', async () => {
    const keys: Array<string | null> = [];
    const { ready, user, location } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        withCart([fixtures.cartLine(1, 1)]),
        http.post(api('/orders/checkout'), ({ request }) => {
          keys.push(request.headers.get('Idempotency-Key'));
          return HttpResponse.json({ status: 'OK' as const, redirect_url: '/success-payment', order_id: 9 });
        }),
      ],
    });
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Pay with Coins' }));
    await waitFor(() => expect(location()).toBe('/success-payment'));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a cart delivered in game asks for the player (ADR 0031): the profile's name, another typed, none refused", async () => {
    const players: unknown[] = [];
    const { ready, user, location } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        withCart([fixtures.cartLine(1, 1)]),
        http.post(api('/orders/checkout'), async ({ request }) => {
          players.push(((await request.json()) as { player?: unknown }).player);
          return HttpResponse.json({ status: 'OK' as const, redirect_url: '/success-payment', order_id: 9 });
        }),
      ],
    });
    await ready();
    const player = await screen.findByRole('textbox', { name: 'Player name' });
    await waitFor(() => expect(player).toHaveValue('Steve'));
    await user.clear(player);
    await user.click(screen.getByRole('button', { name: 'Pay with Coins' }));
    expect(await screen.findByText('Please enter the player name the order is for.')).toBeInTheDocument();
    expect(player).toHaveAttribute('aria-invalid', 'true');
    expect(players).toEqual([]);
    await user.type(player, 'Notch');
    expect(screen.queryByText('Please enter the player name the order is for.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay with Coins' }));
    await waitFor(() => expect(location()).toBe('/success-payment'));
    expect(players).toEqual(['Notch']);
  });

  it('a cart that delivers nothing in game has no player field and sends none', async () => {
    const line = fixtures.cartLine(1, 1);
    const players: unknown[] = [];
    const { ready, user, location } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        withCart([{ ...line, item: { ...line.item, in_game: false } }]),
        http.post(api('/orders/checkout'), async ({ request }) => {
          players.push(((await request.json()) as { player?: unknown }).player);
          return HttpResponse.json({ status: 'OK' as const, redirect_url: '/success-payment', order_id: 9 });
        }),
      ],
    });
    await ready();
    const pay = await screen.findByRole('button', { name: 'Pay with Coins' });
    expect(screen.queryByRole('textbox', { name: 'Player name' })).not.toBeInTheDocument();
    await user.click(pay);
    await waitFor(() => expect(location()).toBe('/success-payment'));
    expect(players).toEqual([undefined]);
  });

  it('coins short: the shortfall and a Top up link with the missing amount', async () => {
    const { ready, user } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        // 2 × Diamond Rank = 4,998.00 coins; the demo balance is 1,250.50: 3,747.50 missing.
        withCart([fixtures.cartLine(2, 2, diamond)]),
        http.post(api('/orders/checkout'), () =>
          failure(422, 'Not enough coins', { payment_method: ['Not enough coins'] }, 'insufficient_funds'),
        ),
      ],
    });
    await ready();
    expect(await screen.findByText('3,747.50')).toBeInTheDocument();
    const topUp = screen.getByRole('link', { name: 'Top up' });
    // The way back to the cart goes with it (ADR 0028).
    expect(topUp.getAttribute('href')).toBe('/account/balance?amount=37.48&return=%2Fcart');
    await user.click(screen.getByRole('button', { name: 'Pay with Coins' }));
    expect(await screen.findByText('Not enough coins')).toBeInTheDocument();
  });

  it('coins, another 422 (a reused key) with enough coins: its own message, no shortfall and no Top up', async () => {
    const reused = 'This checkout was already sent with other details. Please reload the page and try again.';
    const { ready, user } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        // 1 × Iron Rank is within the demo balance of 1,250.50 coins.
        withCart([fixtures.cartLine(1, 1)]),
        http.post(api('/orders/checkout'), () => failure(422, reused, { idempotency_key: [reused] })),
      ],
    });
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Pay with Coins' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reused);
    expect(screen.queryByText(/^Your balance is short by/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull();
  });

  it('card: sends the display currency the page shows prices in', async () => {
    const bodies: unknown[] = [];
    const { ready, user } = renderApp({
      path: '/cart',
      storage: { ...SIGNED_IN, currency_code: 'USD', currency_symbol: '$' },
      handlers: [
        withCart([fixtures.cartLine(1, 1)]),
        http.post(api('/orders/checkout'), async ({ request }) => {
          bodies.push(await request.json());
          return cardCheckoutOpened();
        }),
      ],
    });
    await ready();
    await payByCard(user);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ payment_method: 'card', currency: 'USD' });
  });

  it('card, payment service down (503): its message and Try again, which sends the same key again', async () => {
    const keys: Array<string | null> = [];
    const unreachable =
      'The payment service cannot be reached right now. Nothing was charged; please try again in a moment.';
    const { ready, user } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        withCart([fixtures.cartLine(1, 1)]),
        http.post(api('/orders/checkout'), async ({ request }) => {
          keys.push(request.headers.get('Idempotency-Key'));
          expect(await request.json()).toMatchObject({ payment_method: 'card' });
          if (keys.length === 1) {
            return HttpResponse.json(
              { status: 'ERROR' as const, message: unreachable },
              { status: 503, headers: { 'Retry-After': '30' } },
            );
          }
          return cardCheckoutOpened();
        }),
      ],
    });
    await ready();
    await payByCard(user);
    expect(await screen.findByText(unreachable)).toBeInTheDocument();
    // The order waits on the server: the method cannot change, only the same checkout again.
    expect(screen.getByRole('radio', { name: 'Coins from your balance' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Redirecting to payment…' })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('card orders waiting for payment in the cart (ADR 0028)', () => {
  const waiting: Schemas['Order'] = {
    id: 77,
    created_at: '2026-05-02T10:00:00.000Z',
    status: 'pending',
    payment_method: 'card',
    total: 249900,
    items: [{ product_id: 2, title: 'Diamond Rank', price: 249900, count: 1 }],
    payment_id: 'pay_5K2m9QeX1tZ8',
    expires_at: '2026-05-02T10:30:00.000Z',
    can_pay: true,
    can_cancel: true,
    delivery: { status: 'none' },
    card: null,
  };
  const history = (orders: Schemas['Order'][]) =>
    http.get(api('/purchase/history'), () => HttpResponse.json({ status: 'OK' as const, payload: orders }));

  it('an empty cart after leaving the payment page shows the order: Cancel puts its items back', async () => {
    let cart: Schemas['Cart'] = [];
    const cancels: string[] = [];
    const { ready, user } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/cart/contents'), () => cartAnswer(cart)),
        history([waiting, ...fixtures.orders]),
        http.post(api('/orders/:id/cancel'), ({ params }) => {
          cancels.push(String(params.id));
          cart = [fixtures.cartLine(5, 1, diamond)];
          return HttpResponse.json({ status: 'OK' as const, cart, message: 'Cancelled' });
        }),
      ],
    });
    await ready();
    const section = await screen.findByRole('region', { name: 'Waiting for payment' });
    expect(within(section).getByRole('heading', { name: 'Order #77' })).toBeInTheDocument();
    expect(within(section).getByText('Diamond Rank')).toBeInTheDocument();
    expect(within(section).getByText(/^Pay by .*, or it is cancelled\.$/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Pay order #77 now' })).toBeInTheDocument();
    // The paid order of the history is not offered.
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Cancel order #77' }));
    expect(
      await screen.findByText('The order is cancelled. Its items are back in your cart.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Diamond Rank' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting for payment' })).not.toBeInTheDocument();
    expect(cancels).toEqual(['77']);
  });

  it('Pay now asks for the payment page again; an order paid meanwhile says so and leaves the list', async () => {
    let orders = [waiting];
    const { ready, user } = renderApp({
      path: '/cart',
      storage: SIGNED_IN,
      handlers: [
        withCart([]),
        http.get(api('/purchase/history'), () =>
          HttpResponse.json({ status: 'OK' as const, payload: orders }),
        ),
        http.post(api('/orders/:id/pay'), () => {
          orders = [
            {
              ...waiting,
              status: 'paid',
              can_pay: false,
              can_cancel: false,
              payment_id: null,
              expires_at: null,
            },
          ];
          return failure(409, 'This order is no longer waiting for payment.');
        }),
      ],
    });
    await ready();
    const section = await screen.findByRole('region', { name: 'Waiting for payment' });
    await user.click(within(section).getByRole('button', { name: 'Pay order #77 now' }));
    expect(await screen.findByText('This order is no longer waiting for payment.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Pay order #77 now' })).not.toBeInTheDocument(),
    );
  });
});
