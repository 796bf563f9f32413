import { describe, expect, it } from 'vitest';
import { currenciesMessages, operatorCurrenciesMachine } from '../../../machines/operator/currencies';
import { currenciesPlan, operatorCurrency } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('operatorCurrencies paths', pathPlan(operatorCurrenciesMachine, currenciesPlan));

describe('operatorCurrencies', () => {
  it('lists every currency, hidden ones too; a failure offers RETRY', () => {
    const filled = run(operatorCurrenciesMachine, undefined, [
      doneEvent('fetchCurrencies', [operatorCurrency('EUR'), operatorCurrency('USD', { hidden: true })]),
    ]).snapshot;
    expect(filled.value).toBe('filled');
    expect(filled.context.currencies.map((currency) => currency.hidden)).toEqual([false, true]);
    const failed = run(operatorCurrenciesMachine, undefined, [
      errorEvent('fetchCurrencies', new Error('boom')),
    ]).snapshot;
    expect(failed.context.error).toEqual(currenciesMessages.failed);
    expect(
      run(operatorCurrenciesMachine, undefined, [
        errorEvent('fetchCurrencies', new Error('boom')),
        { type: 'RETRY' },
      ]).snapshot.value,
    ).toBe('loading');
  });
});
