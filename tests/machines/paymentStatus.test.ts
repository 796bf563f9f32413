import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { PAYMENT_POLL_INTERVAL_MS, paymentStatusMachine } from '../../machines/paymentStatus';
import { afterEvent, describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';

const input = { paymentId: 'pay_5K2m9QeX1tZ8' };
const tick = afterEvent(PAYMENT_POLL_INTERVAL_MS, 'paymentStatus.waiting');

describePaths(
  'paymentStatus paths',
  pathPlan(paymentStatusMachine, {
    input,
    events: [
      doneEvent('fetchPaymentStatus', 'pending'),
      doneEvent('fetchPaymentStatus', 'paid'),
      doneEvent('fetchPaymentStatus', 'failed'),
      doneEvent('fetchPaymentStatus', 'cancelled'),
      doneEvent('fetchPaymentStatus', 'expired'),
      errorEvent('fetchPaymentStatus', {
        kind: 'network',
        message: 'Network error. Please check your connection.',
      }),
      errorEvent('fetchPaymentStatus', { kind: 'not-found', message: 'Payment not found' }),
      tick,
    ],
  }),
);

type Step = Parameters<typeof transition<typeof paymentStatusMachine>>[2];
const step = (event: unknown) => event as Step;

function emitted(actions: Array<{ type: string; params?: unknown }>): unknown[] {
  return actions.filter((a) => a.type === 'xstate.emit').map((a) => (a.params as { event: unknown }).event);
}

describe('paymentStatus rules', () => {
  it('asks for the payment by its reference', () => {
    const [checking, actions] = initialTransition(paymentStatusMachine, input);
    expect(checking.value).toBe('checking');
    expect(actions.map((a) => [a.type, a.params])).toContainEqual([
      'xstate.spawnChild',
      expect.objectContaining({ src: 'fetchPaymentStatus', input }),
    ]);
  });

  it(`asks again ${PAYMENT_POLL_INTERVAL_MS} ms after a pending answer or a passing failure`, () => {
    const [checking] = initialTransition(paymentStatusMachine, input);
    for (const answer of [
      doneEvent('fetchPaymentStatus', 'pending'),
      errorEvent('fetchPaymentStatus', { kind: 'server', message: 'Server error. Please try again later.' }),
      errorEvent('fetchPaymentStatus', {
        kind: 'timeout',
        message: 'Network error. Please check your connection.',
      }),
    ]) {
      const [waiting, actions] = transition(paymentStatusMachine, checking, step(answer));
      expect(waiting.value).toBe('waiting');
      expect(actions.map((a) => a.type)).toContain('xstate.raise');
      const [again] = transition(paymentStatusMachine, waiting, step(tick));
      expect(again.value).toBe('checking');
    }
  });

  it('paid → /success-payment?payment=…, failed → /fail-payment?payment=… (replacing the pending page), and polling ends', () => {
    const [checking] = initialTransition(paymentStatusMachine, input);
    const [paid, paidActions] = transition(
      paymentStatusMachine,
      checking,
      step(doneEvent('fetchPaymentStatus', 'paid')),
    );
    expect(paid.status).toBe('done');
    expect(emitted(paidActions)).toEqual([
      { type: 'navigate', to: `/success-payment?payment=${input.paymentId}`, replace: true },
    ]);
    const [failed, failedActions] = transition(
      paymentStatusMachine,
      checking,
      step(doneEvent('fetchPaymentStatus', 'failed')),
    );
    expect(failed.status).toBe('done');
    expect(emitted(failedActions)).toEqual([
      { type: 'navigate', to: `/fail-payment?payment=${input.paymentId}`, replace: true },
    ]);
  });

  it.each(['cancelled', 'expired'])(
    'a payment %s meanwhile (its lines are back in the cart) moves on to /fail-payment by itself',
    (status) => {
      const [checking] = initialTransition(paymentStatusMachine, input);
      const [closed, actions] = transition(
        paymentStatusMachine,
        checking,
        step(doneEvent('fetchPaymentStatus', status)),
      );
      expect(closed.status).toBe('done');
      expect(emitted(actions)).toEqual([
        { type: 'navigate', to: `/fail-payment?payment=${input.paymentId}`, replace: true },
      ]);
    },
  );

  it('stops without navigating when the payment is not found or not the visitor’s', () => {
    const [checking] = initialTransition(paymentStatusMachine, input);
    for (const kind of ['not-found', 'unauthorized', 'forbidden']) {
      const [stopped, actions] = transition(
        paymentStatusMachine,
        checking,
        step(errorEvent('fetchPaymentStatus', { kind, message: 'No' })),
      );
      expect([stopped.value, stopped.status]).toEqual(['unknown', 'done']);
      expect(emitted(actions)).toEqual([]);
    }
  });
});
