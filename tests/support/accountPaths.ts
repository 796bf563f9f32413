/**
 * The candidate events of the account machines' path plans (DESIGN §5), shared by the machine
 * tests (tests/machines/account) and the UI tests that replay them (tests/ui/account).
 */
import type { changeEmailMachine, changePasswordMachine } from '../../machines/forms/accountSecurity';
import type { profileEditMachine } from '../../machines/forms/profileEdit';
import type { Order, ordersMachine } from '../../machines/orders';
import type { TopUpTerms, topUpMachine } from '../../machines/topUp';
import { profile } from './fixtures';
import { apiFailure, cancelled, serverError } from './formPaths';
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
    doneEvent('updateProfile'),
    errorEvent('updateProfile', cityTooLong),
    errorEvent('updateProfile', cancelled),
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
  }));

export const ordersPlan: PlanOptions<typeof ordersMachine> = {
  events: [
    doneEvent('fetchOrders', []),
    doneEvent('fetchOrders', manyOrders(6)),
    errorEvent('fetchOrders', serverError),
    errorEvent('fetchOrders', cancelled),
    { type: 'RETRY' },
    { type: 'PAGE', page: 2 },
    { type: 'PAGE', page: 3 },
  ],
};

/** Euros with a 5 € minimum and 20 % VAT: the terms the balance tab's UI tests run with. */
export const euroTerms: TopUpTerms = {
  currency: { code: 'EUR', value: 1 },
  base: { code: 'EUR', value: 1 },
  minTopUp: 500,
  vatPercent: 20,
};

export const topUpAmountRefused = apiFailure('validation', 'The given data was invalid.', {
  status: 422,
  fieldErrors: { amount: ['The amount must be at least 5.00 EUR.'] },
});

export const emailUnverified = apiFailure('unverified', 'Please verify your email address first.', {
  status: 403,
});

export const topUpPlan: PlanOptions<typeof topUpMachine> = {
  inputs: [{}, { amount: '12.50' }],
  events: [
    { type: 'CHANGE', value: '2' },
    { type: 'CHANGE', value: '20' },
    { type: 'TOP_UP', terms: euroTerms },
    { type: 'BACK' },
    { type: 'SAVE_CARD', save: true },
    { type: 'PAY', terms: euroTerms },
    doneEvent('sendTopUp', { redirectUrl: '/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=Xq2v' }),
    doneEvent('sendTopUp', { redirectUrl: 'javascript:alert(1)' }),
    errorEvent('sendTopUp', topUpAmountRefused),
    errorEvent('sendTopUp', serverError),
    errorEvent('sendTopUp', emailUnverified),
    errorEvent('sendTopUp', cancelled),
  ],
};

export const wrongPassword = apiFailure('validation', 'The password is incorrect.', {
  status: 422,
  fieldErrors: { current_password: ['The password is incorrect.'] },
});

export const changePasswordPlan: PlanOptions<typeof changePasswordMachine> = {
  events: [
    { type: 'CHANGE', field: 'current', value: 'Diamond7' },
    { type: 'CHANGE', field: 'password', value: 'Emerald8' },
    { type: 'CHANGE', field: 'confirmation', value: 'Emerald8' },
    { type: 'SUBMIT' },
    doneEvent('save'),
    errorEvent('save', wrongPassword),
    errorEvent('save', cancelled),
  ],
};

export const changeEmailPlan: PlanOptions<typeof changeEmailMachine> = {
  events: [
    { type: 'CHANGE', field: 'email', value: 'new@example.com' },
    { type: 'CHANGE', field: 'password', value: 'Diamond7' },
    { type: 'SUBMIT' },
    doneEvent('save'),
    errorEvent('save', apiFailure('validation', 'Taken', { status: 422, fieldErrors: { email: ['Taken'] } })),
    errorEvent('save', cancelled),
  ],
};
