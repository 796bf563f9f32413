import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../machines/forms/messages';
import { resetPasswordMachine } from '../../../machines/forms/resetPassword';
import { failureMessages, verbatim } from '../../../machines/text';
import {
  RESET_LINK as LINK,
  linkRefused,
  resetPasswordPlan,
  RESET_TOKEN as TOKEN,
} from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english } from '../../support/text';
import { apiFailure, networkError, rateLimited, run, serverError } from './support';

describePaths('resetPassword paths', pathPlan(resetPasswordMachine, resetPasswordPlan));

/** The link as the page opened it, accepted by the server's check. */
const checked = doneEvent('checkResetLink');

const filled = (password: string, confirmation: string) => [
  checked,
  { type: 'CHANGE', field: 'password', value: password },
  { type: 'CHANGE', field: 'passwordConfirmation', value: confirmation },
];

describe('resetPassword rules (docs/product.md §2, §5, §8)', () => {
  it.each([
    ['no token', { token: undefined, email: 'steve@example.com' }],
    ['no email', { token: TOKEN, email: undefined }],
    ['a malformed token', { token: 'abc', email: 'steve@example.com' }],
    ['a malformed email', { token: TOKEN, email: 'steve' }],
  ])("'Invalid reset link' for a link with %s", (_, input) => {
    const { snapshot } = run(resetPasswordMachine, input, []);
    expect(snapshot.value).toBe('invalidLink');
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(false);
  });

  it('checks the new password in order: required, the rule, confirmation, match', () => {
    const shown = (password: string, confirmation: string) =>
      run(resetPasswordMachine, LINK, [...filled(password, confirmation), { type: 'SUBMIT' }]).snapshot
        .context.errors;
    expect(shown('', '')).toEqual({ password: formMessages.passwordRequired });
    expect(shown('diamond', '')).toEqual({ password: formMessages.passwordRule });
    expect(english(shown('diamond', ''))).toEqual({
      password:
        'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces',
    });
    expect(shown('Diamond7', '')).toEqual({ passwordConfirmation: formMessages.confirmPassword });
    expect(shown('Diamond7', 'Diamond8')).toEqual({ passwordConfirmation: formMessages.passwordsDiffer });
  });

  it("resets (PUT /user/restore-password with token, email, password, password_confirmation), then 'Password reset successfully' and sign in", () => {
    const resetting = run(resetPasswordMachine, LINK, [
      ...filled('Diamond7', 'Diamond7'),
      { type: 'SUBMIT' },
    ]);
    expect(resetting.snapshot.value).toBe('resetting');
    expect(resetting.snapshot.can({ type: 'SUBMIT' })).toBe(false);
    const done = run(resetPasswordMachine, LINK, [
      ...filled('Diamond7', 'Diamond7'),
      { type: 'SUBMIT' },
      doneEvent('restorePassword'),
    ]);
    expect(done.snapshot.status).toBe('done');
    expect(done.sent).toEqual([
      { to: 'toasts', event: { type: 'SHOW', kind: 'success', text: formMessages.passwordReset } },
    ]);
    expect(english(done.sent[0]?.event)).toMatchObject({ text: 'Password reset successfully' });
    expect(done.emitted).toEqual([{ type: 'navigate', to: '/login' }]);
  });

  it.each([
    ['429', rateLimited, failureMessages.rateLimited],
    ['5xx', serverError, failureMessages.server],
    ['no response', networkError, failureMessages.network],
    ['an answer without a message', apiFailure('bad-request', ''), formMessages.resetFailed],
    ['no usable answer at all', new Error('boom'), formMessages.resetError],
  ])('a failure shows its message: %s', (_, error, message) => {
    const { snapshot, sent } = run(resetPasswordMachine, LINK, [
      ...filled('Diamond7', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent('restorePassword', error),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ errors: {}, formError: message });
    expect(sent).toEqual([]);
  });

  it("a link the check refuses (used, expired): invalidLink with the server's message, no form", () => {
    const { snapshot } = run(resetPasswordMachine, LINK, [errorEvent('checkResetLink', linkRefused)]);
    expect(snapshot.value).toBe('invalidLink');
    expect(snapshot.context.linkError).toEqual(
      verbatim('This password reset link is invalid or has expired.'),
    );
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(false);
  });

  it('the check running: the form takes typing, and a SUBMIT waits for the answer', () => {
    const waiting = [
      { type: 'CHANGE', field: 'password', value: 'Diamond7' },
      { type: 'CHANGE', field: 'passwordConfirmation', value: 'Diamond7' },
      { type: 'SUBMIT' },
    ];
    const checking = run(resetPasswordMachine, LINK, waiting);
    expect(checking.snapshot.value).toBe('checkingLink');
    expect(checking.snapshot.context).toMatchObject({
      submitWaiting: true,
      values: { password: 'Diamond7', passwordConfirmation: 'Diamond7' },
    });
    expect(run(resetPasswordMachine, LINK, [...waiting, checked]).snapshot.value).toBe('resetting');
    // A check that could not tell (5xx, network) leaves the verdict to the reset.
    expect(
      run(resetPasswordMachine, LINK, [...waiting, errorEvent('checkResetLink', serverError)]).snapshot.value,
    ).toBe('resetting');
    const refused = run(resetPasswordMachine, LINK, [...waiting, errorEvent('checkResetLink', linkRefused)]);
    expect(refused.snapshot.value).toBe('invalidLink');
  });

  it("a link the reset refuses (used meanwhile): invalidLink with the server's message", () => {
    const { snapshot } = run(resetPasswordMachine, LINK, [
      ...filled('Diamond7', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent('restorePassword', linkRefused),
    ]);
    expect(snapshot.value).toBe('invalidLink');
    expect(snapshot.context.linkError).toEqual(
      verbatim('This password reset link is invalid or has expired.'),
    );
  });

  it('server field errors land on the password fields', () => {
    const { snapshot } = run(resetPasswordMachine, LINK, [
      ...filled('Diamond7', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent(
        'restorePassword',
        apiFailure('validation', 'Please confirm your password', {
          status: 422,
          fieldErrors: { password_confirmation: ['Please confirm your password'] },
        }),
      ),
    ]);
    expect(snapshot.context).toMatchObject({
      errors: { passwordConfirmation: verbatim('Please confirm your password') },
      formError: null,
    });
  });
});
