import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { ApiFailure } from '../../domain/api-failure';
import { badgeText, cartCount, cartMachine, cartMessages, cartTotal, lineSteps } from '../../machines/cart';
import type { CartItem } from '../../machines/shapes';
import { failureMessages, verbatim } from '../../machines/text';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { startWithToasts } from './support';

const line = (id: number, itemId: number, price: number, count: number): CartItem => ({
  id,
  item_id: itemId,
  count,
  max_count: 99,
  item: {
    title: `Product ${itemId}`,
    price,
    img_url: `/images/products/${itemId}.svg`,
    in_game: true,
    max_per_order: null,
    max_per_customer: null,
  },
});
const rank = line(17, 4, 249900, 1);
const keys = line(18, 5, 1999, 3);
const serverError: ApiFailure = {
  kind: 'server',
  message: 'Server error. Please try again later.',
  status: 500,
};
const cancelled: ApiFailure = { kind: 'cancelled', message: 'Request cancelled' };

describePaths(
  'cart paths',
  pathPlan(cartMachine, {
    events: [
      { type: 'SESSION_CHANGED', authenticated: true },
      { type: 'SESSION_CHANGED', authenticated: false },
      { type: 'REFRESH' },
      { type: 'ADD', id: 5, count: 3 },
      { type: 'REMOVE', id: 17 },
      { type: 'SET_COUNT', id: 17, count: 4 },
      { type: 'CLEAR' },
      { type: 'CHECKOUT_SUCCEEDED' },
      doneEvent('fetchCart', [rank]),
      errorEvent('fetchCart', serverError),
      doneEvent('addToCart', [rank, keys]),
      errorEvent('addToCart', cancelled),
      errorEvent('addToCart', serverError),
      doneEvent('removeFromCart', [keys]),
      errorEvent('removeFromCart', cancelled),
      errorEvent('removeFromCart', serverError),
      doneEvent('setLineCount', [{ ...rank, count: 4 }]),
      errorEvent('setLineCount', cancelled),
      errorEvent('setLineCount', serverError),
      doneEvent('clearCart', []),
      errorEvent('clearCart', cancelled),
      errorEvent('clearCart', serverError),
    ],
    // Which items are held does not change which transitions exist.
    key: (snapshot) => ({
      value: snapshot.value,
      lines: snapshot.context.items.length,
      error: snapshot.context.error,
      waiting: snapshot.context.waitingAdd !== null,
    }),
  }),
);

interface Server {
  lines: CartItem[];
  fail?: Partial<Record<'fetch' | 'add' | 'remove' | 'set' | 'clear', unknown>>;
}

function startCart(server: Server) {
  const calls: string[] = [];
  const answer = (op: 'fetch' | 'add' | 'remove' | 'set' | 'clear') => {
    calls.push(op);
    const error = server.fail?.[op];
    if (error !== undefined) throw error;
    return server.lines;
  };
  const { actor, events: emitted } = startWithToasts(
    cartMachine.provide({
      actors: {
        fetchCart: fromPromise(async () => answer('fetch')),
        addToCart: fromPromise<CartItem[], { id: number; count: number }>(async ({ input }) => {
          server.lines = [...server.lines, line(99, input.id, 100, input.count)];
          return answer('add');
        }),
        removeFromCart: fromPromise<CartItem[], { id: number }>(async ({ input }) => {
          server.lines = server.lines.filter((l) => l.id !== input.id);
          return answer('remove');
        }),
        setLineCount: fromPromise<CartItem[], { id: number; count: number }>(async ({ input }) => {
          server.lines = server.lines.map((l) => (l.id === input.id ? { ...l, count: input.count } : l));
          return answer('set');
        }),
        clearCart: fromPromise(async () => {
          server.lines = [];
          return answer('clear');
        }),
      },
    }),
  );
  return { actor, calls, emitted };
}

const settled = (actor: ReturnType<typeof startCart>['actor']) =>
  waitFor(actor, (s) => s.matches('ready') || s.matches('error') || s.matches('signedOut'));

async function signedIn(server: Server) {
  const started = startCart(server);
  started.actor.send({ type: 'SESSION_CHANGED', authenticated: true });
  await settled(started.actor);
  return started;
}

describe('cart rules', () => {
  it('is empty and fetches nothing while signed out', () => {
    const { actor, calls } = startCart({ lines: [rank] });
    actor.send({ type: 'ADD', id: 4, count: 1 });
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('refreshes on sign-in and resets on sign-out', async () => {
    const { actor, calls } = await signedIn({ lines: [rank] });
    expect(actor.getSnapshot().context.items).toEqual([rank]);
    expect(calls).toEqual(['fetch']);
    actor.send({ type: 'SESSION_CHANGED', authenticated: false });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('an ADD while the cart loads after sign-in is sent once it has loaded, with its count', async () => {
    const server: Server = { lines: [rank] };
    const { actor, calls, emitted } = startCart(server);
    actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    actor.send({ type: 'ADD', id: 5, count: 3 });
    expect(actor.getSnapshot().value).toBe('loading');
    const after = await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual(['fetch', 'add']);
    expect(after.context.items).toEqual([rank, line(99, 5, 100, 3)]);
    expect(after.context.waitingAdd).toBeNull();
    expect(emitted).toEqual([{ type: 'SHOW', kind: 'success', text: cartMessages.added }]);
  });

  it('a waiting ADD is still sent when the load fails, and dropped on sign-out', async () => {
    const failing = startCart({ lines: [], fail: { fetch: serverError } });
    failing.actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    failing.actor.send({ type: 'ADD', id: 5, count: 2 });
    await waitFor(failing.actor, (s) => s.matches('ready'));
    expect(failing.calls).toEqual(['fetch', 'add']);
    const leaving = startCart({ lines: [] });
    leaving.actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    leaving.actor.send({ type: 'ADD', id: 5, count: 2 });
    leaving.actor.send({ type: 'SESSION_CHANGED', authenticated: false });
    expect(leaving.actor.getSnapshot().context.waitingAdd).toBeNull();
    expect(leaving.calls).toEqual(['fetch']);
  });

  it("add, remove and clear replace the items with the server's cart", async () => {
    const server: Server = { lines: [rank] };
    const { actor } = await signedIn(server);
    actor.send({ type: 'ADD', id: 5, count: 2 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect((await settled(actor)).context.items).toEqual([rank, line(99, 5, 100, 2)]);
    actor.send({ type: 'REMOVE', id: 17 });
    expect((await settled(actor)).context.items).toEqual([line(99, 5, 100, 2)]);
    actor.send({ type: 'CLEAR' });
    expect((await settled(actor)).context.items).toEqual([]);
  });

  it.each([
    ['ADD', { type: 'ADD', id: 5, count: 1 }, 'add', cartMessages.addFailed, 'Error adding item to cart'],
    [
      'REMOVE',
      { type: 'REMOVE', id: 17 },
      'remove',
      cartMessages.removeFailed,
      'Error removing item from cart',
    ],
    ['CLEAR', { type: 'CLEAR' }, 'clear', cartMessages.clearFailed, 'Error clearing cart'],
    [
      'SET_COUNT',
      { type: 'SET_COUNT', id: 17, count: 3 },
      'set',
      cartMessages.updateFailed,
      'Error updating item in cart',
    ],
  ] as const)('a failed %s keeps the items and says %s by default', async (_, event, op, message, words) => {
    const server: Server = { lines: [rank] };
    const { actor, emitted } = await signedIn(server);
    server.fail = { [op]: new TypeError('socket hang up') };
    actor.send(event);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.items).toEqual([rank]);
    expect(snapshot.context.error).toEqual(message);
    expect(english(snapshot.context.error)).toBe(words);
    expect(emitted).toEqual([{ type: 'SHOW', kind: 'error', text: message }]);
  });

  it("the server's message wins, and a cancelled change is not shown", async () => {
    const server: Server = {
      lines: [rank],
      fail: {
        add: { kind: 'conflict', message: 'Out of stock', serverMessage: 'Out of stock', status: 409 },
      },
    };
    const { actor, emitted } = await signedIn(server);
    actor.send({ type: 'ADD', id: 5, count: 1 });
    await settled(actor);
    server.fail = { remove: cancelled };
    actor.send({ type: 'REMOVE', id: 17 });
    const snapshot = await settled(actor);
    expect(snapshot.context.error).toEqual(verbatim('Out of stock'));
    expect(emitted).toEqual([{ type: 'SHOW', kind: 'error', text: verbatim('Out of stock') }]);
  });

  it('SET_COUNT sets a line, marking it as the one in progress meanwhile', async () => {
    const { actor } = await signedIn({ lines: [rank, keys] });
    actor.send({ type: 'SET_COUNT', id: 18, count: 7 });
    expect(actor.getSnapshot().context.changing).toBe(18);
    const snapshot = await settled(actor);
    expect(snapshot.context.items).toEqual([rank, { ...keys, count: 7 }]);
    expect(snapshot.context.changing).toBeNull();
    actor.send({ type: 'REMOVE', id: 17 });
    expect(actor.getSnapshot().context.changing).toBe(17);
    expect((await settled(actor)).context.changing).toBeNull();
  });

  it("a successful add says 'Added to cart'", async () => {
    const { actor, emitted } = await signedIn({ lines: [] });
    actor.send({ type: 'ADD', id: 5, count: 1 });
    await settled(actor);
    expect(emitted).toEqual([{ type: 'SHOW', kind: 'success', text: cartMessages.added }]);
    expect(english(cartMessages.added)).toBe('Added to cart');
  });

  it('a successful checkout empties the cart', async () => {
    const { actor } = await signedIn({ lines: [rank, keys] });
    actor.send({ type: 'CHECKOUT_SUCCEEDED' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('a failed load can be retried, and changes still go through', async () => {
    const server: Server = { lines: [rank], fail: { fetch: serverError } };
    const { actor } = await signedIn(server);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toEqual(failureMessages.server);
    server.fail = {};
    actor.send({ type: 'ADD', id: 5, count: 1 });
    expect((await settled(actor)).context.items).toHaveLength(2);
  });

  it('total is Σ price × count in minor units; count is the number of lines', () => {
    expect(cartTotal([rank, keys])).toBe(249900 + 1999 * 3);
    expect(cartTotal([])).toBe(0);
    expect(cartCount([rank, keys])).toBe(2);
  });

  it("badge: '' at 0, the number up to 9, '9+' above", () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('a line steps between 1 and 99 (domain/cart.ts): no − at 1, no + at 99', () => {
    expect(lineSteps({ count: 1, max_count: 99 })).toEqual({ fewer: null, more: 2 });
    expect(lineSteps({ count: 50, max_count: 99 })).toEqual({ fewer: 49, more: 51 });
    expect(lineSteps({ count: 99, max_count: 99 })).toEqual({ fewer: 98, more: null });
    expect(lineSteps({ count: 1, max_count: 1 })).toEqual({ fewer: null, more: null });
    expect(lineSteps({ count: 3, max_count: 2 })).toEqual({ fewer: 2, more: null });
  });
});
