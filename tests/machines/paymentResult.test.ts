import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  type PaymentOutcome,
  type PaymentSummary,
  paymentMessages,
  paymentResultMachine,
  toppedUpText,
} from '../../machines/paymentResult';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { emittedBy, type Sent, sentBy, withSystemTargets } from './support';

const PAYMENT_ID = 'pay_5K2m9QeX1tZ8';
const topUp = (status: PaymentSummary['status'], returnTo: string | null = null): PaymentSummary => ({
  kind: 'top_up',
  status,
  coins: 1250,
  return_to: returnTo,
});

describePaths(
  'paymentResult paths',
  pathPlan(paymentResultMachine, {
    inputs: [{ outcome: 'success' }, { outcome: 'failed' }, { outcome: 'success', paymentId: PAYMENT_ID }],
    events: [
      { type: 'SESSION_CHECKED', authenticated: true },
      { type: 'SESSION_CHECKED', authenticated: false },
      doneEvent('fetchPayment', topUp('paid')),
      doneEvent('fetchPayment', topUp('paid', '/cart')),
      doneEvent('fetchPayment', { kind: 'order', status: 'paid', coins: 249900, return_to: null }),
      errorEvent('fetchPayment', {
        kind: 'network',
        message: 'Network error. Please check your connection.',
      }),
    ],
  }),
);

const machine = withSystemTargets(paymentResultMachine);

/** What the page announces once the session is known: events sent to the system's actors, in order. */
function announced(outcome: PaymentOutcome, authenticated: boolean): Sent[] {
  const [waiting] = initialTransition(machine, { outcome });
  const [done, actions] = transition(machine, waiting, {
    type: 'SESSION_CHECKED',
    authenticated,
  });
  expect(done.status).toBe('done');
  expect(emittedBy(actions)).toEqual([]);
  return sentBy(actions);
}

describe('paymentResult rules', () => {
  it('announces nothing before the session is known', () => {
    const [waiting, actions] = initialTransition(machine, { outcome: 'success' });
    expect(waiting.value).toBe('awaitingSession');
    expect(emittedBy(actions)).toEqual([]);
    expect(sentBy(actions)).toEqual([]);
  });

  it('success while signed in: refreshes the profile and says so', () => {
    const sent = announced('success', true);
    expect(sent).toEqual([
      { to: 'profile', event: { type: 'FETCH' } },
      { to: 'toasts', event: { type: 'SHOW', kind: 'success', text: paymentMessages.completed } },
    ]);
    expect(english(sent[1]?.event)).toMatchObject({ text: 'Payment completed successfully!' });
  });

  it('success as a guest: no profile to refresh and no notice', () => {
    expect(announced('success', false)).toEqual([]);
  });

  it('failure: the error notice, signed in or not', () => {
    const notice = { to: 'toasts', event: { type: 'SHOW', kind: 'error', text: paymentMessages.failed } };
    expect(announced('failed', true)).toEqual([notice]);
    expect(announced('failed', false)).toEqual([notice]);
    expect(english(paymentMessages.failed)).toBe('Payment failed. Please try again.');
  });

  it('a paid top-up: refreshes the profile and says how many tokens arrived', () => {
    const [waiting] = initialTransition(machine, { outcome: 'success', paymentId: PAYMENT_ID });
    const [lookingUp, asked] = transition(machine, waiting, { type: 'SESSION_CHECKED', authenticated: true });
    expect(lookingUp.value).toBe('lookingUp');
    expect(sentBy(asked)).toEqual([]);
    expect(asked.map((a) => [a.type, a.params])).toContainEqual([
      'xstate.spawnChild',
      expect.objectContaining({ src: 'fetchPayment', input: { paymentId: PAYMENT_ID } }),
    ]);
    const [done, actions] = transition(machine, lookingUp, doneEvent('fetchPayment', topUp('paid')) as never);
    expect(done.status).toBe('done');
    const sent = sentBy(actions);
    expect(sent).toEqual([
      { to: 'profile', event: { type: 'FETCH' } },
      { to: 'toasts', event: { type: 'SHOW', kind: 'success', text: toppedUpText(1250) } },
    ]);
    expect(english(sent[1]?.event)).toMatchObject({
      text: 'Successfully added 12.5 tokens to your balance!',
    });
  });

  it('a paid top-up started from the cart goes back there (replacing the result page); never to another site', () => {
    const lookUp = () => {
      const [waiting] = initialTransition(machine, { outcome: 'success', paymentId: PAYMENT_ID });
      return transition(machine, waiting, { type: 'SESSION_CHECKED', authenticated: true })[0];
    };
    const [done, actions] = transition(
      machine,
      lookUp(),
      doneEvent('fetchPayment', topUp('paid', '/cart')) as never,
    );
    expect(done.status).toBe('done');
    expect(sentBy(actions)).toEqual([
      { to: 'profile', event: { type: 'FETCH' } },
      { to: 'toasts', event: { type: 'SHOW', kind: 'success', text: toppedUpText(1250) } },
    ]);
    expect(emittedBy(actions)).toEqual([{ type: 'navigate', to: '/cart', replace: true }]);
    for (const elsewhere of ['//evil.example/', 'https://evil.example/', '/api/logout', '/\\evil.example']) {
      const [, quiet] = transition(
        machine,
        lookUp(),
        doneEvent('fetchPayment', topUp('paid', elsewhere)) as never,
      );
      expect(emittedBy(quiet)).toEqual([]);
    }
    const [, pending] = transition(
      machine,
      lookUp(),
      doneEvent('fetchPayment', topUp('pending', '/cart')) as never,
    );
    expect(emittedBy(pending)).toEqual([]);
  });

  it("the tokens in the language's digits: 1,000 in English", () => {
    expect(english(toppedUpText(100_000))).toBe('Successfully added 1,000 tokens to your balance!');
  });

  it.each([
    [
      'an order',
      doneEvent('fetchPayment', { kind: 'order', status: 'paid', coins: 249900, return_to: null }),
    ],
    ['a top-up not yet paid', doneEvent('fetchPayment', topUp('pending'))],
    ['a failed look-up', errorEvent('fetchPayment', { kind: 'server', message: 'Server error' })],
  ])('%s: refreshes the profile and says the payment completed', (_, answer) => {
    const [waiting] = initialTransition(machine, { outcome: 'success', paymentId: PAYMENT_ID });
    const [lookingUp] = transition(machine, waiting, { type: 'SESSION_CHECKED', authenticated: true });
    const [done, actions] = transition(machine, lookingUp, answer as never);
    expect(done.status).toBe('done');
    expect(sentBy(actions)).toEqual([
      { to: 'profile', event: { type: 'FETCH' } },
      { to: 'toasts', event: { type: 'SHOW', kind: 'success', text: paymentMessages.completed } },
    ]);
  });

  it('a guest with a payment reference: no look-up and no notice', () => {
    const [waiting] = initialTransition(machine, { outcome: 'success', paymentId: PAYMENT_ID });
    const [done, actions] = transition(machine, waiting, { type: 'SESSION_CHECKED', authenticated: false });
    expect(done.status).toBe('done');
    expect(sentBy(actions)).toEqual([]);
  });
});
