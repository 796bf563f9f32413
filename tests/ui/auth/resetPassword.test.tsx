import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { resetPasswordMachine } from '../../../machines/forms/resetPassword';
import { RESET_LINK, resetPasswordPlan } from '../../support/formPaths';
import { pathPlan } from '../../support/paths';
import { api, failure, type RenderAppOptions, renderApp } from '../support';
import { watchNotices } from '../support/replays';
import { type FormScreen, performStep, replayable, replaySteps } from './replay';
import * as authForm from './support';

const RESTORE = '/user/restore-password';
const CHECK = '/user/reset-password/check';
const REFUSED = 'This password reset link is invalid or has expired.';
const PASSWORD_RULE =
  'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces';

const linkPath = (route: string, link: { token?: string | undefined; email?: string | undefined }) => {
  const query = new URLSearchParams();
  if (link.token) query.set('token', link.token);
  if (link.email) query.set('email', link.email);
  return query.size > 0 ? `${route}?${query}` : route;
};

async function openReset(path: string, handlers: RenderAppOptions['handlers'] = []) {
  const view = renderApp({ path, handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'Reset password' });
  return view;
}

async function reset(view: Awaited<ReturnType<typeof openReset>>, password: string, confirmation: string) {
  for (const [label, value] of [
    ['New Password', password],
    ['Confirm New Password', confirmation],
  ] as const) {
    await view.user.clear(authForm.field(label));
    if (value) await view.user.type(authForm.field(label), value);
  }
  await view.user.click(within(authForm.main()).getByRole('button', { name: 'RESET PASSWORD' }));
}

/** The refusal in place of the form, with the ways to a new link and to Sign In. */
async function expectLinkRefused(message: string) {
  expect(await within(authForm.main()).findByRole('alert')).toHaveTextContent(message);
  expect(within(authForm.main()).getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  expect(within(authForm.main()).getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
    'href',
    '/login',
  );
  expect(within(authForm.main()).queryByLabelText('New Password')).not.toBeInTheDocument();
}

describe('resetPassword paths on the Reset password screen', () => {
  const plan = pathPlan(resetPasswordMachine, resetPasswordPlan);
  for (const path of plan.paths.filter(replayable)) {
    it(path.name, async () => {
      const operation = authForm.heldOperation('put', RESTORE);
      const check = authForm.heldOperation('post', CHECK);
      const view = await openReset(linkPath('/reset-password-confirm', path.input as typeof RESET_LINK), [
        operation.handler,
        check.handler,
      ]);
      const screenModel: FormScreen = {
        labels: { password: 'New Password', passwordConfirmation: 'Confirm New Password' },
        submit: { idle: 'RESET PASSWORD', pending: 'Resetting...' },
        pendingState: 'resetting',
        operation,
        success: () => authForm.messageResponse('Password reset successfully'),
        others: { checkResetLink: { operation: check, success: () => authForm.messageResponse('OK') } },
        leaves: { state: 'reset', path: '/login' },
      };
      if (path.steps.length === 0) {
        expect(await within(authForm.main()).findByRole('alert')).toHaveTextContent('Invalid reset link');
      }
      // The step into invalidLink leaves the form for the refusal and the way to a new link.
      const refused = path.steps.findIndex((step) => JSON.parse(step.state).value === 'invalidLink');
      await replaySteps(view, screenModel, refused === -1 ? path.steps : path.steps.slice(0, refused));
      const last = path.steps[refused];
      if (last !== undefined) {
        await performStep(view, screenModel, last.event);
        await expectLinkRefused(REFUSED);
      }
    });
  }
});

describe('Reset password (docs/product.md §2, §5, §8)', () => {
  it.each([
    ['/reset-password-confirm', {}],
    ['/reset-password-confirm', { email: 'steve@example.com' }],
    ['/reset-password-confirm', { token: 'short', email: 'steve@example.com' }],
    ['/reset-password', {}],
  ])(
    "%s with a link missing its parts (%j): 'Invalid reset link' and a way to a new one",
    async (route, link) => {
      await openReset(linkPath(route, link));
      await expectLinkRefused('Invalid reset link');
    },
  );

  it('a used or expired link says so as the page opens, without the form, and checks the link only', async () => {
    const check = authForm.heldOperation('post', CHECK);
    const restore = authForm.heldOperation('put', RESTORE);
    await openReset(linkPath('/reset-password-confirm', RESET_LINK), [check.handler, restore.handler]);
    expect(authForm.field('New Password')).toBeInTheDocument();
    await check.answer(authForm.fieldErrors({ token: [REFUSED] }));
    await expectLinkRefused(REFUSED);
    expect(check.bodies).toEqual([
      expect.objectContaining({ token: RESET_LINK.token, email: RESET_LINK.email }),
    ]);
    expect(restore.requests).toBe(0);
  });

  it('a reset sent while the link is checked goes out once the link is accepted', async () => {
    const check = authForm.heldOperation('post', CHECK);
    const restore = authForm.heldOperation('put', RESTORE);
    const view = await openReset(linkPath('/reset-password-confirm', RESET_LINK), [
      check.handler,
      restore.handler,
    ]);
    await reset(view, 'Diamond7', 'Diamond7');
    expect(restore.requests).toBe(0);
    await check.answer(authForm.messageResponse('This password reset link can be used.'));
    expect(await within(authForm.main()).findByRole('button', { name: 'Resetting...' })).toBeInTheDocument();
    await waitFor(() => expect(restore.requests).toBe(1));
  });

  it('checks the new password in order: required, the rule, confirmation, match', async () => {
    const view = await openReset(linkPath('/reset-password-confirm', RESET_LINK));
    await reset(view, '', '');
    await authForm.expectFieldError('New Password', 'Password is required');
    await reset(view, 'diamond', '');
    await authForm.expectFieldError('New Password', PASSWORD_RULE);
    await reset(view, 'Diamond7', '');
    await authForm.expectFieldError('Confirm New Password', 'Please confirm your password');
    await reset(view, 'Diamond7', 'Diamond8');
    await authForm.expectFieldError('Confirm New Password', 'Passwords do not match');
  });

  it("reads 'Resetting...', then toasts 'Password reset successfully' and opens Sign In", async () => {
    const operation = authForm.heldOperation('put', RESTORE);
    const view = await openReset(linkPath('/reset-password-confirm', RESET_LINK), [operation.handler]);
    expect(within(authForm.main()).getByText(/Choose a new password for/)).toHaveTextContent(
      'steve@example.com',
    );
    await reset(view, 'Diamond7', 'Diamond7');
    expect(await within(authForm.main()).findByRole('button', { name: 'Resetting...' })).toBeInTheDocument();
    const notices = watchNotices(view);
    await operation.answer(authForm.messageResponse('Password reset successfully'));
    // Watched in the toast queue: the toast closes itself after 3 s, which a loaded runner can
    // spend on the navigation before the test looks.
    await waitFor(() => expect(notices).toContain('Password reset successfully'));
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(operation.bodies[0]).toMatchObject({
      token: RESET_LINK.token,
      email: RESET_LINK.email,
      password: 'Diamond7',
      password_confirmation: 'Diamond7',
    });
  });

  it("the same form on /reset-password with the link's token and email", async () => {
    await openReset(linkPath('/reset-password', RESET_LINK));
    expect(authForm.field('New Password')).toBeInTheDocument();
  });

  it('puts the server field errors on the fields (422), and a link refused by the reset ends the form', async () => {
    const view = await openReset(linkPath('/reset-password-confirm', RESET_LINK), [
      http.put(api(RESTORE), () =>
        authForm.fieldErrors({ password_confirmation: ['Please confirm your password'] }),
      ),
    ]);
    await reset(view, 'Diamond7', 'Diamond7');
    await authForm.expectFieldError('Confirm New Password', 'Please confirm your password');
    view.server.use(http.put(api(RESTORE), () => authForm.fieldErrors({ token: [REFUSED] })));
    await reset(view, 'Diamond7', 'Diamond7');
    await expectLinkRefused(REFUSED);
  });

  it.each(authForm.CLIENT_FAILURES)('answer $answer: $message', async ({ respond, message }) => {
    const view = await openReset(linkPath('/reset-password-confirm', RESET_LINK), [
      http.put(api(RESTORE), respond),
    ]);
    await reset(view, 'Diamond7', 'Diamond7');
    await authForm.expectFormError(message);
  });

  it("'Failed to reset password' for a refusal without a message", async () => {
    const view = await openReset(linkPath('/reset-password-confirm', RESET_LINK), [
      http.put(api(RESTORE), () => failure(400, '')),
    ]);
    await reset(view, 'Diamond7', 'Diamond7');
    await authForm.expectFormError('Failed to reset password');
  });
});
