import { describe, expect, it } from 'vitest';
import { customerMessages, operatorCustomerMachine } from '../../../machines/operator/customer';
import { failureMessages } from '../../../machines/text';
import { customerDetail, customerPlan, notFound } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { cancelled, run, serverError } from '../forms/support';

describePaths('operatorCustomer paths', pathPlan(operatorCustomerMachine, customerPlan));

const input = { id: 7 };

describe('operatorCustomer', () => {
  it('loads the account, then shows it; a 404 is notFound', () => {
    expect(run(operatorCustomerMachine, input, []).snapshot.value).toBe('loading');
    const shown = run(operatorCustomerMachine, input, [
      doneEvent('fetchCustomer', customerDetail()),
    ]).snapshot;
    expect(shown.value).toBe('shown');
    expect(shown.context.detail?.customer.email).toBe('alex.stone@example.com');
    expect(run(operatorCustomerMachine, input, [errorEvent('fetchCustomer', notFound)]).snapshot.value).toBe(
      'notFound',
    );
  });

  it('RELOAD reads it again while it stays shown; a failed reload keeps it', () => {
    const loaded = [doneEvent('fetchCustomer', customerDetail())];
    const reloading = run(operatorCustomerMachine, input, [...loaded, { type: 'RELOAD' }]).snapshot;
    expect(reloading.value).toBe('reloading');
    expect(reloading.context.detail?.customer.balance).toBe(1250);
    const reloaded = run(operatorCustomerMachine, input, [
      ...loaded,
      { type: 'RELOAD' },
      doneEvent('refetchCustomer', customerDetail({ balance: 3750 })),
    ]).snapshot;
    expect(reloaded.value).toBe('shown');
    expect(reloaded.context.detail?.customer.balance).toBe(3750);
    const kept = run(operatorCustomerMachine, input, [
      ...loaded,
      { type: 'RELOAD' },
      errorEvent('refetchCustomer', serverError),
    ]).snapshot;
    expect(kept.value).toBe('shown');
    expect(kept.context.detail?.customer.balance).toBe(1250);
  });

  it.each([
    ['5xx', serverError, failureMessages.server],
    ['no message', new Error('boom'), customerMessages.failed],
  ])('a failed load (%s) shows its message; RETRY loads again', (_, error, message) => {
    const failed = run(operatorCustomerMachine, input, [errorEvent('fetchCustomer', error)]).snapshot;
    expect(failed.value).toBe('error');
    expect(failed.context.error).toEqual(message);
    expect(
      run(operatorCustomerMachine, input, [errorEvent('fetchCustomer', error), { type: 'RETRY' }]).snapshot
        .value,
    ).toBe('loading');
  });

  it('a cancelled load shows nothing', () => {
    expect(
      run(operatorCustomerMachine, input, [errorEvent('fetchCustomer', cancelled)]).snapshot.context.error,
    ).toBeNull();
  });
});
