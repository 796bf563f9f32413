import { describe, expect, it } from 'vitest';
import { ordersMachine, ordersOnPage, pageCountOf } from '../../../machines/orders';
import { manyOrders, ordersPlan } from '../../support/accountPaths';
import { apiFailure, cancelled, networkError } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english, run } from './support';

describePaths('orders paths', pathPlan(ordersMachine, ordersPlan));

describe('orders (SPEC §2 "Order history tab", §4 "Order list", §9)', () => {
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
