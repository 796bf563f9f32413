import type { components } from '../../domain/contract';
import { detailMachine } from '../detail';
import { defineMessages } from '../text';

export type CustomerDetail = components['schemas']['CustomerDetailResponse']['payload'];
export type OperatorLedgerEntry = components['schemas']['OperatorLedgerEntry'];
export type OperatorOrder = components['schemas']['OperatorOrder'];

export const customerMessages = defineMessages({
  failed: { id: 'operator.customer.failed', defaultMessage: 'The customer could not be loaded.' },
});

/** Its load (fetchCustomer) is GET /operator/customers/{id}: the account, its newest ledger entries and orders. */
export const operatorCustomerMachine = detailMachine<CustomerDetail>({
  id: 'operatorCustomer',
  load: 'fetchCustomer',
  reload: 'refetchCustomer',
  failed: customerMessages.failed,
  description: [
    'One customer in the operator console (/operator/customers/{id}): loads the account with its balance, its',
    'newest ledger entries and orders (loading), then shows them (shown). A 404 is notFound; another failure',
    "shows its message or 'The customer could not be loaded.' and RETRY loads again; a cancelled request",
    'shows nothing. RELOAD (an adjustment of the balance went through) reads the account again while it stays',
    'on screen (reloading); a failed reload keeps what is shown.',
  ].join(' '),
});
