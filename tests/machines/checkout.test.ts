import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate';
import {
  type CheckoutAnswer,
  cartLocked,
  checkoutMachine,
  checkoutMessages,
  coinShortfall,
  isOwnPath,
  isProviderPage,
  offeredMethods,
  payBlocked,
  type StoreFacts,
  shortfallOf,
  storeFactsOf,
} from '../../machines/checkout';
import { failureMessages, verbatim } from '../../machines/text';
import {
  checkoutFailure,
  checkoutPlan,
  coinsShort,
  keyReused,
  paymentsUnavailable,
  playerRefused,
  UNAVAILABLE_MESSAGE,
} from '../support/checkoutPaths';
import { describePaths, pathPlan } from '../support/paths';

describePaths('checkout paths', pathPlan(checkoutMachine, checkoutPlan));

/** A cart of 10.00 against a balance of 20.00, prices in euros. */
const STORE: StoreFacts = { total: 1000, inGame: false, cartBusy: false, balance: 2000, currency: 'EUR' };

/**
 * The checkout with a stand-in cart and profile (systemIds 'cart', 'profile') that record what they
 * get; the store it follows is what the test sends as STORE (`pay` does), starting at STORE.
 */
function runCheckout(methods: string[], answer: () => Promise<CheckoutAnswer>) {
  const sent: Array<{ to: string; event: unknown }> = [];
  const navigations: unknown[] = [];
  const redirects: string[] = [];
  const requests: unknown[] = [];
  const recorder = (to: string) =>
    fromCallback(({ receive }) => {
      receive((event) => sent.push({ to, event }));
    });
  const checkout = checkoutMachine.provide({
    actors: {
      followStore: fromCallback(() => {}),
      submitCheckout: fromPromise(async ({ input }) => {
        requests.push(input);
        return answer();
      }),
    },
    actions: { followRedirect: (_, params) => redirects.push(params.url) },
  });
  const host = setup({
    actors: { cart: recorder('cart'), profile: recorder('profile'), checkout },
  }).createMachine({
    invoke: [
      { src: 'cart', systemId: 'cart' },
      { src: 'profile', systemId: 'profile' },
      { src: 'checkout', systemId: 'checkout', input: { methods, idempotencyKey: 'key-1', store: STORE } },
    ],
  });
  const actor = createActor(host).start();
  const screen: AnyActorRef = actor.system.get('checkout');
  screen.on('navigate', (event) => navigations.push(event));
  return { screen, sent, navigations, redirects, requests };
}

/** The store changes to `facts` (over STORE), then the customer pays. */
function pay(screen: AnyActorRef, facts: Partial<StoreFacts> = {}) {
  screen.send({ type: 'STORE', ...STORE, ...facts });
  screen.send({ type: 'SUBMIT' });
}

describe('checkout rules', () => {
  it('offers the known methods once, coins first as settings order them', () => {
    expect(offeredMethods(['balance', 'card'])).toEqual(['balance', 'card']);
    expect(offeredMethods(['card', 'paypal', 'coins', 'card'])).toEqual(['card', 'balance']);
    expect(coinShortfall(1000, 400)).toBe(600);
    expect(coinShortfall(1000, 1400)).toBe(0);
    expect(isOwnPath('/success-payment')).toBe(true);
    expect(isOwnPath('//evil.example')).toBe(false);
    expect(isOwnPath('https://pay.example')).toBe(false);
    expect(isProviderPage('https://pay.example/s/1')).toBe(true);
    expect(isProviderPage('http://localhost:3000/api/sandbox/pay/x')).toBe(true);
    expect(isProviderPage('javascript:alert(1)')).toBe(false);
    // The sandbox's page is served by the API on this site: a page load, not a route.
    expect(isOwnPath('/api/sandbox/pay/pay_1ZjwRbgajEUAykZHm5yjKA2G')).toBe(false);
    expect(isProviderPage('/api/sandbox/pay/pay_1ZjwRbgajEUAykZHm5yjKA2G')).toBe(true);
  });

  it('coins: one request with the idempotency key, then the cart and balance refresh and the success page', async () => {
    const run = runCheckout(['balance', 'card'], async () => ({ redirectUrl: '/success-payment' }));
    pay(run.screen, { total: 1000, balance: 2000 });
    pay(run.screen, { total: 1000, balance: 2000 });
    expect(run.screen.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(run.screen, (s) => s.status === 'done');
    expect(run.requests).toEqual([{ method: 'balance', idempotencyKey: 'key-1' }]);
    expect(run.sent).toEqual([
      { to: 'cart', event: { type: 'REFRESH' } },
      { to: 'profile', event: { type: 'FETCH' } },
    ]);
    expect(run.navigations).toEqual([{ type: 'navigate', to: '/success-payment' }]);
  });

  it("card with the sandbox: loads the API's payment page instead of routing to it", async () => {
    const run = runCheckout(['card'], async () => ({ redirectUrl: '/api/sandbox/pay/pay_abcdefgh12345678' }));
    pay(run.screen, { total: 1000, balance: 0 });
    await waitFor(run.screen, (s) => s.matches('redirecting'));
    expect(run.redirects).toEqual(['/api/sandbox/pay/pay_abcdefgh12345678']);
    expect(run.navigations).toEqual([]);
  });

  it("card: follows the provider's page and stays redirecting", async () => {
    const run = runCheckout(['balance', 'card'], async () => ({ redirectUrl: 'https://pay.example/s/1' }));
    run.screen.send({ type: 'SELECT', method: 'card' });
    pay(run.screen, { total: 1000, balance: 0 });
    await waitFor(run.screen, (s) => s.matches('redirecting'));
    expect(run.requests).toEqual([{ method: 'card', idempotencyKey: 'key-1', currency: 'EUR' }]);
    expect(run.redirects).toEqual(['https://pay.example/s/1']);
    expect(run.sent).toEqual([]);
  });

  it('422 for coins: the shortfall and the server message; a retry keeps the same key', async () => {
    let calls = 0;
    const run = runCheckout(['balance'], async () => {
      calls += 1;
      if (calls === 1) throw coinsShort;
      return { redirectUrl: '/success-payment' };
    });
    pay(run.screen, { total: 1000, balance: 400 });
    await waitFor(run.screen, (s) => s.matches('ready') && s.context.error !== null);
    expect(run.screen.getSnapshot().context.shortfall).toBe(600);
    expect(run.screen.getSnapshot().context.error).toEqual(verbatim(coinsShort.serverMessage ?? ''));
    pay(run.screen, { total: 1000, balance: 1000 });
    await waitFor(run.screen, (s) => s.status === 'done');
    expect(run.requests).toEqual([
      { method: 'balance', idempotencyKey: 'key-1' },
      { method: 'balance', idempotencyKey: 'key-1' },
    ]);
  });

  it('another 422 for coins (a reused key): its own message, no shortfall', async () => {
    const run = runCheckout(['balance'], async () => {
      throw keyReused;
    });
    pay(run.screen, { total: 1000, balance: 1000 });
    await waitFor(run.screen, (s) => s.matches('ready') && s.context.error !== null);
    expect(run.screen.getSnapshot().context.shortfall).toBeNull();
    expect(run.screen.getSnapshot().context.error).toEqual(verbatim(keyReused.serverMessage ?? ''));
    expect(run.requests).toEqual([{ method: 'balance', idempotencyKey: 'key-1' }]);
  });

  it.each([
    ['a 5xx without a message', checkoutFailure('server'), failureMessages.server],
    ['a refusal without a message', checkoutFailure('conflict'), checkoutMessages.failed],
    [
      'a refusal with a message',
      checkoutFailure('conflict', 'Your cart is empty.'),
      verbatim('Your cart is empty.'),
    ],
  ])('%s shows its text and keeps the cart', async (_, error, text) => {
    const run = runCheckout(['card'], async () => {
      throw error;
    });
    pay(run.screen, { total: 1000, balance: 0 });
    await waitFor(run.screen, (s) => s.matches('ready') && s.context.error !== null);
    expect(run.screen.getSnapshot().context.error).toEqual(text);
    expect(run.sent).toEqual([]);
  });

  it("an answer that is neither this site's path nor a provider's page: 'Order processing failed'", async () => {
    const run = runCheckout(['card'], async () => ({ redirectUrl: 'javascript:alert(1)' }));
    pay(run.screen, { total: 1000, balance: 0 });
    await waitFor(run.screen, (s) => s.matches('ready') && s.context.error !== null);
    expect(run.screen.getSnapshot().context.error).toEqual(checkoutMessages.processing);
    expect(run.redirects).toEqual([]);
  });

  it('unverified or cancelled: back to ready without a message (the session handles the 403)', async () => {
    for (const error of [
      checkoutFailure('unverified', 'Your email address is not verified.'),
      checkoutFailure('cancelled'),
    ]) {
      const run = runCheckout(['balance'], async () => {
        throw error;
      });
      pay(run.screen, { total: 1, balance: 5 });
      await waitFor(run.screen, (s) => s.matches('ready'));
      expect(run.screen.getSnapshot().context.error).toBeNull();
    }
  });
});

describe('checkout follows the store', () => {
  it('reads the cart, the balance and the display currency from the app actors by systemId', () => {
    const snapshot = (value: object) => ({ getSnapshot: () => value }) as unknown as AnyActorRef;
    const line = (price: number, count: number, inGame: boolean) => ({
      id: price,
      count,
      item: { price, in_game: inGame },
    });
    const actors: Record<string, AnyActorRef> = {
      cart: snapshot({
        context: { items: [line(250, 2, false), line(100, 1, true)] },
        hasTag: (tag: string) => tag === 'busy',
      }),
      profile: snapshot({ context: { profile: { balance: 700 } } }),
      currency: snapshot({ context: { current: { code: 'KWD' } } }),
    };
    expect(storeFactsOf({ get: (id) => actors[id] })).toEqual({
      total: 600,
      inGame: true,
      cartBusy: true,
      balance: 700,
      currency: 'KWD',
    });
    expect(storeFactsOf({ get: () => undefined })).toEqual({
      total: 0,
      inGame: false,
      cartBusy: false,
      balance: 0,
      currency: '',
    });
  });

  it('waits for a cart change: Pay sends nothing while the cart is busy, and the lines wait for checkout', async () => {
    const run = runCheckout(['balance'], async () => ({ redirectUrl: '/success-payment' }));
    pay(run.screen, { cartBusy: true });
    expect(run.screen.getSnapshot().matches('ready')).toBe(true);
    expect(payBlocked(run.screen.getSnapshot())).toBe(true);
    expect(cartLocked(run.screen.getSnapshot())).toBe(true);
    expect(run.requests).toEqual([]);
    pay(run.screen);
    expect(cartLocked(run.screen.getSnapshot())).toBe(true);
    await waitFor(run.screen, (s) => s.status === 'done');
    expect(run.requests).toHaveLength(1);
  });

  it('shows the shortfall of coins as the store changes, and at least what the server refused', async () => {
    const run = runCheckout(['balance', 'card'], async () => {
      throw coinsShort;
    });
    run.screen.send({ type: 'STORE', ...STORE, total: 3000 });
    expect(shortfallOf(run.screen.getSnapshot().context)).toBe(1000);
    run.screen.send({ type: 'SELECT', method: 'card' });
    expect(shortfallOf(run.screen.getSnapshot().context)).toBe(0);
    run.screen.send({ type: 'SELECT', method: 'balance' });
    // The balance shown covers it, the server says it does not (a stale balance): one coin at least.
    pay(run.screen, { total: 1000, balance: 1000 });
    await waitFor(run.screen, (s) => s.matches('ready') && s.context.error !== null);
    expect(shortfallOf(run.screen.getSnapshot().context)).toBe(1);
  });
});

describe('checkout when the payment service cannot be reached', () => {
  it('a card 503 waits in unavailable with the server message; Pay again sends the same request with the same key', async () => {
    let calls = 0;
    const { screen, requests, redirects } = runCheckout(['balance', 'card'], async () => {
      calls += 1;
      if (calls === 1) throw paymentsUnavailable;
      return { redirectUrl: 'https://pay.example/session/1' };
    });
    screen.send({ type: 'SELECT', method: 'card' });
    pay(screen, { total: 1000, balance: 0 });
    await waitFor(screen, (s) => s.matches('unavailable'));
    expect(screen.getSnapshot().context.error).toEqual(verbatim(UNAVAILABLE_MESSAGE));
    // The order waits on the server: another method, another display currency or a busy cart change nothing of it.
    screen.send({ type: 'SELECT', method: 'balance' });
    screen.send({ type: 'STORE', ...STORE, currency: 'USD', cartBusy: true });
    expect(payBlocked(screen.getSnapshot())).toBe(false);
    screen.send({ type: 'SUBMIT' });
    await waitFor(screen, (s) => s.matches('redirecting'));
    expect(requests).toEqual([
      { method: 'card', idempotencyKey: 'key-1', currency: 'EUR' },
      { method: 'card', idempotencyKey: 'key-1', currency: 'EUR' },
    ]);
    expect(redirects).toEqual(['https://pay.example/session/1']);
  });

  it('a coins 503 (the database) is an ordinary failure: back to ready', async () => {
    const { screen } = runCheckout(['balance', 'card'], async () => {
      throw paymentsUnavailable;
    });
    pay(screen, { total: 1000, balance: 5000 });
    await waitFor(screen, (s) => s.matches('ready') && s.context.error !== null);
  });
});

describe('the player an order is for (ADR 0031)', () => {
  it("suggests the profile's player until the customer types, and sends the trimmed name", async () => {
    const run = runCheckout(['balance'], async () => ({ redirectUrl: '/success-payment' }));
    run.screen.send({ type: 'SUGGEST_PLAYER', player: 'Steve' });
    expect(run.screen.getSnapshot().context.player).toBe('Steve');
    run.screen.send({ type: 'PLAYER', value: ' Alex_2 ' });
    run.screen.send({ type: 'SUGGEST_PLAYER', player: 'Steve' });
    expect(run.screen.getSnapshot().context.player).toBe(' Alex_2 ');
    pay(run.screen, { inGame: true });
    await waitFor(run.screen, (s) => s.status === 'done');
    expect(run.requests).toEqual([{ method: 'balance', idempotencyKey: 'key-1', player: 'Alex_2' }]);
  });

  it('sends no player for a cart that delivers nothing in game', async () => {
    const run = runCheckout(['balance'], async () => ({ redirectUrl: '/success-payment' }));
    run.screen.send({ type: 'SUGGEST_PLAYER', player: 'Steve' });
    pay(run.screen, { total: 1000, balance: 2000 });
    await waitFor(run.screen, (s) => s.status === 'done');
    expect(run.requests).toEqual([{ method: 'balance', idempotencyKey: 'key-1' }]);
  });

  it('an empty name stays on the page with its message and sends nothing', () => {
    const run = runCheckout(['balance'], async () => ({ redirectUrl: '/success-payment' }));
    run.screen.send({ type: 'PLAYER', value: '  ' });
    pay(run.screen, { inGame: true });
    const snapshot = run.screen.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.playerError).toEqual(checkoutMessages.playerRequired);
    expect(run.requests).toEqual([]);
    run.screen.send({ type: 'PLAYER', value: 'Steve' });
    expect(run.screen.getSnapshot().context.playerError).toBeNull();
  });

  it("a 422 on the player shows the server's message at the field; the next try keeps the key", async () => {
    let calls = 0;
    const run = runCheckout(['card'], async () => {
      calls += 1;
      if (calls === 1) throw playerRefused;
      return { redirectUrl: 'https://pay.example/s/1' };
    });
    run.screen.send({ type: 'PLAYER', value: 'x' });
    pay(run.screen, { inGame: true });
    await waitFor(run.screen, (s) => s.matches('ready') && s.context.playerError !== null);
    expect(run.screen.getSnapshot().context.playerError).toEqual(
      verbatim('Please enter a valid player name: 3 to 16 letters, digits or underscores.'),
    );
    expect(run.screen.getSnapshot().context.error).toBeNull();
    run.screen.send({ type: 'PLAYER', value: 'Steve' });
    pay(run.screen, { inGame: true });
    await waitFor(run.screen, (s) => s.matches('redirecting'));
    expect(run.requests).toEqual([
      { method: 'card', idempotencyKey: 'key-1', currency: 'EUR', player: 'x' },
      { method: 'card', idempotencyKey: 'key-1', currency: 'EUR', player: 'Steve' },
    ]);
  });
});
