import { describe, expect, it } from 'vitest';
import { formMessages } from '../../../machines/forms/messages';
import { signInLinkMessages, signInMachine } from '../../../machines/forms/signIn';
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

describe('signIn rules (docs/product.md §5)', () => {
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

  it("explains a guest's Add to cart with a notice, and nothing else does", () => {
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

describe('signIn: a sign-in link by email after a 429 (ADR 0015)', () => {
  const throttled = [
    ...fill('steve@example.com', 'Diamond7'),
    { type: 'SUBMIT' },
    errorEvent('login', rateLimited),
  ];

  it('offers the link only once sign-in answered 429, keeping its message', () => {
    const before = run(signInMachine, INPUT, [
      ...fill('steve@example.com', 'Diamond7'),
      { type: 'SUBMIT' },
      errorEvent('login', wrongCredentials),
    ]);
    expect(before.snapshot.context.linkOffered).toBe(false);
    const ignored = run(signInMachine, INPUT, [...fill('steve@example.com', ''), { type: 'SEND_LINK' }]);
    expect(ignored.snapshot.value).toBe('editing');
    expect(ignored.snapshot.context).toMatchObject({ linkNotice: null, errors: {}, formError: null });
    const { snapshot } = run(signInMachine, INPUT, throttled);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ linkOffered: true, formError: failureMessages.rateLimited });
    expect(english(snapshot.context.formError)).toBe('Too many requests. Please wait a moment.');
  });

  it('sends the trimmed email typed in the form, and accepts neither SUBMIT nor SEND_LINK meanwhile', () => {
    const { snapshot } = run(signInMachine, INPUT, [
      ...throttled,
      { type: 'CHANGE', field: 'email', value: ' ann@example.com ' },
      { type: 'SEND_LINK' },
    ]);
    expect(snapshot.value).toBe('sendingLink');
    expect(snapshot.children.requestLoginLink).toBeDefined();
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(false);
    expect(snapshot.can({ type: 'SEND_LINK' })).toBe(false);
  });

  it("checks the email alone: 'Please enter your email address', 'Invalid email format'", () => {
    for (const [email, message] of [
      ['  ', formMessages.emailAddressRequired],
      ['steve@', formMessages.invalidEmailFormat],
    ] as const) {
      const { snapshot } = run(signInMachine, INPUT, [
        ...throttled,
        { type: 'CHANGE', field: 'email', value: email },
        { type: 'SEND_LINK' },
      ]);
      expect(snapshot.value).toBe('editing');
      expect(snapshot.context.errors).toEqual({ email: message });
    }
  });

  it("says the same whether or not the account exists: the server's words or the default", () => {
    const sent = (output: unknown) =>
      run(signInMachine, INPUT, [...throttled, { type: 'SEND_LINK' }, doneEvent('requestLoginLink', output)])
        .snapshot;
    const byServer = sent('Check your inbox.');
    expect(byServer.value).toBe('editing');
    expect(byServer.context.linkNotice).toEqual(verbatim('Check your inbox.'));
    expect(english(sent(undefined).context.linkNotice)).toBe(
      'If an account exists for this address, a sign-in link is on its way.',
    );
    expect(sent(undefined).context.formError).toEqual(failureMessages.rateLimited);
  });

  it('shows a failed send like a failed sign-in, and a cancelled one not at all', () => {
    const failed = (error: unknown) =>
      run(signInMachine, INPUT, [...throttled, { type: 'SEND_LINK' }, errorEvent('requestLoginLink', error)])
        .snapshot.context;
    expect(failed(serverError)).toMatchObject({ linkNotice: null, formError: failureMessages.server });
    expect(failed(apiFailure('bad-request', ''))).toMatchObject({ formError: signInLinkMessages.failed });
    expect(english(failed(new Error('boom')).formError)).toBe('Failed to send the sign-in link');
    expect(failed(cancelled)).toMatchObject({ linkNotice: null, formError: failureMessages.rateLimited });
  });
});
