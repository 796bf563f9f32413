import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../../machines/forms/resetPassword';
import {
  RESET_LINK as LINK,
  linkRefused,
  resetPasswordPlan,
  RESET_TOKEN as TOKEN,
} from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { apiFailure, networkError, rateLimited, run, serverError } from './support';

describePaths('resetPassword paths', pathPlan(resetPasswordMachine, resetPasswordPlan));

const filled = (password: string, confirmation: string) => [
  { type: 'CHANGE', field: 'password', value: password },
  { type: 'CHANGE', field: 'passwordConfirmation', value: confirmation },
];

describe('resetPassword rules (SPEC §2, §5, §8)', () => {
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
    expect(shown('', '')).toEqual({ password: 'Password is required' });
    expect(shown('diamond', '')).toEqual({
      password:
        'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces',
    });
    expect(shown('Diamond7', '')).toEqual({ passwordConfirmation: 'Please confirm your password' });
    expect(shown('Diamond7', 'Diamond8')).toEqual({ passwordConfirmation: 'Passwords do not match' });
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
    expect(done.emitted).toEqual([
      { type: 'notify', kind: 'success', message: 'Password reset successfully' },
      { type: 'navigate', to: '/login' },
    ]);
  });

  it.each([
    ['a refused link (token error)', linkRefused, 'This password reset link is invalid or has expired.'],
    ['429', rateLimited, 'Too many requests. Please wait a moment.'],
    ['5xx', serverError, 'Server error. Please try again later.'],
    ['no response', networkError, 'Network error. Please check your connection.'],
    ['an answer without a message', apiFailure('bad-request', ''), 'Failed to reset password'],
    ['no usable answer at all', new Error('boom'), 'An error occurred during password reset.'],
  ])('a failure shows its message: %s', (_, error, message) => {
    const { snapshot } = run(resetPasswordMachine, LINK, [
      ...filled('Diamond7', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent('restorePassword', error),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ errors: {}, formError: message });
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
      errors: { passwordConfirmation: 'Please confirm your password' },
      formError: null,
    });
  });
});
