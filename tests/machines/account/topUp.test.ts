import { describe, expect, it } from 'vitest';
import { type AnyActorRef, assign, createActor, fromCallback, fromPromise, setup } from 'xstate';
import { currencyMachine } from '../../../machines/currency';
import {
  amountProblem,
  chosenPackOf,
  coinsOf,
  minimumOf,
  packsOf,
  type TopUpRequest,
  type TopUpTerms,
  topUpMachine,
  totalCostOf,
} from '../../../machines/topUp';
import {
  emailUnverified,
  euroTerms,
  topUpAmountRefused,
  topUpPlan,
  yenTerms,
} from '../../support/accountPaths';
import { currencies } from '../../support/fixtures';
import { cancelled, serverError } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english, run } from './support';

describePaths('topUp paths', pathPlan(topUpMachine, topUpPlan));

const yen: TopUpTerms = { ...euroTerms, currency: { code: 'JPY', value: 160.5, symbol: '¥' } };
const dinar: TopUpTerms = { ...euroTerms, currency: { code: 'KWD', value: '0.335', symbol: 'KD' } };
const SANDBOX = '/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=Xq2v';

const amount = (value: string) => ({ type: 'CHANGE', field: 'amount', value });
const review = (value: string) => [amount(value), { type: 'TOP_UP' }];
const inEuros = { terms: euroTerms };

/** What the top-up sends (the request actor's input) after `events`, on a running machine. */
async function sent(input: object, events: readonly object[]): Promise<TopUpRequest[]> {
  const requests: TopUpRequest[] = [];
  const actor = createActor(
    topUpMachine.provide({
      actors: {
        followTerms: fromCallback(() => {}),
        sendTopUp: fromPromise<never, TopUpRequest>(async ({ input }) => {
          requests.push(input);
          return new Promise<never>(() => {});
        }),
      },
    }),
    { input: { terms: euroTerms, ...input } },
  ).start();
  for (const event of events) actor.send(event as never);
  await Promise.resolve();
  actor.stop();
  return requests;
}

describe('topUp (docs/product.md §2 "Balance tab", §3 min_top_up, §8)', () => {
  it('the minimum is min_top_up at the display currency’s rate, in its minor units, rounded up', () => {
    expect(minimumOf(euroTerms)).toBe(500);
    // 5 € × 160.5 = 802.5 ¥ → 803 (JPY has no decimals)
    expect(minimumOf(yen)).toBe(803);
    // 5 € × 0.335 = 1.675 KWD → 1675 fils (3 decimals)
    expect(minimumOf(dinar)).toBe(1675);
  });

  it.each([
    ['', 'Please enter a valid amount'],
    ['abc', 'Please enter a valid amount'],
    ['0', 'Please enter a valid amount'],
    ['-5', 'Please enter a valid amount'],
    ['5.001', 'Please enter a valid amount'],
    ['4.99', 'Please enter at least the minimum top-up amount'],
    ['5', null],
    ['5,50', null],
  ])('EUR amount %j: %s', (text, message) => {
    expect(english(amountProblem(text, euroTerms))).toBe(message);
  });

  it('decimals follow the currency: JPY takes none, KWD three', () => {
    expect(english(amountProblem('1000.5', yen))).toBe('Please enter a valid amount');
    expect(amountProblem('1000', yen)).toBeNull();
    expect(english(amountProblem('1.6749', dinar))).toBe('Please enter a valid amount');
    expect(english(amountProblem('1.674', dinar))).toBe('Please enter at least the minimum top-up amount');
    expect(amountProblem('1.675', dinar)).toBeNull();
  });

  it('Total Cost adds vat_percent to the amount (half up)', () => {
    expect(totalCostOf('20', euroTerms)).toBe(2400);
    expect(totalCostOf('10.01', euroTerms)).toBe(1201);
    expect(totalCostOf('1000', { ...yen, vatPercent: 7.5 })).toBe(1075);
    expect(totalCostOf('x', euroTerms)).toBeNull();
  });

  it('the coins shown as the amount is typed are what the server credits (coinsForAmount), at the display rate', () => {
    expect(coinsOf('12.50', euroTerms)).toBe(125000);
    expect(coinsOf('12,50', euroTerms)).toBe(125000);
    // 2.500 KWD at 0.335 per euro and 100 coins per euro: 746.268… coins, rounded down to the cent.
    expect(coinsOf('2.500', dinar)).toBe(74626);
    expect(coinsOf('2.5001', dinar)).toBeNull();
    expect(coinsOf('', euroTerms)).toBeNull();
  });

  it('a pack is converted as the minimum is and buys what the server credits for that amount', () => {
    expect(packsOf(euroTerms)).toEqual([
      { preset: 500, amount: 500, coins: 50000 },
      { preset: 1000, amount: 1000, coins: 100000 },
      { preset: 2500, amount: 2500, coins: 250000 },
      { preset: 5000, amount: 5000, coins: 500000 },
    ]);
    // 10 € × 160.5 = 1605 ¥; 10 € × 0.335 = 3.350 KWD; both buy the 1,000 coins 10 € buy.
    expect(packsOf(yen)[1]).toEqual({ preset: 1000, amount: 1605, coins: 100000 });
    expect(packsOf(dinar)[1]).toEqual({ preset: 1000, amount: 3350, coins: 100000 });
    // 5 € × 160.5 = 802.5 ¥: rounded up, as the minimum is, so the smallest pack is never below it.
    expect(packsOf(yen)[0]?.amount).toBe(minimumOf(yen));
    expect(packsOf({ ...euroTerms, presets: [] })).toEqual([]);
    expect(chosenPackOf('10', euroTerms)).toBe(1000);
    expect(chosenPackOf('10.00', euroTerms)).toBe(1000);
    expect(chosenPackOf('10.01', euroTerms)).toBeNull();
    expect(chosenPackOf('', euroTerms)).toBeNull();
  });

  it('PRESET fills a pack in as the locale writes it; one the store does not offer, or in review, changes nothing', () => {
    const preset = (value: number) => ({ type: 'PRESET', preset: value });
    const filled = (terms: TopUpTerms, events: Parameters<typeof run>[2]) =>
      run(topUpMachine, { terms }, events).snapshot.context.values.amount;
    expect(filled(euroTerms, [preset(1000)])).toBe('10.00');
    expect(filled({ ...euroTerms, locale: 'de' }, [preset(2500)])).toBe('25,00');
    expect(filled(yen, [preset(1000)])).toBe('1605');
    expect(filled(dinar, [amount('2'), preset(5000)])).toBe('16.750');
    expect(filled(euroTerms, [amount('7'), preset(700)])).toBe('7');
    // A broken amount's message goes as a pack replaces the amount.
    const fixed = run(topUpMachine, inEuros, [...review('2'), preset(500)]).snapshot;
    expect(fixed.context.errors).toEqual({});
    expect(coinsOf(fixed.context.values.amount, euroTerms)).toBe(50000);
    const inReview = run(topUpMachine, inEuros, [...review('20'), preset(500)]).snapshot;
    expect(inReview.value).toBe('review');
    expect(inReview.context.values.amount).toBe('20');
  });

  it('?amount= fills the entry in; TOP_UP with a bad amount stays with the message at the field', () => {
    const start = run(topUpMachine, { amount: '12.50', ...inEuros }, []).snapshot;
    expect(start.context.values.amount).toBe('12.50');
    // The link writes a point; in German the field shows the amount as a German would type it.
    const german = run(topUpMachine, { amount: '12.50', terms: { ...euroTerms, locale: 'de' } }, []).snapshot;
    expect(german.context.values.amount).toBe('12,50');
    const { snapshot } = run(topUpMachine, inEuros, review('2'));
    expect(snapshot.value).toBe('entry');
    expect(english(snapshot.context.errors.amount)).toBe('Please enter at least the minimum top-up amount');
    const edited = run(topUpMachine, inEuros, [...review('2'), amount('20')]).snapshot;
    expect(edited.context.errors).toEqual({});
  });

  it('Pay sends the amount in minor units of the currency, the currency and the card choice', async () => {
    expect(
      await sent({ terms: yen }, [
        ...review('1000'),
        amount('1500'),
        { type: 'SAVE_CARD', save: true },
        { type: 'SUBMIT' },
        { type: 'SUBMIT' },
      ]),
    ).toEqual([{ amount: 1500, currency: 'JPY', savePaymentMethod: true }]);
  });

  it('started from the cart (?return=/cart), Pay carries the way back; another site is never carried', async () => {
    const pay = [{ type: 'TOP_UP' }, { type: 'SUBMIT' }];
    expect(await sent({ amount: '20', return: '/cart' }, pay)).toEqual([
      { amount: 2000, currency: 'EUR', savePaymentMethod: false, returnTo: '/cart' },
    ]);
    for (const elsewhere of ['//evil.example/', 'https://evil.example/', '/api/logout', '/\\evil.example']) {
      expect(await sent({ amount: '20', return: elsewhere }, pay)).toEqual([
        { amount: 2000, currency: 'EUR', savePaymentMethod: false },
      ]);
    }
  });

  it('Pay checks the amount again with the terms of that moment (the currency may have changed)', async () => {
    const { snapshot } = run(topUpMachine, inEuros, [
      ...review('20.50'),
      { type: 'TERMS', terms: yen },
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.value).toBe('review');
    expect(english(snapshot.context.errors.amount)).toBe('Please enter a valid amount');
    // Switched back before Pay: the euros are sent.
    expect(
      await sent({}, [
        ...review('20.50'),
        { type: 'TERMS', terms: yen },
        { type: 'TERMS', terms: euroTerms },
        { type: 'SUBMIT' },
      ]),
    ).toEqual([{ amount: 2050, currency: 'EUR', savePaymentMethod: false }]);
  });

  it("the provider's page is followed; an answer that is not one is an error", () => {
    const paid = [...review('20'), { type: 'SUBMIT' }];
    expect(
      run(topUpMachine, inEuros, [...paid, doneEvent('sendTopUp', { redirectUrl: SANDBOX })]).snapshot.value,
    ).toBe('redirecting');
    const odd = run(topUpMachine, inEuros, [
      ...paid,
      doneEvent('sendTopUp', { redirectUrl: 'javascript:x' }),
    ]).snapshot;
    expect(odd.value).toBe('review');
    expect(english(odd.context.formError)).toBe('Failed to top up balance');
  });

  it.each([
    [
      'a 422 on amount: its message at the field',
      topUpAmountRefused,
      null,
      'The amount must be at least 5.00 EUR.',
    ],
    ['a 500: docs/product.md §8 text', serverError, 'Server error. Please try again later.', null],
    ['unverified: nothing here (the session redirects)', emailUnverified, null, null],
    ['cancelled: nothing', cancelled, null, null],
  ])('%s', (_, error, formMessage, fieldMessage) => {
    const { snapshot } = run(topUpMachine, inEuros, [
      ...review('20'),
      { type: 'SUBMIT' },
      errorEvent('sendTopUp', error),
    ]);
    expect(snapshot.value).toBe('review');
    expect(english(snapshot.context.formError)).toBe(formMessage);
    expect(english(snapshot.context.errors.amount)).toBe(fieldMessage);
  });
});

/**
 * The top-up inside an app-like system: the real currency machine (systemId 'currency', the list
 * of the UI fixtures) and a stand-in for the app's settings (systemId 'app').
 */
type Settings = { min_top_up: number; vat_percent: number; top_up_presets?: number[] };

function runInStore() {
  const appStandIn = setup({
    types: {
      context: {} as { settings: Settings },
      events: {} as { type: 'SETTINGS'; min_top_up: number; vat_percent: number; top_up_presets: number[] },
    },
  }).createMachine({
    context: { settings: { min_top_up: 500, vat_percent: 20 } },
    on: {
      SETTINGS: {
        actions: assign(({ event }) => ({
          settings: {
            min_top_up: event.min_top_up,
            vat_percent: event.vat_percent,
            top_up_presets: event.top_up_presets,
          },
        })),
      },
    },
  });
  const host = setup({
    actors: {
      currency: currencyMachine.provide({ actors: { fetchCurrencies: fromPromise(async () => currencies) } }),
      app: appStandIn,
      topUp: topUpMachine.provide({ actors: { sendTopUp: fromPromise(() => new Promise<never>(() => {})) } }),
    },
  }).createMachine({
    invoke: [
      { src: 'currency', systemId: 'currency', input: { stored: null } },
      { src: 'app', systemId: 'app' },
      { src: 'topUp', systemId: 'topUp', input: { terms: euroTerms } },
    ],
  });
  const actor = createActor(host).start();
  const get = (id: string): AnyActorRef => actor.system.get(id);
  return { currency: get('currency'), app: get('app'), topUp: get('topUp') };
}

describe('topUp follows the store (followTerms)', () => {
  it('a currency switched in the header prices, checks and sends the amount in it', async () => {
    const { currency, topUp } = runInStore();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(currency.getSnapshot().value).toBe('ready');
    expect(topUp.getSnapshot().context.terms).toEqual({ ...euroTerms, base: currencies[0] });

    currency.send({ type: 'SELECT', code: 'JPY' });
    expect(topUp.getSnapshot().context.terms).toEqual({ ...yenTerms, base: currencies[0] });
    expect(minimumOf(topUp.getSnapshot().context.terms)).toBe(813);
    topUp.send({ type: 'CHANGE', field: 'amount', value: '20.50' });
    topUp.send({ type: 'TOP_UP' });
    expect(english(topUp.getSnapshot().context.errors.amount)).toBe('Please enter a valid amount');

    currency.send({ type: 'SELECT', code: 'KWD' });
    expect(topUp.getSnapshot().context.terms.currency).toEqual({ code: 'KWD', value: 0.332, symbol: 'KD' });
    topUp.send({ type: 'CHANGE', field: 'amount', value: '2.5' });
    topUp.send({ type: 'TOP_UP' });
    topUp.send({ type: 'SUBMIT' });
    expect(topUp.getSnapshot().value).toBe('submitting');
    expect(topUp.getSnapshot().children.sendTopUp?.getSnapshot().input).toEqual({
      amount: 2500,
      currency: 'KWD',
      savePaymentMethod: false,
    });
  });

  it('changed settings give the new minimum, VAT and packs', async () => {
    const { app, topUp } = runInStore();
    await new Promise((resolve) => setTimeout(resolve, 0));
    app.send({ type: 'SETTINGS', min_top_up: 1000, vat_percent: 7, top_up_presets: [1000, 3000] });
    const { terms } = topUp.getSnapshot().context;
    expect(minimumOf(terms)).toBe(1000);
    expect(totalCostOf('20', terms)).toBe(2140);
    expect(packsOf(terms).map((pack) => pack.amount)).toEqual([1000, 3000]);
  });
});
