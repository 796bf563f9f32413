import { describe, expect, it } from 'vitest';
import { loginLinkMachine, loginLinkMessages } from '../../machines/loginLink';
import { failureMessages, verbatim } from '../../machines/text';
import { cancelled, networkError, RESET_LINK, rateLimited, serverError } from '../support/formPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { run } from './forms/support';

const LINK = { ...RESET_LINK, redirectTo: '/account' };
const linkUsed = {
  kind: 'validation',
  message: 'This sign-in link is invalid or has expired.',
  status: 422,
  serverMessage: 'Dieser Anmeldelink ist ungültig oder abgelaufen.',
  fieldErrors: { token: ['Dieser Anmeldelink ist ungültig oder abgelaufen.'] },
};

describePaths(
  'loginLink paths',
  pathPlan(loginLinkMachine, {
    inputs: [LINK, { token: undefined, email: 'steve@example.com', redirectTo: '/account' }],
    events: [
      { type: 'RETRY' },
      doneEvent('confirmLoginLink', { token: 'tok', emailVerified: true }),
      errorEvent('confirmLoginLink', linkUsed),
      errorEvent('confirmLoginLink', serverError),
      errorEvent('confirmLoginLink', cancelled),
    ],
  }),
);

describe('loginLink rules (ADR 0015)', () => {
  it('confirms the token and email of the link at once', () => {
    const { snapshot } = run(loginLinkMachine, { ...LINK, email: ' steve@example.com ' }, []);
    expect(snapshot.value).toBe('confirming');
    expect(snapshot.context).toMatchObject({
      token: RESET_LINK.token,
      email: 'steve@example.com',
      problem: null,
    });
    expect(snapshot.children.confirmLoginLink).toBeDefined();
  });

  it('signs the session in as a password sign-in does and goes to the redirect, replacing the link', () => {
    const { snapshot, sent, emitted } = run(loginLinkMachine, { ...LINK, redirectTo: '/cart' }, [
      doneEvent('confirmLoginLink', { token: 'tok', emailVerified: false }),
    ]);
    expect(snapshot.status).toBe('done');
    expect(sent).toEqual([
      { to: 'session', event: { type: 'SIGNED_IN', token: 'tok', emailVerified: false } },
    ]);
    expect(emitted).toEqual([{ type: 'navigate', to: '/cart', replace: true }]);
  });

  it('a link without token or email is invalid without asking the server', () => {
    for (const input of [
      { token: undefined, email: 'steve@example.com' },
      { token: RESET_LINK.token, email: undefined },
      { token: ' ', email: ' ' },
    ]) {
      const { snapshot } = run(loginLinkMachine, { ...input, redirectTo: '/account' }, []);
      expect(snapshot.value).toBe('invalid');
      // Still running: the screen runner listens to the actor it has just started.
      expect(snapshot.status).toBe('active');
      expect(snapshot.children.confirmLoginLink).toBeUndefined();
      expect(english(snapshot.context.problem)).toBe('This sign-in link is invalid or has expired.');
    }
  });

  it("a refused link (used, expired, unknown) is invalid in the server's words, for good", () => {
    const { snapshot, sent, emitted } = run(loginLinkMachine, LINK, [
      errorEvent('confirmLoginLink', linkUsed),
    ]);
    expect(snapshot.value).toBe('invalid');
    expect(snapshot.context.problem).toEqual(verbatim('Dieser Anmeldelink ist ungültig oder abgelaufen.'));
    expect(snapshot.can({ type: 'RETRY' })).toBe(false);
    expect(sent).toEqual([]);
    expect(emitted).toEqual([]);
    const bare = run(loginLinkMachine, LINK, [
      errorEvent('confirmLoginLink', { kind: 'validation', message: '', status: 422 }),
    ]).snapshot;
    expect(bare.context.problem).toEqual(loginLinkMessages.invalid);
  });

  it.each([
    ['429', rateLimited, failureMessages.rateLimited],
    ['5xx', serverError, failureMessages.server],
    ['no response', networkError, failureMessages.network],
    ['an unexpected error', new Error('boom'), loginLinkMessages.failed],
  ])('another failure can be tried again: %s', (_, error, message) => {
    const { snapshot } = run(loginLinkMachine, LINK, [errorEvent('confirmLoginLink', error)]);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.problem).toEqual(message);
    const again = run(loginLinkMachine, LINK, [errorEvent('confirmLoginLink', error), { type: 'RETRY' }]);
    expect(again.snapshot.value).toBe('confirming');
    expect(again.snapshot.context.problem).toBeNull();
  });

  it('a cancelled call shows nothing', () => {
    const { snapshot } = run(loginLinkMachine, LINK, [errorEvent('confirmLoginLink', cancelled)]);
    expect(snapshot.context.problem).toBeNull();
  });
});
