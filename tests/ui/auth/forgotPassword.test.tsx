import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { forgotPasswordMachine } from '../../../machines/forms/forgotPassword';
import { englishOf, type Text } from '../../../machines/text';
import { forgotPasswordPlan } from '../../support/formPaths';
import { pathPlan } from '../../support/paths';
import { api, failure, type RenderAppOptions, renderApp } from '../support';
import { expectState, type FormScreen, performStep, replayable } from './replay';
import * as authForm from './support';

const SENT = 'Password reset link sent. Please check your email.';
const RESET_REQUEST = '/user/reset-password';

async function openForgotPassword(handlers: RenderAppOptions['handlers'] = []) {
  const view = renderApp({ path: '/forgot-password', handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
  return view;
}

async function recover(view: Awaited<ReturnType<typeof openForgotPassword>>, email: string) {
  await view.user.clear(authForm.field('Email'));
  if (email) await view.user.type(authForm.field('Email'), email);
  await view.user.click(within(authForm.main()).getByRole('button', { name: 'RECOVER' }));
}

describe('forgotPassword paths on the Forgot Password screen', () => {
  const plan = pathPlan(forgotPasswordMachine, forgotPasswordPlan);
  for (const path of plan.paths.filter(replayable)) {
    it(path.name, async () => {
      const operation = authForm.heldOperation('post', RESET_REQUEST);
      const view = await openForgotPassword([operation.handler]);
      const screenModel: FormScreen = {
        labels: { email: 'Email' },
        submit: { idle: 'RECOVER', pending: 'SENDING...' },
        pendingState: 'sending',
        operation,
        success: () => authForm.messageResponse(SENT),
      };
      for (const step of path.steps) {
        await performStep(view, screenModel, step.event);
        await expectState(screenModel, step.state);
        const { notice } = JSON.parse(step.state).context as { notice: Text | null };
        await waitFor(() =>
          expect(within(authForm.main()).getByRole('status')).toHaveTextContent(
            notice ? englishOf(notice) : /^$/,
          ),
        );
      }
    });
  }
});

describe('Forgot Password (docs/product.md §2, §5, §8)', () => {
  it("'Please enter your email address', then the email format", async () => {
    const view = await openForgotPassword();
    await recover(view, '');
    await authForm.expectFieldError('Email', 'Please enter your email address');
    await recover(view, 'steve@');
    await authForm.expectFieldError('Email', 'Please enter a valid email address');
  });

  it('reads SENDING... while it runs, then shows the notice', async () => {
    const operation = authForm.heldOperation('post', RESET_REQUEST);
    const view = await openForgotPassword([operation.handler]);
    await recover(view, 'steve@example.com');
    expect(await within(authForm.main()).findByRole('button', { name: 'SENDING...' })).toBeInTheDocument();
    await operation.answer(authForm.messageResponse(SENT));
    expect(await within(authForm.main()).findByRole('status')).toHaveTextContent(SENT);
    expect(operation.bodies[0]).toMatchObject({ email: 'steve@example.com' });
    expect(within(authForm.main()).getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('a server field error lands on the email (422)', async () => {
    const view = await openForgotPassword([
      http.post(api(RESET_REQUEST), () =>
        authForm.fieldErrors({ email: ['Please enter a valid email address'] }),
      ),
    ]);
    await recover(view, 'steve@example.com');
    await authForm.expectFieldError('Email', 'Please enter a valid email address');
  });

  it.each(authForm.CLIENT_FAILURES)('answer $answer: $message', async ({ respond, message }) => {
    const view = await openForgotPassword([http.post(api(RESET_REQUEST), respond)]);
    await recover(view, 'steve@example.com');
    await authForm.expectFormError(message);
  });

  it("'Failed to send reset email' when the server refuses without a message", async () => {
    const view = await openForgotPassword([http.post(api(RESET_REQUEST), () => failure(400, ''))]);
    await recover(view, 'steve@example.com');
    await authForm.expectFormError('Failed to send reset email');
  });
});
