import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { failureMessages, verbatim } from '../../machines/text';
import { verificationEmailMachine, verificationMessages } from '../../machines/verificationEmail';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { emittedBy, sentBy, withSystemTargets } from './support';

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

const machine = withSystemTargets(verificationEmailMachine);

/** The state after the answer, and the toasts it sends (nothing else is sent or emitted). */
function afterAnswer(answer: unknown) {
  const [idle] = initialTransition(machine);
  const [sending] = transition(machine, idle, { type: 'RESEND' });
  const [next, actions] = transition(machine, sending, answer as Step);
  expect(emittedBy(actions)).toEqual([]);
  const sent = sentBy(actions);
  expect(sent.every(({ to }) => to === 'toasts')).toBe(true);
  return { state: next.value, notices: sent.map(({ event }) => event) };
}

describe('verificationEmail rules', () => {
  it("shows the server's message, or the default, when the link went out", () => {
    expect(afterAnswer(doneEvent('resendVerification', 'Check your inbox.'))).toEqual({
      state: 'sent',
      notices: [{ type: 'SHOW', kind: 'success', text: verbatim('Check your inbox.') }],
    });
    const byDefault = afterAnswer(doneEvent('resendVerification', undefined)).notices;
    expect(byDefault).toEqual([{ type: 'SHOW', kind: 'success', text: verificationMessages.sent }]);
    expect(english(byDefault)).toEqual([
      { type: 'SHOW', kind: 'success', text: 'A new verification link has been sent to your email address.' },
    ]);
    expect(afterAnswer(doneEvent('resendVerification', '  ')).notices).toEqual(byDefault);
  });

  it("shows the server's error, or the default, and allows another try", () => {
    expect(
      afterAnswer(
        errorEvent('resendVerification', {
          kind: 'conflict',
          message: 'Already verified.',
          serverMessage: 'Already verified.',
        }),
      ),
    ).toEqual({
      state: 'idle',
      notices: [{ type: 'SHOW', kind: 'error', text: verbatim('Already verified.') }],
    });
    expect(
      afterAnswer(
        errorEvent('resendVerification', {
          kind: 'rate-limited',
          message: 'Too many requests. Please wait a moment.',
        }),
      ).notices,
    ).toEqual([{ type: 'SHOW', kind: 'error', text: failureMessages.rateLimited }]);
    const byDefault = afterAnswer(errorEvent('resendVerification', new Error('boom'))).notices;
    expect(byDefault).toEqual([{ type: 'SHOW', kind: 'error', text: verificationMessages.failed }]);
    expect(english(byDefault)).toEqual([
      { type: 'SHOW', kind: 'error', text: 'Failed to send the verification email' },
    ]);
  });

  it('says nothing about a cancelled request', () => {
    expect(afterAnswer(errorEvent('resendVerification', { kind: 'cancelled', message: 'x' }))).toEqual({
      state: 'idle',
      notices: [],
    });
  });

  it('does not send twice at once', () => {
    const [idle] = initialTransition(machine);
    const [sending] = transition(machine, idle, { type: 'RESEND' });
    expect(sending.can({ type: 'RESEND' })).toBe(false);
  });
});
