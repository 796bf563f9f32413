import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  minimumOf,
  type TopUpTerms,
  topUpMachine,
  totalCostOf,
} from '../../../machines/topUp';
import { emailUnverified, euroTerms, topUpAmountRefused, topUpPlan } from '../../support/accountPaths';
import { cancelled, serverError } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english, run } from './support';

describePaths('topUp paths', pathPlan(topUpMachine, topUpPlan));

const yen: TopUpTerms = { ...euroTerms, currency: { code: 'JPY', value: 160.5 } };
const dinar: TopUpTerms = { ...euroTerms, currency: { code: 'KWD', value: '0.335' } };
const SANDBOX = '/api/sandbox/pay/pay_5K2m9QeX1tZ8?key=Xq2v';

const review = (amount: string, terms = euroTerms) => [
  { type: 'CHANGE', value: amount },
  { type: 'TOP_UP', terms },
];

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

  it('?amount= fills the entry in; TOP_UP with a bad amount stays with the message at the field', () => {
    const start = run(topUpMachine, { amount: '12.50' }, []).snapshot;
    expect(start.context.amountText).toBe('12.50');
    const { snapshot } = run(topUpMachine, {}, review('2'));
    expect(snapshot.value).toBe('entry');
    expect(english(snapshot.context.errors.amount)).toBe('Please enter at least the minimum top-up amount');
    const edited = run(topUpMachine, {}, [...review('2'), { type: 'CHANGE', value: '20' }]).snapshot;
    expect(edited.context.errors).toEqual({});
  });

  it('PAY sends the amount in minor units of the currency, the currency and the card choice', () => {
    const { snapshot } = run(topUpMachine, {}, [
      ...review('1000', yen),
      { type: 'CHANGE', value: '1500' },
      { type: 'SAVE_CARD', save: true },
      { type: 'PAY', terms: yen },
    ]);
    expect(snapshot.value).toBe('submitting');
    expect(snapshot.context.request).toEqual({ amount: 1500, currency: 'JPY', savePaymentMethod: true });
  });

  it('started from the cart (?return=/cart), PAY carries the way back; another site is never carried', () => {
    const fromCart = run(topUpMachine, { amount: '20', return: '/cart' }, [
      { type: 'TOP_UP', terms: euroTerms },
      { type: 'PAY', terms: euroTerms },
    ]).snapshot;
    expect(fromCart.context.request).toEqual({
      amount: 2000,
      currency: 'EUR',
      savePaymentMethod: false,
      returnTo: '/cart',
    });
    for (const elsewhere of ['//evil.example/', 'https://evil.example/', '/api/logout', '/\\evil.example']) {
      const sent = run(topUpMachine, { amount: '20', return: elsewhere }, [
        { type: 'TOP_UP', terms: euroTerms },
        { type: 'PAY', terms: euroTerms },
      ]).snapshot;
      expect(sent.context.request).toEqual({ amount: 2000, currency: 'EUR', savePaymentMethod: false });
    }
  });

  it('PAY checks the amount again with the terms of that moment (the currency may have changed)', () => {
    const { snapshot } = run(topUpMachine, {}, [...review('20.50'), { type: 'PAY', terms: yen }]);
    expect(snapshot.value).toBe('review');
    expect(english(snapshot.context.errors.amount)).toBe('Please enter a valid amount');
  });

  it("the provider's page is followed; an answer that is not one is an error", () => {
    const paid = [...review('20'), { type: 'PAY', terms: euroTerms }];
    expect(
      run(topUpMachine, {}, [...paid, doneEvent('sendTopUp', { redirectUrl: SANDBOX })]).snapshot.value,
    ).toBe('redirecting');
    const odd = run(topUpMachine, {}, [
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
    const { snapshot } = run(topUpMachine, {}, [
      ...review('20'),
      { type: 'PAY', terms: euroTerms },
      errorEvent('sendTopUp', error),
    ]);
    expect(snapshot.value).toBe('review');
    expect(english(snapshot.context.formError)).toBe(formMessage);
    expect(english(snapshot.context.errors.amount)).toBe(fieldMessage);
  });
});
