import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, transition } from 'xstate';
import {
  awaitingPayment,
  deliveryPollMs,
  deliveryText,
  deliveryUnderway,
  type Order,
  ordersMachine,
  ordersMessages,
  ordersOnPage,
  pageCountOf,
} from '../../../machines/orders';
import {
  awaitingOrder,
  deliveringOrder,
  manyOrders,
  orderNotPending,
  ordersPlan,
} from '../../support/accountPaths';
import { apiFailure, cancelled, networkError } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { withSystemTargets } from '../support';
import { english, run } from './support';

describePaths('orders paths', pathPlan(ordersMachine, ordersPlan));

describe('orders (docs/product.md §2 "Order history tab", §4 "Order list", §9)', () => {
  it('starts loading; an empty history is empty, any order makes it filled on page 1', () => {
    expect(run(ordersMachine, undefined, []).snapshot.value).toBe('loading');
    expect(run(ordersMachine, undefined, [doneEvent('fetchOrders', [])]).snapshot.value).toBe('empty');
    const { snapshot } = run(ordersMachine, undefined, [doneEvent('fetchOrders', manyOrders(1))]);
    expect(snapshot.value).toBe('filled');
    expect(snapshot.context.page).toBe(1);
  });

  it('pages hold 5 orders: 11 orders are 3 pages of 5, 5 and 1', () => {
    const orders = manyOrders(11);
    expect(pageCountOf(orders)).toBe(3);
    expect(pageCountOf([])).toBe(1);
    expect(ordersOnPage(orders, 1).map((o) => o.id)).toEqual([111, 110, 109, 108, 107]);
    expect(ordersOnPage(orders, 3).map((o) => o.id)).toEqual([101]);
  });

  it('PAGE turns only to another page that exists', () => {
    const loaded = [doneEvent('fetchOrders', manyOrders(11))];
    const page = (n: number) =>
      run(ordersMachine, undefined, [...loaded, { type: 'PAGE', page: n }]).snapshot;
    expect(page(3).context.page).toBe(3);
    for (const n of [0, 4, 1.5, 1]) {
      expect(page(n).context.page).toBe(1);
    }
  });

  it.each([
    ['no message', apiFailure('server', '', { status: 500 }), 'Server error. Please try again later.'],
    [
      'the server’s message',
      apiFailure('bad-request', 'Bad lang_id', { status: 400, serverMessage: 'Bad lang_id' }),
      'Bad lang_id',
    ],
    ['no response', networkError, 'Network error. Please check your connection.'],
    ['an unexpected error', new Error('boom'), 'Failed to fetch order history'],
  ])('a failure (%s) shows its message; RETRY fetches again', (_, error, message) => {
    const failed = run(ordersMachine, undefined, [errorEvent('fetchOrders', error)]).snapshot;
    expect(failed.value).toBe('error');
    expect(english(failed.context.error)).toBe(message);
    const again = run(ordersMachine, undefined, [
      errorEvent('fetchOrders', error),
      { type: 'RETRY' },
    ]).snapshot;
    expect(again.value).toBe('loading');
    expect(again.context.error).toBeNull();
  });

  it('a cancelled fetch shows no message', () => {
    const { snapshot } = run(ordersMachine, undefined, [errorEvent('fetchOrders', cancelled)]);
    expect(snapshot.context.error).toBeNull();
  });
});

describe('orders waiting for payment (ADR 0028): PAY and CANCEL', () => {
  const machine = withSystemTargets(ordersMachine);
  const loaded = [doneEvent('fetchOrders', [awaitingOrder(), ...manyOrders(2)])];

  it('only an order that can be paid or cancelled is acted on', () => {
    for (const event of [
      { type: 'PAY', orderId: 102 },
      { type: 'CANCEL', orderId: 102 },
      { type: 'PAY', orderId: 999 },
    ]) {
      expect(run(machine, undefined, [...loaded, event]).snapshot.value).toBe('filled');
    }
    expect(awaitingPayment([awaitingOrder(), ...manyOrders(2)]).map((order) => order.id)).toEqual([120]);
  });

  it("PAY asks for the order's payment page and the browser follows it", () => {
    const paying = run(machine, undefined, [...loaded, { type: 'PAY', orderId: 120 }]).snapshot;
    expect(paying.value).toBe('paying');
    expect(paying.context.acting).toBe(120);
    const [redirecting, actions] = transition(
      machine,
      paying,
      doneEvent('payOrder', { redirectUrl: '/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=k' }) as never,
    );
    expect(redirecting.value).toBe('redirecting');
    expect(actions.find((action) => action.type === 'followRedirect')?.params).toEqual({
      url: '/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=k',
    });
    const [refused] = transition(
      machine,
      paying,
      doneEvent('payOrder', { redirectUrl: 'javascript:x' }) as never,
    );
    expect(refused.value).toBe('filled');
    expect(english(refused.context.actionError)).toBe('The payment could not be opened. Please try again.');
  });

  it('CANCEL marks the order cancelled, refreshes the cart and says its items are back', () => {
    const { snapshot, sent } = run(machine, undefined, [
      ...loaded,
      { type: 'CANCEL', orderId: 120 },
      doneEvent('cancelOrder'),
    ]);
    expect(snapshot.value).toBe('filled');
    expect(snapshot.context.acting).toBeNull();
    expect(snapshot.context.orders[0]).toMatchObject({
      id: 120,
      status: 'cancelled',
      can_pay: false,
      can_cancel: false,
      payment_id: null,
      expires_at: null,
    });
    expect(sent).toEqual([
      { type: 'REFRESH' },
      { type: 'SHOW', kind: 'success', text: ordersMessages.cancelled },
    ]);
    expect(english(ordersMessages.cancelled)).toBe(
      'The order is cancelled. Its items are back in your cart.',
    );
  });

  it.each([
    ['PAY', 'payOrder'],
    ['CANCEL', 'cancelOrder'],
  ])('%s of an order paid or expired meanwhile (409) says so and loads the orders again', (type, actor) => {
    const { snapshot } = run(machine, undefined, [
      ...loaded,
      { type, orderId: 120 },
      errorEvent(actor, orderNotPending),
    ]);
    expect(snapshot.value).toBe('loading');
    expect(english(snapshot.context.actionError)).toBe('This order is no longer waiting for payment.');
  });

  it('other failures keep the list with their message; a cancelled request shows nothing', () => {
    const failed = run(machine, undefined, [
      ...loaded,
      { type: 'CANCEL', orderId: 120 },
      errorEvent('cancelOrder', networkError),
    ]).snapshot;
    expect(failed.value).toBe('filled');
    expect(english(failed.context.actionError)).toBe('Network error. Please check your connection.');
    const quiet = run(machine, undefined, [
      ...loaded,
      { type: 'PAY', orderId: 120 },
      errorEvent('payOrder', cancelled),
    ]).snapshot;
    expect([quiet.value, quiet.context.actionError]).toEqual(['filled', null]);
  });
});

describe('deliveries on their way to the game (ADR 0031)', () => {
  it('says what became of each order in game', () => {
    expect(deliveryText(deliveringOrder('none').delivery)).toBeNull();
    expect(english(deliveryText(deliveringOrder('queued').delivery))).toBe('Queued for Steve');
    expect(english(deliveryText(deliveringOrder('waiting').delivery))).toBe(
      'Waiting for Steve to join survival',
    );
    expect(english(deliveryText(deliveringOrder('delivered').delivery, '02.05.2026 12:01'))).toBe(
      'Delivered to Steve on 02.05.2026 12:01',
    );
    expect(english(deliveryText(deliveringOrder('attention').delivery))).toBe(
      'Needs attention (we are on it)',
    );
    expect(deliveryUnderway([deliveringOrder('delivered'), deliveringOrder('waiting')])).toBe(true);
    expect(deliveryUnderway([deliveringOrder('delivered'), deliveringOrder('attention')])).toBe(false);
    expect([0, 11, 12, 100].map(deliveryPollMs)).toEqual([5_000, 5_000, 30_000, 30_000]);
  });

  it('loads the list again in the background until every delivery has settled', async () => {
    vi.useFakeTimers();
    try {
      const answers = [
        [deliveringOrder('queued')],
        [deliveringOrder('waiting')],
        new Error('offline'),
        [deliveringOrder('delivered')],
      ];
      let fetches = 0;
      const actor = createActor(
        ordersMachine.provide({
          actors: {
            fetchOrders: fromPromise(async () => {
              const answer = answers[Math.min(fetches, answers.length - 1)];
              fetches += 1;
              if (answer instanceof Error) throw answer;
              return answer as Order[];
            }),
          },
        }),
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('filled');
      await vi.advanceTimersByTimeAsync(4_999);
      expect(fetches).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetches).toBe(2);
      expect(actor.getSnapshot().context.orders[0]?.delivery.status).toBe('waiting');
      // A failed background load keeps the list on screen and tries again.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fetches).toBe(3);
      expect(actor.getSnapshot().value).toBe('filled');
      expect(actor.getSnapshot().context.orders[0]?.delivery.status).toBe('waiting');
      expect(actor.getSnapshot().context.error).toBeNull();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fetches).toBe(4);
      expect(actor.getSnapshot().context.orders[0]?.delivery.status).toBe('delivered');
      await vi.advanceTimersByTimeAsync(120_000);
      expect(fetches).toBe(4);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
