import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, waitFor } from 'xstate';
import { chooseCurrency, currencyMachine, showSelector } from '../../machines/currency';
import type { Currency, StoredCurrency } from '../../machines/shapes';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';

const eur: Currency = { code: 'EUR', value: 1, symbol: '€', default: 1 };
const usd: Currency = { code: 'USD', value: 1.08, symbol: '$', default: 0 };
const jpy: Currency = { code: 'JPY', value: 160, symbol: '¥', default: 0 };

describePaths(
  'currency paths',
  pathPlan(currencyMachine, {
    inputs: [{ stored: { code: 'USD', symbol: '$' } }, { stored: null }],
    events: [
      { type: 'SELECT', code: 'JPY' },
      { type: 'RETRY' },
      doneEvent('fetchCurrencies', [eur, usd, jpy]),
      errorEvent('fetchCurrencies', {
        kind: 'timeout',
        message: 'Network error. Please check your connection.',
      }),
      { type: 'RELOAD' },
      doneEvent('refetchCurrencies', [eur, { ...usd, value: 1.2 }, jpy]),
      doneEvent('refetchCurrencies', [eur, jpy]),
      errorEvent('refetchCurrencies', { kind: 'server', message: 'Server error.' }),
    ],
  }),
);

function startCurrency(
  stored: StoredCurrency | null,
  list: () => Promise<Currency[]> = async () => [eur, usd, jpy],
) {
  const persisted: StoredCurrency[] = [];
  const emitted: AnyEventObject[] = [];
  const actor = createActor(
    currencyMachine.provide({
      actors: { fetchCurrencies: fromPromise(list) },
      actions: { persistCurrency: (_, params) => persisted.push(params) },
    }),
    { input: { stored } },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, persisted, emitted };
}

const settled = (actor: ReturnType<typeof startCurrency>['actor']) =>
  waitFor(actor, (s) => s.matches('ready') || s.matches('failed'));

describe('currency rules', () => {
  it('chooseCurrency: requested, else saved, else default-flagged, else first, else EUR', () => {
    const saved = { code: 'JPY', symbol: '¥' };
    expect(chooseCurrency([eur, usd, jpy], 'USD', saved)).toBe(usd);
    expect(chooseCurrency([eur, usd, jpy], 'XXX', saved)).toBe(jpy);
    expect(chooseCurrency([usd, eur], 'XXX', saved)).toBe(eur);
    expect(chooseCurrency([usd, { ...eur, default: 0 }], null, null)).toBe(usd);
    expect(chooseCurrency([], 'USD', saved)).toEqual({ code: 'EUR', value: 1, symbol: '€', default: 0 });
  });

  it('shows the selector only with more than one currency', () => {
    expect(showSelector([])).toBe(false);
    expect(showSelector([eur])).toBe(false);
    expect(showSelector([eur, usd])).toBe(true);
  });

  it('starts with the EUR placeholder, then keeps the stored currency and persists it', async () => {
    const { actor, persisted, emitted } = startCurrency({ code: 'USD', symbol: '$' });
    expect(actor.getSnapshot().context.current.code).toBe('EUR');
    const snapshot = await settled(actor);
    expect(snapshot.context.current).toBe(usd);
    expect(snapshot.context.currencies).toEqual([eur, usd, jpy]);
    expect(persisted).toEqual([{ code: 'USD', symbol: '$' }]);
    expect(emitted).toEqual([{ type: 'settled' }]);
  });

  it('an unknown stored code falls back to the default-flagged currency', async () => {
    const { actor, persisted } = startCurrency({ code: 'CHF', symbol: 'Fr' }, async () => [usd, eur]);
    expect((await settled(actor)).context.current).toBe(eur);
    expect(persisted).toEqual([{ code: 'EUR', symbol: '€' }]);
  });

  it('SELECT persists code and symbol and announces the change', async () => {
    const { actor, persisted, emitted } = startCurrency(null);
    await settled(actor);
    actor.send({ type: 'SELECT', code: 'JPY' });
    expect(actor.getSnapshot().context.current).toBe(jpy);
    expect(persisted).toEqual([
      { code: 'EUR', symbol: '€' },
      { code: 'JPY', symbol: '¥' },
    ]);
    expect(emitted).toEqual([{ type: 'settled' }, { type: 'currencyChanged', code: 'JPY' }]);
  });

  it('SELECT of an unknown code keeps the current currency, and re-selecting it changes nothing', async () => {
    const { actor, persisted, emitted } = startCurrency({ code: 'USD', symbol: '$' });
    await settled(actor);
    actor.send({ type: 'SELECT', code: 'XXX' });
    actor.send({ type: 'SELECT', code: 'USD' });
    expect(actor.getSnapshot().context.current).toBe(usd);
    expect(persisted).toHaveLength(1);
    expect(emitted).toEqual([{ type: 'settled' }]);
  });

  it("a failed load says 'Failed to load currencies' and keeps EUR", async () => {
    const { actor, emitted } = startCurrency({ code: 'USD', symbol: '$' }, async () => {
      throw new TypeError('offline');
    });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toMatchObject({ id: 'currency.error.load' });
    expect(english(snapshot.context.error)).toBe('Failed to load currencies');
    expect(snapshot.context.current).toEqual({ code: 'EUR', value: 1, symbol: '€', default: 0 });
    expect(emitted).toEqual([{ type: 'settled' }]);
  });

  it('RELOAD keeps the choice with its new rate, and chooses again when it is no longer offered', async () => {
    let list = [eur, usd, jpy];
    const { actor, persisted, emitted } = startCurrency({ code: 'USD', symbol: '$' }, async () => list);
    await settled(actor);
    const newRate = { ...usd, value: 1.2 };
    list = [eur, newRate, jpy];
    actor.send({ type: 'RELOAD' });
    expect((await settled(actor)).context.current).toBe(newRate);
    expect(emitted).toEqual([{ type: 'settled' }]);
    list = [eur, jpy];
    actor.send({ type: 'RELOAD' });
    const snapshot = await settled(actor);
    expect(snapshot.context.current).toBe(eur);
    expect(snapshot.context.currencies).toEqual([eur, jpy]);
    expect(persisted.at(-1)).toEqual({ code: 'EUR', symbol: '€' });
    expect(emitted.at(-1)).toEqual({ type: 'currencyChanged', code: 'EUR' });
  });
});
