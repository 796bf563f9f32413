import { describe, expect, it } from 'vitest';
import { changeEmailMachine, changePasswordMachine } from '../../../machines/forms/accountSecurity';
import { changeEmailPlan, changePasswordPlan, wrongPassword } from '../../support/accountPaths';
import { apiFailure, PASSWORD_RULE } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english, englishErrors, run } from './support';

describePaths('changePassword paths', pathPlan(changePasswordMachine, changePasswordPlan));

describePaths('changeEmail paths', pathPlan(changeEmailMachine, changeEmailPlan));

const change = (field: string, value: string) => ({ type: 'CHANGE', field, value });
const SUBMIT = { type: 'SUBMIT' };

describe('changePassword (docs/product.md §5 "Password", §8)', () => {
  it.each([
    [[], { current: 'Password is required' }],
    [[change('current', 'Diamond7')], { password: 'Password is required' }],
    [[change('current', 'Diamond7'), change('password', 'emerald')], { password: PASSWORD_RULE }],
    [
      [change('current', 'Diamond7'), change('password', 'Emerald8')],
      { confirmation: 'Please confirm your password' },
    ],
    [
      [change('current', 'Diamond7'), change('password', 'Emerald8'), change('confirmation', 'Emerald9')],
      { confirmation: 'Passwords do not match' },
    ],
  ])('rules in order: %j → %j', (edits, errors) => {
    const { snapshot } = run(changePasswordMachine, undefined, [...edits, SUBMIT]);
    expect(englishErrors(snapshot.context.errors)).toEqual(errors);
  });

  const filledIn = [
    change('current', 'Diamond7'),
    change('password', 'Emerald8'),
    change('confirmation', 'Emerald8'),
    SUBMIT,
  ];

  it('saved: empties the form and toasts; the profile is not asked again', () => {
    const { snapshot, sent } = run(changePasswordMachine, undefined, [...filledIn, doneEvent('save')]);
    expect(snapshot.context.values).toEqual({ current: '', password: '', confirmation: '' });
    expect(sent).toEqual([
      {
        type: 'SHOW',
        kind: 'success',
        text: expect.objectContaining({ defaultMessage: 'Password changed successfully' }),
      },
    ]);
  });

  it("a wrong current password shows at its field; no message: 'Failed to update password'", () => {
    let { snapshot } = run(changePasswordMachine, undefined, [
      ...filledIn,
      errorEvent('save', wrongPassword),
    ]);
    expect(englishErrors(snapshot.context.errors)).toEqual({ current: 'The password is incorrect.' });
    ({ snapshot } = run(changePasswordMachine, undefined, [...filledIn, errorEvent('save', new Error('x'))]));
    expect(english(snapshot.context.formError)).toBe('Failed to update password');
  });
});

describe('changeEmail (docs/product.md §5 "Change email", §8)', () => {
  it.each([
    [[], { email: 'New email is required' }],
    [[change('email', 'steve@')], { email: 'Please enter a valid email address' }],
    [[change('email', 'steve@example.com')], { password: 'Password is required' }],
  ])('rules in order: %j → %j', (edits, errors) => {
    const { snapshot } = run(changeEmailMachine, undefined, [...edits, SUBMIT]);
    expect(englishErrors(snapshot.context.errors)).toEqual(errors);
  });

  const filledIn = [change('email', ' new@example.com '), change('password', 'Diamond7'), SUBMIT];

  it("saved: 'Email changed successfully!', the profile is fetched again and the session is unverified", () => {
    const { snapshot, sent } = run(changeEmailMachine, undefined, [...filledIn, doneEvent('save')]);
    expect(snapshot.context.values).toEqual({ email: '', password: '' });
    expect(sent).toEqual([
      {
        type: 'SHOW',
        kind: 'success',
        text: expect.objectContaining({ defaultMessage: 'Email changed successfully!' }),
      },
      { type: 'FETCH' },
      { type: 'UNVERIFIED', path: '/account' },
    ]);
  });

  it("any failure without a message: 'An unexpected error occurred. Please try again later.'", () => {
    const { snapshot } = run(changeEmailMachine, undefined, [
      ...filledIn,
      errorEvent('save', apiFailure('bad-request', '')),
    ]);
    expect(english(snapshot.context.formError)).toBe('An unexpected error occurred. Please try again later.');
  });
});
