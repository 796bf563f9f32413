import { describe, expect, it } from 'vitest';
import {
  isQuietWindow,
  operatorOverviewMachine,
  overviewCharts,
  overviewMessages,
  overviewTotals,
} from '../../../machines/operator/overview';
import { failureMessages } from '../../../machines/text';
import { overview, overviewDays, overviewPlan } from '../../support/operatorContentPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { cancelled, run, serverError } from '../forms/support';

describePaths('operatorOverview paths', pathPlan(operatorOverviewMachine, overviewPlan));

describe('operatorOverview', () => {
  it('loads the last 30 days, then shows them', () => {
    expect(run(operatorOverviewMachine, undefined, []).snapshot.value).toBe('loading');
    const shown = run(operatorOverviewMachine, undefined, [doneEvent('fetchOverview', overview())]).snapshot;
    expect(shown.value).toBe('shown');
    expect(shown.context.overview?.days).toHaveLength(30);
  });

  it.each([
    ['5xx', serverError, failureMessages.server],
    ['no message', new Error('boom'), overviewMessages.failed],
  ])('a failed load (%s) shows its message; RETRY loads again', (_, error, message) => {
    const failed = run(operatorOverviewMachine, undefined, [errorEvent('fetchOverview', error)]).snapshot;
    expect(failed.value).toBe('error');
    expect(failed.context.error).toEqual(message);
    const again = run(operatorOverviewMachine, undefined, [
      errorEvent('fetchOverview', error),
      { type: 'RETRY' },
    ]);
    expect(again.snapshot.value).toBe('loading');
    expect(again.snapshot.context.error).toBeNull();
  });

  it('a cancelled load shows nothing', () => {
    expect(
      run(operatorOverviewMachine, undefined, [errorEvent('fetchOverview', cancelled)]).snapshot.context
        .error,
    ).toBeNull();
  });

  it('totals the window: orders, coins and card money per currency in the order they came', () => {
    expect(overviewTotals(overview().days)).toEqual({
      ordersPaid: 4,
      coinsSpent: 155000,
      card: [
        { currency: 'USD', amount: 1000 },
        { currency: 'EUR', amount: 2499 },
      ],
    });
    expect(isQuietWindow(overview().days)).toBe(false);
    expect(isQuietWindow(overviewDays(30))).toBe(true);
    expect(isQuietWindow(overviewDays(2, (i) => (i === 1 ? { coins_spent: 1 } : {})))).toBe(false);
  });

  it('charts each figure per day: card money per currency in its major units, coins, orders', () => {
    const charts = overviewCharts(overview().days);
    expect(charts.times).toHaveLength(30);
    expect(charts.times.at(-1)).toBe(Date.UTC(2026, 10, 26) / 1000);
    expect(charts.times[0]).toBe(Date.UTC(2026, 9, 28) / 1000);
    expect(charts.card.map((line) => line.label)).toEqual(['USD', 'EUR']);
    expect(charts.card[0]?.values[27]).toBe(10);
    expect(charts.card[0]?.values[29]).toBe(0);
    expect(charts.card[1]?.values[29]).toBe(24.99);
    expect(charts.coins[0]?.values[29]).toBe(1500);
    expect(charts.orders[0]?.values.slice(26)).toEqual([0, 1, 0, 3]);
    expect(overviewCharts(overviewDays(30)).card).toEqual([]);
  });
});
