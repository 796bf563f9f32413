import { assertEvent, assign, type EventObject, enqueueActions, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../domain/api-failure';
import { isLineCount } from '../domain/cart';
import type { CartItem } from './shapes';
import {
  defineMessages,
  failureMessages,
  failureText,
  type MessageText,
  type Text,
  withValues,
} from './text';
import { toast } from './toasts';

export interface CartContext {
  items: CartItem[];
  error: Text | null;
  /** The line a REMOVE or SET_COUNT is changing, for its progress; null otherwise. */
  changing: number | null;
  /**
   * An ADD that came while the cart was loading (as a guest's add does right after signing in):
   * sent once the cart has loaded instead of being dropped.
   */
  waitingAdd: { id: number; count: number } | null;
}

export type CartEvent =
  | { type: 'SESSION_CHANGED'; authenticated: boolean }
  | { type: 'REFRESH' }
  | { type: 'ADD'; id: number; count: number }
  | { type: 'REMOVE'; id: number }
  | { type: 'SET_COUNT'; id: number; count: number }
  | { type: 'CLEAR' }
  | { type: 'CHECKOUT_SUCCEEDED' };

/** Σ price × count, in coin minor units (integers, so the sum is exact). */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((total, line) => total + line.item.price * line.count, 0);
}

/** The cart holds a product delivered in game: checkout asks for the player (ADR 0031). */
export const deliversInGame = (items: readonly CartItem[]): boolean =>
  items.some((line) => line.item.in_game);

/**
 * The counts a line's − and + set (domain/cart.ts's 1 to 99, + no further than the line's
 * `max_count`); null where that step is not possible.
 */
export function lineSteps(line: Pick<CartItem, 'count' | 'max_count'>): {
  fewer: number | null;
  more: number | null;
} {
  const more = line.count + 1;
  return {
    fewer: isLineCount(line.count - 1) ? line.count - 1 : null,
    more: isLineCount(more) && more <= line.max_count ? more : null,
  };
}

export const limitMessages = defineMessages({
  perOrder: { id: 'cart.limit.perOrder', defaultMessage: 'Limit: {limit, number} per order' },
  perCustomer: {
    id: 'cart.limit.perCustomer',
    defaultMessage: 'Limit: {limit, number} per customer, earlier orders counted',
  },
  owned: {
    id: 'cart.limit.owned',
    defaultMessage:
      '{limit, plural, one {You already own this.} other {You already bought the most one customer may ({limit, number}).}}',
  },
});

/**
 * The line a product's limits show beside its quantity (docs/product.md §2): "You already own
 * this" when earlier orders used up `max_per_customer` (`maxCount` 0, known in the cart), else the
 * stricter of `max_per_order` and `max_per_customer`; null when it has neither.
 */
export function limitHint(
  limits: { max_per_order: number | null; max_per_customer: number | null },
  maxCount?: number,
): MessageText | null {
  const { max_per_order: perOrder, max_per_customer: perCustomer } = limits;
  if (perCustomer !== null && maxCount !== undefined && maxCount <= 0) {
    return withValues(limitMessages.owned, { limit: perCustomer });
  }
  if (perOrder !== null && (perCustomer === null || perOrder <= perCustomer)) {
    return withValues(limitMessages.perOrder, { limit: perOrder });
  }
  return perCustomer === null ? null : withValues(limitMessages.perCustomer, { limit: perCustomer });
}

/** The number of distinct lines (docs/product.md §3), not the number of pieces. */
export function cartCount(items: readonly CartItem[]): number {
  return items.length;
}

/** Header badge: hidden ('') at 0, '9+' above 9 (docs/product.md §2). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}

export const cartMessages = defineMessages({
  addFailed: { id: 'cart.error.add', defaultMessage: 'Error adding item to cart' },
  removeFailed: { id: 'cart.error.remove', defaultMessage: 'Error removing item from cart' },
  clearFailed: { id: 'cart.error.clear', defaultMessage: 'Error clearing cart' },
  updateFailed: { id: 'cart.error.update', defaultMessage: 'Error updating item in cart' },
  added: { id: 'cart.notice.added', defaultMessage: 'Added to cart' },
});
const ADD_FAILED = cartMessages.addFailed;
const REMOVE_FAILED = cartMessages.removeFailed;
const CLEAR_FAILED = cartMessages.clearFailed;
const UPDATE_FAILED = cartMessages.updateFailed;

/** The cart in an invoked cart call's done event (every cart actor resolves to the whole cart). */
function serverCart(event: EventObject): CartItem[] {
  if (!('output' in event)) throw new Error(`${event.type} carries no cart`);
  return event.output as CartItem[];
}

/** What starts a reload or a change: the same whether the cart loaded (ready) or failed to (error). */
const CHANGES = {
  REFRESH: 'loading',
  ADD: 'adding',
  REMOVE: 'removing',
  SET_COUNT: 'updating',
  CLEAR: 'clearing',
} as const;

/** How every change (add, remove, clear) settles: back to ready, with the server's cart or a report. */
const settleChange = (fallback: MessageText) =>
  ({
    onDone: { target: 'ready', actions: 'takeServerCart' },
    onError: [
      { guard: 'silentFailure', target: 'ready' },
      { target: 'ready', actions: { type: 'reportChangeFailure', params: { fallback } } },
    ],
  }) as const;

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    fetchCart: fromPromise<CartItem[]>(async () => {
      throw new Error('fetchCart is not provided');
    }),
    addToCart: fromPromise<CartItem[], { id: number; count: number }>(async () => {
      throw new Error('addToCart is not provided');
    }),
    removeFromCart: fromPromise<CartItem[], { id: number }>(async () => {
      throw new Error('removeFromCart is not provided');
    }),
    setLineCount: fromPromise<CartItem[], { id: number; count: number }>(async () => {
      throw new Error('setLineCount is not provided');
    }),
    clearCart: fromPromise<CartItem[]>(async () => {
      throw new Error('clearCart is not provided');
    }),
  },
  actions: {
    reset: assign({ items: [], error: null, changing: null, waitingAdd: null }),
    holdAdd: assign(({ event }) => {
      assertEvent(event, 'ADD');
      return { waitingAdd: { id: event.id, count: event.count } };
    }),
    dropWaitingAdd: assign({ waitingAdd: null }),
    markLine: assign(({ event }) => ({
      changing: event.type === 'REMOVE' || event.type === 'SET_COUNT' ? event.id : null,
    })),
    unmarkLine: assign({ changing: null }),
    toast: toast(),
    /** The server answers every cart call with the whole cart: it replaces ours. */
    takeServerCart: assign(({ event }) => ({
      items: serverCart(event),
      error: null,
    })),
    /** A change failed: the items stay, the message is kept and shown (docs/product.md §8 defaults). */
    reportChangeFailure: enqueueActions(({ event, enqueue }, params: { fallback: MessageText }) => {
      const text = failureText('error' in event ? event.error : undefined, params.fallback);
      enqueue.assign({ error: text });
      enqueue(toast('error', text));
    }),
  },
  guards: {
    /** A request the caller cancelled is never shown (docs/product.md §8). */
    silentFailure: ({ event }) => 'error' in event && isSilentFailure(event.error),
    addWaiting: ({ context }) => context.waitingAdd !== null,
  },
}).createMachine({
  id: 'cart',
  description: [
    "The signed-in user's cart (docs/product.md §4). signedOut = empty. SESSION_CHANGED (sent by the app) refreshes it on",
    'sign-in and empties it on sign-out. ADD {id: product, count}, REMOVE {id: cart line}, SET_COUNT {id: cart line,',
    'count} (changing: the line in progress) and CLEAR each replace',
    "the items with the server's cart (an ADD while loading waits for the load, then is sent); one change at a time (states tagged busy). CHECKOUT_SUCCEEDED empties it. Failures keep",
    "the items and toast (SHOW {kind: 'error'} to systemId toasts): 'Error adding item to cart', 'Error removing item from cart', 'Error updating item in cart',",
    "'Error clearing cart' unless the server says otherwise (nothing for cancelled requests).",
  ].join(' '),
  context: { items: [], error: null, changing: null, waitingAdd: null },
  initial: 'signedOut',
  on: {
    SESSION_CHANGED: [
      { guard: ({ event }) => event.authenticated, target: '.loading' },
      { target: '.signedOut', actions: 'reset' },
    ],
  },
  states: {
    signedOut: {},
    loading: {
      on: { ADD: { actions: 'holdAdd' } },
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: [
          { guard: 'addWaiting', target: 'adding', actions: 'takeServerCart' },
          { target: 'ready', actions: 'takeServerCart' },
        ],
        onError: [
          { guard: 'addWaiting', target: 'adding' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, failureMessages.generic) }),
          },
        ],
      },
    },
    ready: { on: { ...CHANGES, CHECKOUT_SUCCEEDED: { actions: 'reset' } } },
    adding: {
      tags: ['busy'],
      exit: 'dropWaitingAdd',
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context, event }) => {
          if (event.type !== 'ADD' && context.waitingAdd !== null) return context.waitingAdd;
          assertEvent(event, 'ADD');
          return { id: event.id, count: event.count };
        },
        ...settleChange(ADD_FAILED),
        onDone: {
          target: 'ready',
          actions: [
            'takeServerCart',
            { type: 'toast', params: { kind: 'success', text: cartMessages.added } },
          ],
        },
      },
    },
    removing: {
      tags: ['busy'],
      entry: 'markLine',
      exit: 'unmarkLine',
      invoke: {
        id: 'removeFromCart',
        src: 'removeFromCart',
        input: ({ event }) => {
          assertEvent(event, 'REMOVE');
          return { id: event.id };
        },
        ...settleChange(REMOVE_FAILED),
      },
    },
    updating: {
      tags: ['busy'],
      entry: 'markLine',
      exit: 'unmarkLine',
      invoke: {
        id: 'setLineCount',
        src: 'setLineCount',
        input: ({ event }) => {
          assertEvent(event, 'SET_COUNT');
          return { id: event.id, count: event.count };
        },
        ...settleChange(UPDATE_FAILED),
      },
    },
    clearing: {
      tags: ['busy'],
      invoke: {
        id: 'clearCart',
        src: 'clearCart',
        ...settleChange(CLEAR_FAILED),
      },
    },
    error: {
      description: 'The cart could not be loaded; it can be reloaded, and changes still go through.',
      on: CHANGES,
    },
  },
});
