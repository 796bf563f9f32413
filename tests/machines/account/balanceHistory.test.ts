import { describe, expect, it } from 'vitest';
import {
  balanceHistoryMachine,
  balanceHistoryMessages,
  HISTORY_PER_PAGE,
  pageCountOfHistory,
} from '../../../machines/balanceHistory';
import { balanceHistoryPlan, historyPage } from '../../support/accountPaths';
import { cancelled, serverError } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from './support';

describePaths('balanceHistory paths', pathPlan(balanceHistoryMachine, balanceHistoryPlan));

describe('balanceHistory', () => {
  it('loads page 1; no entry is empty, any is filled', () => {
    expect(run(balanceHistoryMachine, undefined, []).snapshot.value).toBe('loading');
    expect(
      run(balanceHistoryMachine, undefined, [doneEvent('fetchHistory', { items: [], total: 0 })]).snapshot
        .value,
    ).toBe('empty');
    const { snapshot } = run(balanceHistoryMachine, undefined, [
      doneEvent('fetchHistory', historyPage(12, 3, 12)),
    ]);
    expect(snapshot.value).toBe('filled');
    expect(snapshot.context.items).toHaveLength(10);
  });

  it('pages of 10: PAGE loads another page that exists, nothing else', () => {
    expect(HISTORY_PER_PAGE).toBe(10);
    expect(pageCountOfHistory(12)).toBe(2);
    expect(pageCountOfHistory(0)).toBe(1);
    const loaded = [doneEvent('fetchHistory', historyPage(12, 3, 12))];
    const turned = run(balanceHistoryMachine, undefined, [...loaded, { type: 'PAGE', page: 2 }]).snapshot;
    expect(turned.value).toBe('loading');
    expect(turned.context.page).toBe(2);
    for (const page of [0, 1, 3, 1.5]) {
      const kept = run(balanceHistoryMachine, undefined, [...loaded, { type: 'PAGE', page }]).snapshot;
      expect(kept.value).toBe('filled');
      expect(kept.context.page).toBe(1);
    }
  });

  it('a failure shows its message and RETRY loads the same page; a cancelled fetch shows nothing', () => {
    const failed = run(balanceHistoryMachine, undefined, [
      errorEvent('fetchHistory', new Error('x')),
    ]).snapshot;
    expect(failed.value).toBe('error');
    expect(failed.context.error).toEqual(balanceHistoryMessages.fetchFailed);
    expect(
      run(balanceHistoryMachine, undefined, [errorEvent('fetchHistory', serverError)]).snapshot.context.error,
    ).not.toBeNull();
    expect(
      run(balanceHistoryMachine, undefined, [errorEvent('fetchHistory', cancelled)]).snapshot.context.error,
    ).toBeNull();
    const retried = run(balanceHistoryMachine, undefined, [
      errorEvent('fetchHistory', serverError),
      { type: 'RETRY' },
    ]).snapshot;
    expect(retried.value).toBe('loading');
  });
});
