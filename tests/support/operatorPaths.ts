/**
 * The operator console's machines: fixtures and path plans, shared by their path suites
 * (tests/machines/operator) and the screens' tests (tests/ui/operator).
 */
import type { operatorAccessMachine } from '../../machines/operator/access';
import type { balanceAdjustmentMachine } from '../../machines/operator/balanceAdjustment';
import type { CustomerDetail, operatorCustomerMachine } from '../../machines/operator/customer';
import type { CustomerSummary, operatorCustomersMachine } from '../../machines/operator/customers';
import { apiFailure, callOutcomes, cancelled, serverError } from './formPaths';
import { doneEvent, errorEvent, type PlanOptions } from './paths';

export const forbidden = apiFailure('forbidden', 'This is for operators only.', {
  status: 403,
  serverMessage: 'This is for operators only.',
});
export const notFound = apiFailure('not-found', 'Not found', {
  status: 404,
  serverMessage: 'No such customer.',
});
/** The API's refusal of a debit beyond the balance, at the amount. */
export const beyondBalance = apiFailure('validation', 'The balance is only 12.50 coins.', {
  status: 422,
  serverMessage: 'The balance is only 12.50 coins.',
  fieldErrors: { amount: ['The balance is only 12.50 coins.'] },
});

export function customer(id: number, overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id,
    email: `player${id}@example.com`,
    name: 'Alex',
    surname: `Stone ${id}`,
    player: `Steve${id}`,
    role: 'customer',
    balance: 1250,
    email_verified: true,
    created_at: '2026-03-14T09:26:53.000Z',
    ...overrides,
  };
}

/** `count` customers, newest (highest id) first, from id 100 + count down. */
export const manyCustomers = (count: number): CustomerSummary[] =>
  Array.from({ length: count }, (_, index) => customer(100 + count - index));

export function customerDetail(overrides: Partial<CustomerSummary> = {}): CustomerDetail {
  return {
    customer: customer(7, { email: 'alex.stone@example.com', name: 'Alex', surname: 'Stone', ...overrides }),
    ledger: [
      { id: 31, at: '2026-04-30T10:00:00.000Z', amount: -1000, reason: 'order', order_id: 42 },
      { id: 30, at: '2026-04-29T09:00:00.000Z', amount: 2250, reason: 'top_up', order_id: null },
    ],
    orders: [
      {
        id: 42,
        at: '2026-04-30T10:00:00.000Z',
        status: 'paid',
        total: 1000,
        payment_method: 'balance',
        player: 'Steve7',
        refunded: 0,
        customer_id: 7,
        customer_email: 'alex.stone@example.com',
      },
    ],
  };
}

export const accessPlan: PlanOptions<typeof operatorAccessMachine> = {
  events: [...callOutcomes('checkAccess', [forbidden, serverError]), { type: 'RETRY' }],
};

export const customersPlan: PlanOptions<typeof operatorCustomersMachine> = {
  inputs: [{ q: '' }, { q: 'steve' }],
  events: [
    { type: 'CHANGE', value: 'alex' },
    { type: 'SEARCH' },
    { type: 'MORE' },
    { type: 'RETRY' },
    doneEvent('findCustomers', { customers: [], more: false }),
    doneEvent('findCustomers', { customers: manyCustomers(2), more: true }),
    errorEvent('findCustomers', serverError),
    errorEvent('findCustomers', cancelled),
    doneEvent('findMoreCustomers', { customers: [customer(50)], more: false }),
    errorEvent('findMoreCustomers', serverError),
    errorEvent('findMoreCustomers', cancelled),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    q: snapshot.context.q,
    query: snapshot.context.query,
    count: snapshot.context.customers.length,
    more: snapshot.context.more,
    error: snapshot.context.error !== null,
    moreError: snapshot.context.moreError !== null,
  }),
};

export const customerPlan: PlanOptions<typeof operatorCustomerMachine> = {
  input: { id: 7 },
  events: [
    ...callOutcomes('fetchCustomer', [notFound, serverError], customerDetail()),
    doneEvent('refetchCustomer', customerDetail({ balance: 3750 })),
    errorEvent('refetchCustomer', serverError),
    { type: 'RETRY' },
    { type: 'RELOAD' },
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    balance: snapshot.context.detail?.customer.balance,
    error: snapshot.context.error !== null,
  }),
};

export const ADJUSTMENT_INPUT = { customerId: 7, seed: 'seed' } as const;

export const adjustmentPlan: PlanOptions<typeof balanceAdjustmentMachine> = {
  input: ADJUSTMENT_INPUT,
  events: [
    { type: 'CHANGE', field: 'amount', value: '-12.50' },
    { type: 'CHANGE', field: 'reason', value: 'Charged twice' },
    { type: 'SUBMIT' },
    ...callOutcomes('adjustBalance', [beyondBalance], { message: 'The balance was adjusted.', balance: 0 }),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    values: snapshot.context.values,
    errors: Object.keys(snapshot.context.errors),
    formError: snapshot.context.formError !== null,
    keyUsed: snapshot.context.keyUsed,
    attempt: Math.min(snapshot.context.attempt, 3),
  }),
};
