import { describe, expect, it } from 'vitest';
import {
  customersMessages,
  customersPath,
  operatorCustomersMachine,
} from '../../../machines/operator/customers';
import { failureMessages, verbatim } from '../../../machines/text';
import { customer, customersPlan, manyCustomers } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { apiFailure, cancelled, run, serverError } from '../forms/support';

describePaths('operatorCustomers paths', pathPlan(operatorCustomersMachine, customersPlan));

const found = (count: number, more = false) =>
  doneEvent('findCustomers', { rows: manyCustomers(count), more });

describe('operatorCustomers', () => {
  it('loads the search of the address; none is empty, any is filled', () => {
    const start = run(operatorCustomersMachine, { q: 'steve' }, []).snapshot;
    expect(start.value).toBe('loading');
    expect(start.context).toMatchObject({ search: { q: 'steve' }, draft: { q: 'steve' } });
    expect(run(operatorCustomersMachine, { q: '' }, [found(0)]).snapshot.value).toBe('empty');
    const filled = run(operatorCustomersMachine, { q: '' }, [found(3)]).snapshot;
    expect(filled.value).toBe('filled');
    expect(filled.context.rows.map((c) => c.id)).toEqual([103, 102, 101]);
  });

  it('SEARCH goes to the address of the typed search, trimmed; the same search loads again', () => {
    const typed = run(operatorCustomersMachine, { q: '' }, [
      found(3),
      { type: 'CHANGE', field: 'q', value: '  Steve Stone ' },
      { type: 'SEARCH' },
    ]);
    expect(typed.emitted).toEqual([{ type: 'navigate', to: '/operator/customers?q=Steve%20Stone' }]);
    expect(typed.snapshot.value).toBe('filled');
    const again = run(operatorCustomersMachine, { q: 'steve' }, [found(3), { type: 'SEARCH' }]);
    expect(again.emitted).toEqual([]);
    expect(again.snapshot.value).toBe('loading');
    expect(again.snapshot.context.rows).toEqual([]);
    expect(customersPath({ q: '' })).toBe('/operator/customers');
  });

  it('MORE appends the next page while more follow, and only then', () => {
    const more = run(operatorCustomersMachine, { q: '' }, [found(2, true), { type: 'MORE' }]).snapshot;
    expect(more.value).toBe('loadingMore');
    const next = run(operatorCustomersMachine, { q: '' }, [
      found(2, true),
      { type: 'MORE' },
      doneEvent('findCustomersMore', { rows: [customer(50)], more: false }),
    ]).snapshot;
    expect(next.context.rows.map((c) => c.id)).toEqual([102, 101, 50]);
    expect(next.context.more).toBe(false);
    expect(run(operatorCustomersMachine, { q: '' }, [found(2), { type: 'MORE' }]).snapshot.value).toBe(
      'filled',
    );
  });

  it('a failed further page keeps the list with its message', () => {
    const { snapshot } = run(operatorCustomersMachine, { q: '' }, [
      found(2, true),
      { type: 'MORE' },
      errorEvent('findCustomersMore', apiFailure('network', 'x')),
    ]);
    expect(snapshot.value).toBe('filled');
    expect(snapshot.context.rows).toHaveLength(2);
    expect(snapshot.context.moreError).toEqual(failureMessages.network);
  });

  it.each([
    ['5xx', serverError, failureMessages.server],
    [
      "the server's message",
      apiFailure('validation', 'q is too long', { serverMessage: 'q is too long' }),
      verbatim('q is too long'),
    ],
    ['no message', new Error('boom'), customersMessages.failed],
  ])('a failed load (%s) shows its message; RETRY loads again', (_, error, message) => {
    const failed = run(operatorCustomersMachine, { q: '' }, [errorEvent('findCustomers', error)]).snapshot;
    expect(failed.value).toBe('error');
    expect(failed.context.error).toEqual(message);
    const again = run(operatorCustomersMachine, { q: '' }, [
      errorEvent('findCustomers', error),
      { type: 'RETRY' },
    ]);
    expect(again.snapshot.value).toBe('loading');
    expect(again.snapshot.context.error).toBeNull();
  });

  it('a cancelled load shows nothing', () => {
    const { snapshot } = run(operatorCustomersMachine, { q: '' }, [errorEvent('findCustomers', cancelled)]);
    expect(snapshot.context.error).toBeNull();
  });
});
