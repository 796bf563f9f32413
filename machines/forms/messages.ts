import { defineMessages } from '../text';

/** The forms' texts (docs/product.md §5, §8): rules in order, failures, notices. */
export const formMessages = defineMessages({
  credentialsRequired: {
    id: 'forms.error.credentialsRequired',
    defaultMessage: 'Email and password are required',
  },
  invalidEmailFormat: { id: 'forms.error.invalidEmailFormat', defaultMessage: 'Invalid email format' },
  nameRequired: { id: 'forms.error.nameRequired', defaultMessage: 'Name is required' },
  surnameRequired: { id: 'forms.error.surnameRequired', defaultMessage: 'Surname is required' },
  emailRequired: { id: 'forms.error.emailRequired', defaultMessage: 'Email is required' },
  countryRequired: { id: 'forms.error.countryRequired', defaultMessage: 'Country is required' },
  cityRequired: { id: 'forms.error.cityRequired', defaultMessage: 'City is required' },
  validEmail: { id: 'forms.error.validEmail', defaultMessage: 'Please enter a valid email address' },
  phoneRequired: { id: 'forms.error.phoneRequired', defaultMessage: 'Phone number is required' },
  validPhone: { id: 'forms.error.validPhone', defaultMessage: 'Please enter a valid phone number' },
  passwordRequired: { id: 'forms.error.passwordRequired', defaultMessage: 'Password is required' },
  passwordRule: {
    id: 'forms.error.passwordRule',
    defaultMessage:
      'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces',
  },
  confirmPassword: { id: 'forms.error.confirmPassword', defaultMessage: 'Please confirm your password' },
  passwordsDiffer: { id: 'forms.error.passwordsDiffer', defaultMessage: 'Passwords do not match' },
  acceptTerms: {
    id: 'forms.error.acceptTerms',
    defaultMessage: 'Please accept the terms and privacy policy',
  },
  fillRequired: { id: 'forms.error.fillRequired', defaultMessage: 'Please fill in all required fields' },
  emailAddressRequired: {
    id: 'forms.error.emailAddressRequired',
    defaultMessage: 'Please enter your email address',
  },
  countryNotSupported: {
    id: 'forms.error.countryNotSupported',
    defaultMessage: 'This country is not supported',
  },
  invalidResetLink: { id: 'forms.error.invalidResetLink', defaultMessage: 'Invalid reset link' },
  authenticationFailed: { id: 'forms.error.authenticationFailed', defaultMessage: 'Authentication failed' },
  registrationFailed: { id: 'forms.error.registrationFailed', defaultMessage: 'Registration failed' },
  resetEmailFailed: { id: 'forms.error.resetEmailFailed', defaultMessage: 'Failed to send reset email' },
  resetFailed: { id: 'forms.error.resetFailed', defaultMessage: 'Failed to reset password' },
  resetError: { id: 'forms.error.resetError', defaultMessage: 'An error occurred during password reset.' },
  resetLinkSent: {
    id: 'forms.notice.resetLinkSent',
    defaultMessage: 'Password reset link sent. Please check your email.',
  },
  passwordReset: { id: 'forms.notice.passwordReset', defaultMessage: 'Password reset successfully' },
});
