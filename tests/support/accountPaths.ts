/**
 * The candidate events of the account machines' path plans (DESIGN §5), shared by the machine
 * tests (tests/machines/account) and the UI tests that replay them (tests/ui/account).
 */
import type { profileEditMachine } from '../../machines/forms/profileEdit';
import { profile } from './fixtures';
import { apiFailure, cancelled } from './formPaths';
import { doneEvent, errorEvent, type PlanOptions } from './paths';

export const cityTooLong = apiFailure('validation', 'The given data was invalid.', {
  status: 422,
  fieldErrors: { city: ['The city may not be greater than 100 characters.'] },
});

export const profileEditPlan: PlanOptions<typeof profileEditMachine> = {
  events: [
    { type: 'EDIT', profile },
    { type: 'CANCEL' },
    { type: 'CHANGE', field: 'city', value: '' },
    { type: 'CHANGE', field: 'city', value: 'Hamburg' },
    {
      type: 'PHONE_CHANGED',
      change: { text: '+49 40 123456', country: 'DE', candidates: ['DE'], e164: '+4940123456', valid: true },
    },
    { type: 'SUBMIT' },
    doneEvent('updateProfile'),
    errorEvent('updateProfile', cityTooLong),
    errorEvent('updateProfile', cancelled),
  ],
};
