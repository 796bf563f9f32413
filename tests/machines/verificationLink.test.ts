import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { failureMessages, verbatim } from '../../machines/text';
import { verificationMessages } from '../../machines/verificationEmail';
import { verificationLinkMachine } from '../../machines/verificationLink';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';

describePaths(
  'verificationLink paths',
  pathPlan(verificationLinkMachine, {
    inputs: [
      { signedIn: false, emailVerified: false },
      { signedIn: true, emailVerified: true },
      { signedIn: true, emailVerified: false },
    ],
    events: [
      { type: 'RESEND' },
      doneEvent('resendVerification', 'Sent!'),
      errorEvent('resendVerification', { kind: 'cancelled', message: '' }),
      errorEvent('resendVerification', {
        kind: 'conflict',
        message: 'Your email address is already verified.',
        serverMessage: 'Your email address is already verified.',
      }),
      errorEvent('resendVerification', {
        kind: 'rate-limited',
        message: 'Too many requests. Please wait a moment.',
      }),
    ],
  }),
);

type Step = Parameters<typeof transition<typeof verificationLinkMachine>>[2];

const signedIn = { signedIn: true, emailVerified: false };

function afterAnswer(answer: unknown) {
  const [ready] = initialTransition(verificationLinkMachine, signedIn);
  const [sending] = transition(verificationLinkMachine, ready, { type: 'RESEND' });
  const [next] = transition(verificationLinkMachine, sending, answer as Step);
  return { state: next.value, notice: next.context.notice };
}

describe('verificationLink rules', () => {
  it('asks a guest to sign in first, and tells a verified customer there is nothing to do', () => {
    const [guest] = initialTransition(verificationLinkMachine, { signedIn: false, emailVerified: false });
    expect(guest.value).toBe('signedOut');
    expect(guest.can({ type: 'RESEND' })).toBe(false);
    const [verified] = initialTransition(verificationLinkMachine, { signedIn: true, emailVerified: true });
    expect(verified.value).toBe('verified');
    expect(verified.can({ type: 'RESEND' })).toBe(false);
    const [ready] = initialTransition(verificationLinkMachine, signedIn);
    expect(ready.value).toBe('ready');
    expect(ready.context.notice).toBeNull();
  });

  it("says a new link went out, in the server's words or the default, and offers another", () => {
    expect(afterAnswer(doneEvent('resendVerification', 'Check your inbox.'))).toEqual({
      state: 'sent',
      notice: verbatim('Check your inbox.'),
    });
    const byDefault = afterAnswer(doneEvent('resendVerification', '  '));
    expect(byDefault).toEqual({ state: 'sent', notice: verificationMessages.sent });
    expect(english([byDefault.notice])).toEqual([
      'A new verification link has been sent to your email address.',
    ]);
    const [ready] = initialTransition(verificationLinkMachine, signedIn);
    const [sending] = transition(verificationLinkMachine, ready, { type: 'RESEND' });
    const [sent] = transition(
      verificationLinkMachine,
      sending,
      doneEvent('resendVerification', 'x') as unknown as Step,
    );
    const [again] = transition(verificationLinkMachine, sent, { type: 'RESEND' });
    expect(again.value).toBe('sending');
    expect(again.context.notice).toBeNull();
  });

  it('treats a 409 as verified meanwhile, and shows any other failure for another try', () => {
    expect(
      afterAnswer(errorEvent('resendVerification', { kind: 'conflict', message: 'x', serverMessage: 'x' })),
    ).toEqual({ state: 'verified', notice: null });
    expect(
      afterAnswer(
        errorEvent('resendVerification', {
          kind: 'rate-limited',
          message: 'Too many requests. Please wait a moment.',
        }),
      ),
    ).toEqual({ state: 'ready', notice: failureMessages.rateLimited });
    const byDefault = afterAnswer(errorEvent('resendVerification', new Error('boom')));
    expect(byDefault).toEqual({ state: 'ready', notice: verificationMessages.failed });
    expect(english([byDefault.notice])).toEqual(['Failed to send the verification email']);
    expect(afterAnswer(errorEvent('resendVerification', { kind: 'cancelled', message: 'x' }))).toEqual({
      state: 'ready',
      notice: null,
    });
  });

  it('does not send twice at once', () => {
    let calls = 0;
    const actor = createActor(
      verificationLinkMachine.provide({
        actors: {
          resendVerification: fromPromise(async () => {
            calls += 1;
            return new Promise<string | undefined>(() => {});
          }),
        },
      }),
      { input: signedIn },
    ).start();
    actor.send({ type: 'RESEND' });
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(calls).toBe(1);
    actor.stop();
  });
});
