import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { type PaymentOutcome, paymentResultMachine } from '../../machines/paymentResult';
import { describePaths, pathPlan } from '../support/paths';

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

/** What the page announces once the session is known: emitted events, in order. */
function announced(outcome: PaymentOutcome, authenticated: boolean): unknown[] {
  const [waiting] = initialTransition(paymentResultMachine, { outcome });
  const [done, actions] = transition(paymentResultMachine, waiting, {
    type: 'SESSION_CHECKED',
    authenticated,
  });
  expect(done.status).toBe('done');
  return emitted(actions);
}

function emitted(actions: ReadonlyArray<{ type: string; params?: unknown }>): unknown[] {
  return actions.filter((a) => a.type === 'xstate.emit').map((a) => (a.params as { event: unknown }).event);
}

describe('paymentResult rules', () => {
  it('announces nothing before the session is known', () => {
    const [waiting, actions] = initialTransition(paymentResultMachine, { outcome: 'success' });
    expect(waiting.value).toBe('awaitingSession');
    expect(emitted(actions)).toEqual([]);
  });

  it('success while signed in: refreshes the profile and says so', () => {
    expect(announced('success', true)).toEqual([
      { type: 'refreshProfile' },
      { type: 'notify', kind: 'success', message: 'Payment completed successfully!' },
    ]);
  });

  it('success as a guest: no profile to refresh and no notice', () => {
    expect(announced('success', false)).toEqual([]);
  });

  it('failure: the error notice, signed in or not', () => {
    const notice = { type: 'notify', kind: 'error', message: 'Payment failed. Please try again.' };
    expect(announced('failed', true)).toEqual([notice]);
    expect(announced('failed', false)).toEqual([notice]);
  });
});
