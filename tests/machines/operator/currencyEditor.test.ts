import { describe, expect, it } from 'vitest';
import {
  currencyEditorMachine,
  currencyEditorMessages,
  currencySaveRequest,
} from '../../../machines/operator/currencyEditor';
import {
  codeTaken,
  currencyEditorPlan,
  notFound,
  operatorCurrency,
  staleCurrency,
} from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('currencyEditor paths', pathPlan(currencyEditorMachine, currencyEditorPlan));

const existing = { code: 'USD', base: 'EUR' };
const fresh = { code: null, base: 'EUR' };
const loaded = doneEvent('loadCurrency', operatorCurrency('USD'));
const loadedNew = doneEvent('loadCurrency', null);
const change = (field: string, value: string) => ({ type: 'CHANGE', field, value });

describe('currencyEditor', () => {
  it('shows the loaded currency in the form; an unknown one is notFound', () => {
    const { snapshot } = run(currencyEditorMachine, existing, [loaded]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.hasTag('record')).toBe(true);
    expect(snapshot.context.values).toEqual({ code: 'USD', symbol: '$', value: '1.16', shown: 'yes' });
    const missing = run(currencyEditorMachine, existing, [errorEvent('loadCurrency', notFound)]).snapshot;
    expect(missing.value).toBe('notFound');
    expect(missing.hasTag('record')).toBe(false);
  });

  it.each([
    ['code', 'chf', 'code', currencyEditorMessages.codeFormat],
    ['code', 'ABC', 'code', currencyEditorMessages.codeUnknown],
    ['symbol', ' ', 'symbol', currencyEditorMessages.symbolRequired],
    ['value', '', 'value', currencyEditorMessages.rateRequired],
    ['value', '1.2.3', 'value', currencyEditorMessages.rateNotDecimal],
    ['value', '0,000', 'value', currencyEditorMessages.rateNotPositive],
    ['value', '0.123456789', 'value', currencyEditorMessages.rateTooManyDecimals],
    ['value', '1234567890123', 'value', currencyEditorMessages.rateTooLarge],
  ])('a new currency with %s %j: the rule at its field', (field, value, at, message) => {
    const good = [change('code', 'CHF'), change('symbol', 'Fr.'), change('value', '0.93')];
    const { snapshot } = run(currencyEditorMachine, fresh, [
      loadedNew,
      ...good,
      change(field, value),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.errors).toEqual({ [at]: message });
  });

  it('sends a new currency, or the change with its version, the rate as exact text', () => {
    const created = run(currencyEditorMachine, fresh, [
      loadedNew,
      change('code', ' CHF '),
      change('symbol', ' Fr. '),
      change('value', '0,930'),
      change('shown', 'no'),
    ]).snapshot;
    expect(currencySaveRequest(created.context)).toEqual({
      kind: 'create',
      body: { code: 'CHF', symbol: 'Fr.', value: '0.93', hidden: true },
    });
    const changed = run(currencyEditorMachine, existing, [loaded, change('value', '1.2')]).snapshot;
    expect(currencySaveRequest(changed.context)).toEqual({
      kind: 'update',
      code: 'USD',
      body: { version: 1, symbol: '$', value: '1.2', hidden: false },
    });
  });

  it('a 409 keeps what was typed and offers RELOAD, which loads their version', () => {
    const steps = [
      loaded,
      change('value', '1.3'),
      { type: 'SUBMIT' },
      errorEvent('saveCurrency', staleCurrency),
    ];
    const { snapshot } = run(currencyEditorMachine, existing, steps);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.values.value).toBe('1.3');
    expect(snapshot.context.conflict).toBe(true);
    expect(snapshot.context.formError).toEqual(currencyEditorMessages.conflict);
    const reloaded = run(currencyEditorMachine, existing, [
      ...steps,
      { type: 'RELOAD' },
      doneEvent('loadCurrency', operatorCurrency('USD', { value: '1.25', version: 2 })),
    ]).snapshot;
    expect(reloaded.context.values.value).toBe('1.25');
    expect(reloaded.context.conflict).toBe(false);
  });

  it('a refusal shows at its field; a saved change keeps the new version and has the store read its currencies again', () => {
    const refused = run(currencyEditorMachine, fresh, [
      loadedNew,
      change('code', 'USD'),
      change('symbol', '$'),
      change('value', '1'),
      { type: 'SUBMIT' },
      errorEvent('saveCurrency', codeTaken),
    ]).snapshot;
    expect(refused.context.errors.code).toBeDefined();
    const { snapshot, sent } = run(currencyEditorMachine, existing, [
      loaded,
      change('value', '1.2'),
      { type: 'SUBMIT' },
      doneEvent('saveCurrency', operatorCurrency('USD', { value: '1.2', version: 2 })),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.currency?.version).toBe(2);
    expect(sent).toContainEqual(expect.objectContaining({ to: 'currency', event: { type: 'RELOAD' } }));
  });
});
