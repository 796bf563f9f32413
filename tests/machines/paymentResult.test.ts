import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { type PaymentOutcome, paymentMessages, paymentResultMachine } from '../../machines/paymentResult';
import { describePaths, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { emittedBy, type Sent, sentBy, withSystemTargets } from './support';

describePaths(
  'paymentResult paths',
  pathPlan(paymentResultMachine, {
    inputs: [{ outcome: 'success' }, { outcome: 'failed' }],
    events: [
      { type: 'SESSION_CHECKED', authenticated: true },
      { type: 'SESSION_CHECKED', authenticated: false },
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
});
