import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInMachine } from '../../../machines/forms/signIn';
import { englishOf, type Text } from '../../../machines/text';
import { signInPlan } from '../../support/formPaths';
import { pathPlan } from '../../support/paths';
import { api, DEMO_TOKEN, failure, type RenderedApp, renderApp, SIGNED_IN } from '../support';
import { type FormScreen, replayable, replaySteps } from './replay';
import * as authForm from './support';

/** SEND_LINK: the button is there only once the link is offered (no button, nothing to do). */
async function pressSendLink(app: RenderedApp): Promise<void> {
  const button = within(authForm.main()).queryByRole('button', { name: 'Email me a sign-in link' });
  if (button) await app.user.click(button);
}

const LINK_SENT = 'If an account exists for this address, a sign-in link is on its way.';

const LABELS = { email: 'Email', password: 'Password' };

async function openSignIn(path = '/login', handlers: Parameters<typeof renderApp>[0] = {}) {
  const view = renderApp({ path, ...handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  return view;
}

async function signIn(view: Awaited<ReturnType<typeof openSignIn>>, email: string, password: string) {
  if (email) await view.user.type(authForm.field('Email'), email);
  if (password) await view.user.type(authForm.field('Password'), password);
  await view.user.click(within(authForm.main()).getByRole('button', { name: 'SIGN IN' }));
}

describe('signIn paths on the Sign In screen', () => {
  const plan = pathPlan(signInMachine, signInPlan);
  for (const path of plan.paths.filter(replayable)) {
    it(path.name, async () => {
      const login = authForm.heldOperation('post', '/login');
      const link = authForm.heldOperation('post', '/login/link');
      const view = await openSignIn('/login?redirect=%2Fcart', { handlers: [login.handler, link.handler] });
      const screenModel: FormScreen = {
        labels: LABELS,
        submit: { idle: 'SIGN IN', pending: 'SIGNING IN...' },
        pendingState: 'signingIn',
        operation: login,
        success: () => authForm.authResponse(),
        leaves: { state: 'signedIn', path: '/cart' },
        others: { requestLoginLink: { operation: link, success: () => authForm.messageResponse(LINK_SENT) } },
        actions: { SEND_LINK: pressSendLink },
        expectMore: async ({ value, context }) => {
          const offered = context.linkOffered === true;
          await waitFor(() => {
            const sendLink = within(authForm.main()).queryByRole('button', {
              name: value === 'sendingLink' ? 'Sending link...' : 'Email me a sign-in link',
            });
            if (offered) expect(sendLink).toBeInTheDocument();
            else expect(sendLink).not.toBeInTheDocument();
            const notice = context.linkNotice as Text | null;
            const status = within(authForm.main()).getByRole('status');
            if (notice === null) expect(status).toBeEmptyDOMElement();
            else expect(status).toHaveTextContent(englishOf(notice));
          });
        },
      };
      await replaySteps(view, screenModel, path.steps);
    });
  }
});

describe('Sign In: a sign-in link by email after a 429 (ADR 0015)', () => {
  it('offers the link after a 429, sends the typed email, shows sending and then the same notice', async () => {
    const link = authForm.heldOperation('post', '/login/link');
    const view = await openSignIn('/login', {
      handlers: [http.post(api('/login'), () => failure(429, '')), link.handler],
    });
    expect(
      within(authForm.main()).queryByRole('button', { name: 'Email me a sign-in link' }),
    ).not.toBeInTheDocument();
    await signIn(view, 'steve@example.com', 'Diamond7');
    await authForm.expectFormError('Too many requests. Please wait a moment.');
    await view.user.click(within(authForm.main()).getByRole('button', { name: 'Email me a sign-in link' }));
    await within(authForm.main()).findByRole('button', { name: 'Sending link...' });
    expect(link.bodies).toEqual([expect.objectContaining({ email: 'steve@example.com' })]);
    await link.answer(authForm.messageResponse(LINK_SENT));
    await waitFor(() => expect(within(authForm.main()).getByRole('status')).toHaveTextContent(LINK_SENT));
    await authForm.expectFormError('Too many requests. Please wait a moment.');
    expect(within(authForm.main()).getByRole('button', { name: 'Email me a sign-in link' })).toBeEnabled();
    expect(view.location()).toBe('/login');
    expect(localStorage.getItem('auth_session')).toBeNull();
  });
});

describe('Sign In (docs/product.md §2, §5, §8)', () => {
  it("says 'Email and password are required', then 'Invalid email format' at the email", async () => {
    const view = await openSignIn();
    await signIn(view, '', '');
    await authForm.expectFormError('Email and password are required');
    await signIn(view, 'steve@', 'Diamond7');
    await authForm.expectFieldError('Email', 'Invalid email format');
    expect(authForm.field('Email')).toHaveFocus();
  });

  it("shows the server's message for wrong credentials (422, no field errors)", async () => {
    const view = await openSignIn('/login', {
      handlers: [
        http.post(api('/login'), () => failure(422, 'These credentials do not match our records.', {})),
      ],
    });
    await signIn(view, 'steve@example.com', 'Wrong1');
    await authForm.expectFormError('These credentials do not match our records.');
    expect(localStorage.getItem('auth_session')).toBeNull();
  });

  it('puts server field errors on their fields (username → Email)', async () => {
    const view = await openSignIn('/login', {
      handlers: [
        http.post(api('/login'), () =>
          authForm.fieldErrors({ username: ['Email may not be longer than 254 characters'] }),
        ),
      ],
    });
    await signIn(view, 'steve@example.com', 'Diamond7');
    await authForm.expectFieldError('Email', 'Email may not be longer than 254 characters');
  });

  it.each(authForm.CLIENT_FAILURES)('answer $answer: $message', async ({ respond, message }) => {
    const view = await openSignIn('/login', { handlers: [http.post(api('/login'), respond)] });
    await signIn(view, 'steve@example.com', 'Diamond7');
    await authForm.expectFormError(message);
  });

  it("a 200 answer whose status is not 'OK' is a failure (docs/product.md §5)", async () => {
    const view = await openSignIn('/login', {
      handlers: [
        http.post(api('/login'), () => HttpResponse.json({ status: 'ERROR', message: 'Account locked.' })),
      ],
    });
    await signIn(view, 'steve@example.com', 'Diamond7');
    await authForm.expectFormError('Account locked.');
    expect(localStorage.getItem('auth_session')).toBeNull();
    expect(view.location()).toBe('/login');
  });

  it("'Authentication failed' when the server refuses without a message", async () => {
    const view = await openSignIn('/login', {
      handlers: [http.post(api('/login'), () => failure(400, ''))],
    });
    await signIn(view, 'steve@example.com', 'Diamond7');
    await authForm.expectFormError('Authentication failed');
  });

  it('reads SIGNING IN... while the call runs and sends it once for two quick clicks', async () => {
    const login = authForm.heldOperation('post', '/login');
    const view = await openSignIn('/login', { handlers: [login.handler] });
    await view.user.type(authForm.field('Email'), 'steve@example.com');
    await view.user.type(authForm.field('Password'), 'Diamond7');
    const button = within(authForm.main()).getByRole('button', { name: 'SIGN IN' });
    await view.user.dblClick(button);
    expect(await within(authForm.main()).findByRole('button', { name: 'SIGNING IN...' })).toBeInTheDocument();
    await login.answer(authForm.authResponse());
    await waitFor(() => expect(view.location()).toBe('/account/profile'));
    expect(login.requests).toBe(1);
    expect(login.bodies[0]).toMatchObject({ username: 'steve@example.com', password: 'Diamond7' });
  });

  it('signs in: token and marker stored, header switches, then /account', async () => {
    const view = await openSignIn();
    await signIn(view, 'steve@example.com', 'Diamond7');
    await waitFor(() => expect(view.location()).toBe('/account/profile'));
    expect(localStorage.getItem('auth_session')).toBe('true');
    expect(localStorage.getItem('token')).toBe(DEMO_TOKEN);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'MY PROFILE' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: /Balance/ })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: /Cart/ })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'SIGN IN' })).not.toBeInTheDocument();
  });

  it('round-trips the protected-route redirect: /cart → /login?redirect=%2Fcart → sign in → /cart', async () => {
    const view = renderApp({ path: '/cart' });
    await view.ready();
    await waitFor(() => expect(view.location()).toBe('/login?redirect=%2Fcart'));
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await signIn(view, 'steve@example.com', 'Diamond7');
    await waitFor(() => expect(view.location()).toBe('/cart'));
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'MY PROFILE' }),
    ).toBeInTheDocument();
  });

  it('keeps the query of the redirect target', async () => {
    const view = await openSignIn(`/login?redirect=${encodeURIComponent('/account/order-history?page=2')}`);
    await signIn(view, 'steve@example.com', 'Diamond7');
    await waitFor(() => expect(view.location()).toBe('/account/order-history?page=2'));
  });

  it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example'])(
    'ignores a redirect to another site (%s) and opens /account',
    async (target) => {
      const view = await openSignIn(`/login?redirect=${encodeURIComponent(target)}`);
      await signIn(view, 'steve@example.com', 'Diamond7');
      await waitFor(() => expect(view.location()).toBe('/account/profile'));
    },
  );

  it('links to Forgot Password and to Sign Up', async () => {
    const view = await openSignIn();
    await view.user.click(within(authForm.main()).getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(view.location()).toBe('/forgot-password'));
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    await view.router.navigate({ to: '/login' });
    await view.user.click(
      await within(await screen.findByRole('main')).findByRole('link', { name: 'Sign up' }),
    );
    await waitFor(() => expect(view.location()).toBe('/register'));
  });

  it.each([
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/reset-password-confirm',
    '/login/link?token=abc&email=steve%40example.com',
  ])('sends a signed-in customer from %s home', async (path) => {
    const view = renderApp({ path, storage: SIGNED_IN });
    await view.ready();
    await waitFor(() => expect(view.location()).toBe('/'));
  });
});
