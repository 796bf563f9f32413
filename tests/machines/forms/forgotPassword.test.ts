import { describe, expect, it } from 'vitest';
import { forgotPasswordMachine } from '../../../machines/forms/forgotPassword';
import { formMessages } from '../../../machines/forms/messages';
import { failureMessages, verbatim } from '../../../machines/text';
import { forgotPasswordPlan } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { apiFailure, cancelled, networkError, rateLimited, run, serverError } from './support';

describePaths('forgotPassword paths', pathPlan(forgotPasswordMachine, forgotPasswordPlan));

const typed = (email: string) => [{ type: 'CHANGE', field: 'email', value: email }];

describe('forgotPassword rules (docs/product.md §5, §8)', () => {
  it("'Please enter your email address' when empty, then the email format", () => {
    expect(run(forgotPasswordMachine, undefined, [{ type: 'SUBMIT' }]).snapshot.context.errors).toEqual({
      email: formMessages.emailAddressRequired,
    });
    expect(
      run(forgotPasswordMachine, undefined, [...typed('steve@'), { type: 'SUBMIT' }]).snapshot.context.errors,
    ).toEqual({ email: formMessages.validEmail });
  });

  it('shows the success notice, and the form stays for another try', () => {
    const sent = run(forgotPasswordMachine, undefined, [
      ...typed('steve@example.com'),
      { type: 'SUBMIT' },
      doneEvent('requestReset'),
    ]).snapshot;
    expect(sent.value).toBe('editing');
    expect(sent.context.notice).toEqual(formMessages.resetLinkSent);
    expect(sent.can({ type: 'SUBMIT' })).toBe(true);
  });

  it('does not accept SUBMIT while sending', () => {
    const sending = run(forgotPasswordMachine, undefined, [
      ...typed('steve@example.com'),
      { type: 'SUBMIT' },
    ]);
    expect(sending.snapshot.value).toBe('sending');
    expect(sending.snapshot.can({ type: 'SUBMIT' })).toBe(false);
  });

  it.each([
    ['429', rateLimited, failureMessages.rateLimited],
    ['5xx', serverError, failureMessages.server],
    ['no response', networkError, failureMessages.network],
    [
      "the server's message",
      apiFailure('bad-request', 'Mail is down', { serverMessage: 'Mail is down' }),
      verbatim('Mail is down'),
    ],
    ['an answer without a message', apiFailure('bad-request', ''), formMessages.resetEmailFailed],
    ['an unexpected error', new Error('boom'), formMessages.resetEmailFailed],
  ])('a failure shows its message: %s', (_, error, message) => {
    const { snapshot } = run(forgotPasswordMachine, undefined, [
      ...typed('steve@example.com'),
      { type: 'SUBMIT' },
      errorEvent('requestReset', error),
    ]);
    expect(snapshot.context).toMatchObject({ errors: {}, formError: message, notice: null });
  });

  it('a server field error lands on the email; a cancelled call shows nothing', () => {
    const refused = run(forgotPasswordMachine, undefined, [
      ...typed('steve@example.com'),
      { type: 'SUBMIT' },
      errorEvent(
        'requestReset',
        apiFailure('validation', 'Email is not valid', {
          status: 422,
          fieldErrors: { email: ['Email is not valid'] },
        }),
      ),
    ]);
    expect(refused.snapshot.context).toMatchObject({
      errors: { email: verbatim('Email is not valid') },
      formError: null,
    });
    const quiet = run(forgotPasswordMachine, undefined, [
      ...typed('steve@example.com'),
      { type: 'SUBMIT' },
      errorEvent('requestReset', cancelled),
    ]);
    expect(quiet.snapshot.context).toMatchObject({ errors: {}, formError: null, notice: null });
  });
});
