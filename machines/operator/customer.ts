import { assign, fromPromise, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { defineMessages, failureText, type Text } from '../text';

export type CustomerDetail = components['schemas']['CustomerDetailResponse']['payload'];
export type OperatorLedgerEntry = components['schemas']['OperatorLedgerEntry'];
export type OperatorOrder = components['schemas']['OperatorOrder'];

export const customerMessages = defineMessages({
  failed: { id: 'operator.customer.failed', defaultMessage: 'The customer could not be loaded.' },
});

export interface CustomerInput {
  id: number;
}

export interface CustomerContext {
  id: number;
  detail: CustomerDetail | null;
  error: Text | null;
}

/**
 * Sent by the balance adjustment form (systemId operatorCustomer) once an adjustment is on the
 * ledger: the account is read again, its balance and ledger as they are now.
 */
export type CustomerEvent = { type: 'RETRY' } | { type: 'RELOAD' };

export const operatorCustomerMachine = setup({
  types: {
    context: {} as CustomerContext,
    events: {} as CustomerEvent,
    input: {} as CustomerInput,
  },
  actors: {
    /** GET /operator/customers/{id}: the account, its newest ledger entries and orders. */
    fetchCustomer: fromPromise<CustomerDetail, CustomerInput>(async () => {
      throw new Error('fetchCustomer is not provided');
    }),
  },
  guards: {
    notFound: ({ event }) => 'error' in event && failureKind(event.error) === 'not-found',
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'operatorCustomer',
  description: [
    'One customer in the operator console (/operator/customers/{id}): loads the account with its balance, its',
    'newest ledger entries and orders (loading), then shows them (shown). A 404 is notFound; another failure',
    "shows its message or 'The customer could not be loaded.' and RETRY loads again; a cancelled request",
    'shows nothing. RELOAD (an adjustment of the balance went through) reads the account again while it stays',
    'on screen (reloading); a failed reload keeps what is shown.',
  ].join(' '),
  context: ({ input }) => ({ id: input.id, detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchCustomer',
        src: 'fetchCustomer',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, customerMessages.failed) }),
          },
        ],
      },
    },
    shown: { on: { RELOAD: 'reloading' } },
    reloading: {
      invoke: {
        id: 'refetchCustomer',
        src: 'fetchCustomer',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
        onError: { target: 'shown' },
      },
      on: { RELOAD: { target: 'reloading', reenter: true } },
    },
    notFound: {},
    error: { on: { RETRY: 'loading' } },
  },
});
