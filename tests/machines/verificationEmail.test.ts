import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { verificationEmailMachine } from '../../machines/verificationEmail';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';

describePaths(
  'verificationEmail paths',
  pathPlan(verificationEmailMachine, {
    events: [
      { type: 'RESEND' },
      doneEvent('resendVerification', 'Sent!'),
      errorEvent('resendVerification', { kind: 'cancelled', message: '' }),
      errorEvent('resendVerification', {
        kind: 'rate-limited',
        message: 'Too many requests. Please wait a moment.',
      }),
    ],
  }),
);

type Step = Parameters<typeof transition<typeof verificationEmailMachine>>[2];

function afterAnswer(answer: unknown) {
  const [idle] = initialTransition(verificationEmailMachine);
  const [sending] = transition(verificationEmailMachine, idle, { type: 'RESEND' });
  const [next, actions] = transition(verificationEmailMachine, sending, answer as Step);
  return { state: next.value, notices: emitted(actions) };
}

function emitted(actions: ReadonlyArray<{ type: string; params?: unknown }>): unknown[] {
  return actions.filter((a) => a.type === 'xstate.emit').map((a) => (a.params as { event: unknown }).event);
}

describe('verificationEmail rules', () => {
  it("shows the server's message, or the default, when the link went out", () => {
    expect(afterAnswer(doneEvent('resendVerification', 'Check your inbox.'))).toEqual({
      state: 'sent',
      notices: [{ type: 'notify', kind: 'success', message: 'Check your inbox.' }],
    });
    expect(afterAnswer(doneEvent('resendVerification', undefined)).notices).toEqual([
      {
        type: 'notify',
        kind: 'success',
        message: 'A new verification link has been sent to your email address.',
      },
    ]);
  });

  it("shows the server's error, or the default, and allows another try", () => {
    expect(
      afterAnswer(errorEvent('resendVerification', { kind: 'conflict', message: 'Already verified.' })),
    ).toEqual({
      state: 'idle',
      notices: [{ type: 'notify', kind: 'error', message: 'Already verified.' }],
    });
    expect(afterAnswer(errorEvent('resendVerification', new Error('boom'))).notices).toEqual([
      { type: 'notify', kind: 'error', message: 'Failed to send the verification email' },
    ]);
  });

  it('says nothing about a cancelled request', () => {
    expect(afterAnswer(errorEvent('resendVerification', { kind: 'cancelled', message: 'x' }))).toEqual({
      state: 'idle',
      notices: [],
    });
  });

  it('does not send twice at once', () => {
    const [idle] = initialTransition(verificationEmailMachine);
    const [sending] = transition(verificationEmailMachine, idle, { type: 'RESEND' });
    expect(sending.can({ type: 'RESEND' })).toBe(false);
  });
});
