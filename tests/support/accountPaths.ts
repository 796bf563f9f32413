/**
 * The candidate events of the account machines' path plans (docs/architecture.md §5), shared by the machine
 * tests (tests/machines/account) and the UI tests that replay them (tests/ui/account).
 */

import type { BalanceEntry, balanceHistoryMachine } from '../../machines/balanceHistory';
import type { deleteAccountMachine, exportDataMachine } from '../../machines/forms/accountData';
import type { changeEmailMachine, changePasswordMachine } from '../../machines/forms/accountSecurity';
import type { profileEditMachine } from '../../machines/forms/profileEdit';
import type { OrderDetail, orderDetailMachine } from '../../machines/orderDetail';
import type { Order, ordersMachine } from '../../machines/orders';
import type { TopUpTerms, topUpMachine } from '../../machines/topUp';
import { profile } from './fixtures';
import {
  apiFailure,
  callOutcomes,
  cancelled,
  conflictRefused,
  fillAndSubmit,
  serverError,
} from './formPaths';
import { detailPlan } from './operatorPaths';
import { afterEvent, doneEvent, errorEvent, type PlanOptions } from './paths';

export const cityTooLong = apiFailure('validation', 'The given data was invalid.', {
  status: 422,
  fieldErrors: { city: ['The city may not be greater than 100 characters.'] },
});

export const profileEditPlan: PlanOptions<typeof profileEditMachine> = {
  events: [
    { type: 'EDIT', profile },
    { type: 'CANCEL' },
    { type: 'CHANGE', field: 'city', value: '' },
    { type: 'CHANGE', field: 'city', value: 'Hamburg' },
    {
      type: 'PHONE_CHANGED',
      change: { text: '+49 40 123456', country: 'DE', candidates: ['DE'], e164: '+4940123456', valid: true },
    },
    { type: 'SUBMIT' },
    ...callOutcomes('updateProfile', [cityTooLong]),
    { type: 'PROFILE_SETTLED' },
    afterEvent(10_000, 'profileEdit.saving.refreshing'),
  ],
};

/** `n` orders, newest first, ids 100 + n … 101. */
export const manyOrders = (n: number): Order[] =>
  Array.from({ length: n }, (_, index) => ({
    id: 100 + n - index,
    created_at: new Date(Date.UTC(2026, 3, 30 - index, 10)).toISOString(),
    status: 'paid' as const,
    payment_method: 'balance' as const,
    total: 1000 * (index + 1),
    items: [{ product_id: 1, title: `Order ${n - index}`, price: 1000 * (index + 1), count: 1 }],
    delivery: { status: 'none' as const },
    payment_id: null,
    expires_at: null,
    can_pay: false,
    can_cancel: false,
    card: null,
  }));

/** A paid order whose delivery to the game is `status` (ADR 0031). */
export const deliveringOrder = (status: Order['delivery']['status'], id = 130): Order => ({
  ...(manyOrders(1)[0] as Order),
  id,
  status: 'paid',
  items: [{ product_id: 3, title: 'VIP Rank', price: 1000, count: 1 }],
  delivery:
    status === 'delivered'
      ? { status, player: 'Steve', delivered_at: '2026-05-02T10:01:00.000Z' }
      : status === 'waiting'
        ? { status, player: 'Steve', server: 'survival' }
        : status === 'none'
          ? { status }
          : { status, player: 'Steve' },
});

export const emailUnverified = apiFailure('unverified', 'Please verify your email address first.', {
  status: 403,
});

/**
 * A card payment's outcomes: the sandbox's address to go to, an address the app must not follow,
 * each of `failures`, or cancelled.
 */
const paymentOutcomes = (actorId: string, failures: readonly unknown[]) => [
  doneEvent(actorId, { redirectUrl: '/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=Xq2v' }),
  doneEvent(actorId, { redirectUrl: 'javascript:alert(1)' }),
  ...failures.map((failure) => errorEvent(actorId, failure)),
  errorEvent(actorId, cancelled),
];

/** A card order waiting for its payment (ADR 0028): it can be paid again or cancelled. */
export const awaitingOrder = (id = 120): Order => ({
  id,
  created_at: '2026-05-02T10:00:00.000Z',
  status: 'pending',
  payment_method: 'card',
  total: 249900,
  items: [{ product_id: 4, title: 'Diamond Rank', price: 249900, count: 1 }],
  payment_id: 'pay_5K2m9QeX1tZ8',
  expires_at: '2026-05-02T10:30:00.000Z',
  can_pay: true,
  can_cancel: true,
  delivery: { status: 'none' },
  card: null,
});

/** The order is no longer pending (paid or expired meanwhile): 409. */
export const orderNotPending = conflictRefused('This order is no longer waiting for payment.');

export const ordersPlan: PlanOptions<typeof ordersMachine> = {
  events: [
    doneEvent('fetchOrders', []),
    doneEvent('fetchOrders', [awaitingOrder(), ...manyOrders(6)]),
    doneEvent('fetchOrders', [deliveringOrder('queued'), awaitingOrder(), ...manyOrders(6)]),
    errorEvent('fetchOrders', serverError),
    errorEvent('fetchOrders', cancelled),
    afterEvent('deliveryPoll', 'orders.filled'),
    doneEvent('refreshOrders', [deliveringOrder('waiting')]),
    doneEvent('refreshOrders', [deliveringOrder('delivered')]),
    errorEvent('refreshOrders', serverError),
    { type: 'RETRY' },
    { type: 'PAGE', page: 2 },
    { type: 'PAGE', page: 3 },
    { type: 'PAY', orderId: 120 },
    { type: 'PAY', orderId: 106 },
    { type: 'CANCEL', orderId: 120 },
    { type: 'CANCEL', orderId: 106 },
    ...paymentOutcomes('payOrder', [serverError, orderNotPending, emailUnverified]),
    doneEvent('cancelOrder'),
    errorEvent('cancelOrder', serverError),
    errorEvent('cancelOrder', orderNotPending),
    errorEvent('cancelOrder', cancelled),
  ],
  // The list is the same after a cancel whatever it held: keep the graph finite.
  key: (snapshot) => ({
    value: snapshot.value,
    page: snapshot.context.page,
    count: snapshot.context.orders.length,
    awaiting: snapshot.context.orders.filter((order) => order.can_pay).length,
    acting: snapshot.context.acting,
    delivery: snapshot.context.orders.map((order) => order.delivery.status).join(),
    error: snapshot.context.error !== null,
    actionError: snapshot.context.actionError !== null,
  }),
};

/** Euros with a 5 € minimum and 20 % VAT: the terms the balance tab's UI tests run with. */
export const euroTerms: TopUpTerms = {
  currency: { code: 'EUR', value: 1, symbol: '€' },
  base: { code: 'EUR', value: 1 },
  minTopUp: 500,
  presets: [500, 1000, 2500, 5000],
  vatPercent: 20,
  pointsRate: 100,
  locale: 'en',
};

/** The same store with yen chosen in the header (the UI fixtures' rate: 162.5 per euro). */
export const yenTerms: TopUpTerms = { ...euroTerms, currency: { code: 'JPY', value: 162.5, symbol: '¥' } };

export const topUpAmountRefused = apiFailure('validation', 'The given data was invalid.', {
  status: 422,
  fieldErrors: { amount: ['The amount must be at least 5.00 EUR.'] },
});

export const topUpPlan: PlanOptions<typeof topUpMachine> = {
  inputs: [
    { terms: euroTerms },
    { amount: '12.50', terms: euroTerms },
    { amount: '20', return: '/cart', terms: euroTerms },
  ],
  events: [
    { type: 'CHANGE', field: 'amount', value: '2' },
    { type: 'CHANGE', field: 'amount', value: '20' },
    { type: 'PRESET', preset: 1000 },
    { type: 'TOP_UP' },
    { type: 'BACK' },
    { type: 'SAVE_CARD', save: true },
    { type: 'SUBMIT' },
    { type: 'TERMS', terms: yenTerms },
    ...paymentOutcomes('sendTopUp', [topUpAmountRefused, serverError, emailUnverified]),
  ],
};

export const wrongPassword = apiFailure('validation', 'The password is incorrect.', {
  status: 422,
  fieldErrors: { current_password: ['The password is incorrect.'] },
});

export const changePasswordPlan: PlanOptions<typeof changePasswordMachine> = {
  events: [
    ...fillAndSubmit(
      [
        ['current', 'Diamond7'],
        ['password', 'Emerald8'],
        ['confirmation', 'Emerald8'],
      ],
      'save',
      [wrongPassword],
    ),
  ],
};

export const changeEmailPlan: PlanOptions<typeof changeEmailMachine> = {
  events: [
    ...fillAndSubmit(
      [
        ['email', 'new@example.com'],
        ['password', 'Diamond7'],
      ],
      'save',
      [apiFailure('validation', 'Taken', { status: 422, fieldErrors: { email: ['Taken'] } })],
    ),
  ],
};

/** A wrong password typed again on the "Your data" tab: the server's message at the field. */
export const dataPasswordWrong = apiFailure('validation', 'The password is incorrect.', {
  status: 422,
  fieldErrors: { password: ['The password is incorrect.'] },
});

/** What the export's actor hands the machine: the file the browser saves. */
export const exportedData = { fileName: 'blockfront-data-2026-11-27.json', json: '{"profile":{}}' };

export const exportDataPlan: PlanOptions<typeof exportDataMachine> = {
  events: [
    ...fillAndSubmit(
      [['password', 'Diamond7']],
      'exportData',
      [dataPasswordWrong, serverError],
      exportedData,
    ),
  ],
};

export const deleteAccountPlan: PlanOptions<typeof deleteAccountMachine> = {
  events: [
    ...fillAndSubmit(
      [['password', 'Diamond7']],
      'deleteAccount',
      [dataPasswordWrong],
      'Your account was deleted.',
    ),
  ],
};
/** Ledger entry `id` of the balance history: credits on odd ids, debits on even, newest first. */
export const ledgerEntry = (id: number, overrides: Partial<BalanceEntry> = {}): BalanceEntry => ({
  id,
  created_at: new Date(Date.UTC(2026, 3, 1 + id, 10)).toISOString(),
  reason: id % 2 === 1 ? 'top_up' : 'order',
  amount: id % 2 === 1 ? 5000 : -2500,
  balance_after: 2500 * (id + 1),
  ...(id % 2 === 1 ? {} : { order_id: 300 + id }),
  ...overrides,
});

/** A page of the balance history: entries `from` down to `to` of `total`. */
export const historyPage = (from: number, to: number, total: number) => ({
  items: Array.from({ length: from - to + 1 }, (_, index) => ledgerEntry(from - index)),
  total,
});

export const balanceHistoryPlan: PlanOptions<typeof balanceHistoryMachine> = {
  events: [
    doneEvent('fetchHistory', { items: [], total: 0 }),
    doneEvent('fetchHistory', historyPage(12, 3, 12)),
    doneEvent('fetchHistory', historyPage(2, 1, 12)),
    errorEvent('fetchHistory', serverError),
    errorEvent('fetchHistory', cancelled),
    { type: 'RETRY' },
    { type: 'PAGE', page: 2 },
    { type: 'PAGE', page: 1 },
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    page: snapshot.context.page,
    first: snapshot.context.items[0]?.id,
    total: snapshot.context.total,
    error: snapshot.context.error !== null,
  }),
};

/** The customer's order `id`: paid by card, one line. */
export const orderDetail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 31,
  created_at: '2026-04-02T10:15:00.000Z',
  status: 'paid',
  payment_method: 'card',
  total: 249900,
  lines: [{ product_id: 4, title: 'Diamond Rank', price: 249900, count: 1 }],
  payments: [
    {
      method: 'card',
      status: 'paid',
      coins: 249900,
      card: { currency: 'EUR', amount: 2999 },
      at: '2026-04-02T10:15:00.000Z',
    },
  ],
  delivery: { status: 'none' },
  ...overrides,
});

export const orderDetailPlan: PlanOptions<typeof orderDetailMachine> = detailPlan({
  id: 31,
  record: 'Order',
  answers: [orderDetail(), orderDetail({ status: 'paid', total: 100 })],
  shown: (detail) => ({ total: detail?.total }),
  also: [{ type: 'PRINT' }],
});
