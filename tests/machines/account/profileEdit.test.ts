import { describe, expect, it } from 'vitest';
import { profileEditMachine, updateOf } from '../../../machines/forms/profileEdit';
import { profileEditPlan } from '../../support/accountPaths';
import { profile } from '../../support/fixtures';
import { apiFailure, cancelled, rateLimited, serverError } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english, englishErrors, run } from './support';

describePaths('profileEdit paths', pathPlan(profileEditMachine, profileEditPlan));

const EDIT = { type: 'EDIT', profile } as const;
const change = (field: string, value: string) => ({ type: 'CHANGE', field, value });

describe('profileEdit (docs/product.md §2 "Profile tab", §5, §8)', () => {
  it('EDIT fills the form from the saved profile', () => {
    const { snapshot } = run(profileEditMachine, undefined, [EDIT]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.values).toEqual({
      name: 'Alex',
      surname: 'Stone',
      phone: { text: '+49 30 901820', country: 'DE', e164: '+4930901820', valid: true },
      country: '83',
      city: 'Berlin',
      address: '',
      post_code: '',
      player: 'Steve',
    });
  });

  it('the player name (ADR 0031): the saved one fills the form, trimmed on save, blank clears it', () => {
    const withPlayer = run(profileEditMachine, undefined, [
      { type: 'EDIT', profile: { ...profile, player: 'Steve' } },
    ]);
    expect(withPlayer.snapshot.context.values.player).toBe('Steve');
    expect(updateOf({ ...withPlayer.snapshot.context.values, player: ' Alex_2 ' }).player).toBe('Alex_2');
    expect(updateOf({ ...withPlayer.snapshot.context.values, player: ' ' }).player).toBe('');
  });

  it.each([
    ['name', '', 'Name is required'],
    ['surname', ' ', 'Surname is required'],
    ['country', '', 'Country is required'],
    ['city', '', 'City is required'],
  ])('an empty %s shows its rule at the field', (field, value, message) => {
    const { snapshot } = run(profileEditMachine, undefined, [EDIT, change(field, value), { type: 'SUBMIT' }]);
    expect(snapshot.value).toBe('editing');
    expect(englishErrors(snapshot.context.errors)).toEqual({ [field]: message });
  });

  it("a phone the library cannot read: 'Phone number is required', then 'Please enter a valid phone number'", () => {
    const phone = (text: string) => ({
      type: 'PHONE_CHANGED',
      change: { text, country: 'DE', candidates: ['DE'], e164: null, valid: false },
    });
    let { snapshot } = run(profileEditMachine, undefined, [EDIT, phone(''), { type: 'SUBMIT' }]);
    expect(englishErrors(snapshot.context.errors)).toEqual({ phone: 'Phone number is required' });
    ({ snapshot } = run(profileEditMachine, undefined, [EDIT, phone('+49 30'), { type: 'SUBMIT' }]));
    expect(englishErrors(snapshot.context.errors)).toEqual({ phone: 'Please enter a valid phone number' });
  });

  it('saves the trimmed fields without the email, refreshes the profile, and once it is in toasts and shows the view', () => {
    const { snapshot, sent } = run(profileEditMachine, undefined, [
      EDIT,
      change('city', ' Hamburg '),
      change('address', 'Hafenstraße 1'),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.value).toEqual({ saving: 'sending' });
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(false);
    expect(snapshot.children.updateProfile).toBeDefined();
    const sending = [EDIT, { type: 'SUBMIT' }, doneEvent('updateProfile')] as const;
    const refreshing = run(profileEditMachine, undefined, [...sending]);
    expect(refreshing.snapshot.value).toEqual({ saving: 'refreshing' });
    expect(refreshing.snapshot.can({ type: 'SUBMIT' })).toBe(false);
    expect(refreshing.sent).toEqual([{ type: 'FETCH' }]);
    const saved = run(profileEditMachine, undefined, [...sending, { type: 'PROFILE_SETTLED' }]);
    expect(saved.snapshot.value).toBe('viewing');
    expect(saved.sent).toEqual([
      { type: 'FETCH' },
      {
        type: 'SHOW',
        kind: 'success',
        text: { id: 'account.profile.updated', defaultMessage: 'Profile updated successfully' },
      },
    ]);
    expect(sent).toEqual([]);
  });

  it('a 422 puts the server field errors at their fields (phoneE164 → phone)', () => {
    const { snapshot } = run(profileEditMachine, undefined, [
      EDIT,
      { type: 'SUBMIT' },
      errorEvent(
        'updateProfile',
        apiFailure('validation', 'The given data was invalid.', {
          status: 422,
          fieldErrors: {
            city: ['The city may not be greater than 100 characters.'],
            phoneE164: ['Bad number'],
            player: ['Please enter a valid player name: 3 to 16 letters, digits or underscores.'],
          },
        }),
      ),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(englishErrors(snapshot.context.errors)).toEqual({
      city: 'The city may not be greater than 100 characters.',
      phone: 'Bad number',
      player: 'Please enter a valid player name: 3 to 16 letters, digits or underscores.',
    });
    expect(snapshot.context.formError).toBeNull();
  });

  it.each([
    ['a failure without a message', apiFailure('bad-request', ''), 'Failed to update profile'],
    ['an unexpected error', new Error('boom'), 'Failed to update profile'],
    ['429', rateLimited, 'Too many requests. Please wait a moment.'],
    ['5xx', serverError, 'Server error. Please try again later.'],
  ])('%s shows its message for the form', (_, error, message) => {
    const { snapshot, sent } = run(profileEditMachine, undefined, [
      EDIT,
      { type: 'SUBMIT' },
      errorEvent('updateProfile', error),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(english(snapshot.context.formError)).toBe(message);
    expect(sent).toEqual([]);
  });

  it('a cancelled save shows nothing; CANCEL closes the form and forgets its messages', () => {
    let { snapshot } = run(profileEditMachine, undefined, [
      EDIT,
      { type: 'SUBMIT' },
      errorEvent('updateProfile', cancelled),
    ]);
    expect(snapshot.context).toMatchObject({ errors: {}, formError: null });
    ({ snapshot } = run(profileEditMachine, undefined, [
      EDIT,
      change('name', ''),
      { type: 'SUBMIT' },
      { type: 'CANCEL' },
    ]));
    expect(snapshot.value).toBe('viewing');
    expect(snapshot.context).toMatchObject({ errors: {}, formError: null });
  });
});
