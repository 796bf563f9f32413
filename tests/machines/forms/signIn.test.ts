import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../machines/forms/messages';
import { signInMachine } from '../../../machines/forms/signIn';
import { failureMessages, verbatim } from '../../../machines/text';
import { signInPlan, wrongCredentials } from '../../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english } from '../../support/text';
import { apiFailure, cancelled, networkError, rateLimited, run, serverError } from './support';

const INPUT = { redirectTo: '/cart' };

describePaths('signIn paths', pathPlan(signInMachine, signInPlan));

const fill = (email: string, password: string) => [
  { type: 'CHANGE', field: 'email', value: email },
  { type: 'CHANGE', field: 'password', value: password },
];

describe('signIn rules (SPEC §5)', () => {
  it("'Email and password are required' for the whole form when either is empty", () => {
    for (const [email, password] of [
      ['', ''],
      ['steve@example.com', ''],
      ['', 'Diamond7'],
      ['   ', 'Diamond7'],
    ] as const) {
      const { snapshot } = run(signInMachine, INPUT, [...fill(email, password), { type: 'SUBMIT' }]);
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context).toMatchObject({ errors: {}, formError: formMessages.credentialsRequired });
    }
  });

  it("'Invalid email format' at the email field", () => {
    const { snapshot } = run(signInMachine, INPUT, [...fill('steve@', 'Diamond7'), { type: 'SUBMIT' }]);
    expect(snapshot.context).toMatchObject({
      errors: { email: formMessages.invalidEmailFormat },
      formError: null,
    });
  });

  it('editing a field clears its message and the form message', () => {
    const { snapshot } = run(signInMachine, INPUT, [
      ...fill('steve@', 'Diamond7'),
      { type: 'SUBMIT' },
      { type: 'CHANGE', field: 'email', value: 'steve@example.com' },
    ]);
    expect(snapshot.context).toMatchObject({ errors: {}, formError: null });
  });

  it('signs in with the trimmed email and does not accept a second SUBMIT meanwhile', () => {
    const { snapshot } = run(signInMachine, INPUT, [
      ...fill(' steve@example.com ', 'Diamond7'),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.value).toBe('signingIn');
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(false);
  });

  it('on success tells the session (token, emailVerified) and goes to the redirect target', () => {
    const { snapshot, emitted, sent } = run(signInMachine, INPUT, [
      ...fill('steve@example.com', 'Diamond7'),
      { type: 'SUBMIT' },
      doneEvent('login', { token: 'tok', emailVerified: false }),
    ]);
    expect(snapshot.status).toBe('done');
    expect(sent).toEqual([
      { to: 'session', event: { type: 'SIGNED_IN', token: 'tok', emailVerified: false } },
    ]);
    expect(emitted).toEqual([{ type: 'navigate', to: '/cart' }]);
  });

  it("explains a guest's Add to cart with a notice, and nothing else does (issue 20)", () => {
    const guest = { redirectTo: '/shop?page=2&add=5&count=3' };
    const { snapshot, emitted } = run(signInMachine, guest, [
      ...fill('steve@example.com', 'Diamond7'),
      { type: 'SUBMIT' },
      doneEvent('login', { token: 'tok', emailVerified: false }),
    ]);
    expect(english(snapshot.context.notice)).toBe('Sign in to add items to your cart');
    expect(emitted).toEqual([{ type: 'navigate', to: '/shop?page=2&add=5&count=3' }]);
    for (const redirectTo of [
      '/cart',
      '/account',
      '/shop',
      '/shop?page=2',
      '/shopping?add=1',
      '/x?y=/shop?add=1',
    ]) {
      expect(run(signInMachine, { redirectTo }, []).snapshot.context.notice).toBeNull();
    }
  });

  it.each([
    [
      'wrong credentials (422, message, no fields)',
      wrongCredentials,
      verbatim('These credentials do not match our records.'),
    ],
    ['429', rateLimited, failureMessages.rateLimited],
    ['5xx', serverError, failureMessages.server],
    ['no response', networkError, failureMessages.network],
    ['an answer without a message', apiFailure('bad-request', ''), formMessages.authenticationFailed],
    ['an unexpected error', new Error('boom'), formMessages.authenticationFailed],
  ])('a failure shows its message: %s', (_, error, message) => {
    const { snapshot, emitted, sent } = run(signInMachine, INPUT, [
      ...fill('steve@example.com', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent('login', error),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ errors: {}, formError: message });
    expect(emitted).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('server field errors land on their fields (username → email), the first message of each', () => {
    const { snapshot } = run(signInMachine, INPUT, [
      ...fill('steve@example.com', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent(
        'login',
        apiFailure('validation', 'The username field must be a valid email address.', {
          status: 422,
          serverMessage: 'The username field must be a valid email address.',
          fieldErrors: { username: ['The username field must be a valid email address.', 'Second'] },
        }),
      ),
    ]);
    expect(snapshot.context).toMatchObject({
      errors: { email: verbatim('The username field must be a valid email address.') },
      formError: null,
    });
  });

  it('a cancelled call shows nothing', () => {
    const { snapshot } = run(signInMachine, INPUT, [
      ...fill('steve@example.com', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent('login', cancelled),
    ]);
    expect(snapshot.context).toMatchObject({ errors: {}, formError: null });
  });
});
