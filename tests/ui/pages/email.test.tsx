import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, counted, failure, fixtures, renderApp, SIGNED_IN, server } from '../support';

const RESEND = '/email/verification-notification';

/** The auth check of a signed-in customer who has not opened the link yet. */
const unverified = http.get(api('/is-auth'), () =>
  HttpResponse.json({ status: 'OK' as const, authenticated: true as const, emailVerified: false }),
);

describe('email verification page', () => {
  it('says where the link went and what to do next', async () => {
    renderApp({ path: '/email-verification', storage: SIGNED_IN, handlers: [unverified] });
    await screen.findByRole('heading', { level: 1, name: 'Verify your email address' });
    const main = screen.getByRole('main');
    const sentTo = await within(main).findByText(`${fixtures.profile.email}`);
    expect(sentTo.closest('p')).toHaveTextContent(
      `We sent a verification link to ${fixtures.profile.email}. Open the email, click the link inside`,
    );
    expect(within(main).getByText(/Check the spam folder/)).toBeInTheDocument();
  });

  it("resends the link and toasts the server's answer", async () => {
    const resend = counted('post', RESEND, () =>
      HttpResponse.json({ status: 'OK', message: 'A fresh link is on its way.' }),
    );
    const { user } = renderApp({
      path: '/email-verification',
      storage: SIGNED_IN,
      handlers: [unverified, resend.handler],
    });
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A fresh link is on its way.')).toBeInTheDocument();
    expect(resend.calls).toBe(1);
  });

  it('toasts the failure and lets the customer try again', async () => {
    const resend = counted('post', RESEND, () => failure(409, 'Your email address is already verified.'));
    const { user } = renderApp({
      path: '/email-verification',
      storage: SIGNED_IN,
      handlers: [unverified, resend.handler],
    });
    const button = await screen.findByRole('button', { name: 'Resend verification email' });
    await user.click(button);
    expect(await screen.findByText('Your email address is already verified.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() => expect(resend.calls).toBe(2));
  });

  it('tells a verified customer it is done instead of offering a link', async () => {
    const { location } = renderApp({ path: '/email-verification', storage: SIGNED_IN });
    await screen.findByRole('heading', { level: 1, name: 'Your email address was already verified' });
    expect(location()).toBe('/email/verify/already-success');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it('sends guests to sign in first', async () => {
    const { location } = renderApp({ path: '/email-verification' });
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Femail-verification'));
  });
});

describe('email verified pages', () => {
  it.each([
    ['/email/verify/success', 'Your email address is verified'],
    ['/email/verify/already-success', 'Your email address was already verified'],
  ])('%s: its heading and the way to the account and the shop', async (path, heading) => {
    renderApp({ path });
    await screen.findByRole('heading', { level: 1, name: heading });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to my account' })).toHaveAttribute('href', '/account');
    expect(within(main).getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });
});

describe('invalid verification link page', () => {
  const TITLE = 'This verification link is invalid or has expired';

  it('asks a guest to sign in for a new link, and comes back here signed in to send it', async () => {
    const resend = counted('post', RESEND, () =>
      HttpResponse.json({ status: 'OK', message: 'A new verification link has been sent.' }),
    );
    const { user, location } = renderApp({ path: '/email/verify/invalid', handlers: [resend.handler] });
    await screen.findByRole('heading', { level: 1, name: TITLE });
    const main = screen.getByRole('main');
    expect(within(main).getByText('Sign in to get a new link.')).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
    const signIn = within(main).getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login?redirect=%2Femail%2Fverify%2Finvalid');
    await user.click(signIn);
    await user.type(await screen.findByLabelText('Email'), fixtures.profile.email);
    await user.type(screen.getByLabelText('Password'), 'Emerald7');
    server.use(
      http.post(api('/login'), () =>
        HttpResponse.json({ status: 'OK' as const, access_token: fixtures.DEMO_TOKEN, emailVerified: false }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await waitFor(() => expect(location()).toBe('/email/verify/invalid'));
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'A new verification link has been sent.',
    );
    expect(resend.calls).toBe(1);
    expect(screen.getByRole('button', { name: 'Send another link' })).toBeEnabled();
  });

  it('shows a failure on the page and sends again on the next press', async () => {
    const resend = counted('post', RESEND, (nth) =>
      nth === 1
        ? failure(429, 'Too many requests. Please wait a moment.')
        : HttpResponse.json({ status: 'OK' }),
    );
    const { user } = renderApp({
      path: '/email/verify/invalid',
      storage: SIGNED_IN,
      handlers: [unverified, resend.handler],
    });
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'Too many requests. Please wait a moment.',
    );
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
        'A new verification link has been sent to your email address.',
      ),
    );
    expect(resend.calls).toBe(2);
  });

  it('tells a customer whose address got verified that there is nothing to do', async () => {
    const { user } = renderApp({
      path: '/email/verify/invalid',
      storage: SIGNED_IN,
      handlers: [
        unverified,
        http.post(api(RESEND), () => failure(409, 'Your email address is already verified.')),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    await screen.findByRole('heading', { level: 1, name: 'Your email address was already verified' });
    expect(screen.getByRole('link', { name: 'Go to my account' })).toHaveAttribute('href', '/account');
  });

  it('offers no link to a verified customer', async () => {
    renderApp({ path: '/email/verify/invalid', storage: SIGNED_IN });
    await screen.findByRole('heading', { level: 1, name: 'Your email address was already verified' });
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });
});

describe('the banner of an unverified customer', () => {
  const banner = () => screen.queryByRole('complementary', { name: /Please verify your email address/ });

  it('says what verifying brings, with the welcome bonus, and sends the link again', async () => {
    const resend = counted('post', RESEND, () =>
      HttpResponse.json({ status: 'OK', message: 'A fresh link is on its way.' }),
    );
    const { user } = renderApp({
      path: '/account/profile',
      storage: SIGNED_IN,
      handlers: [unverified, resend.handler],
    });
    await waitFor(() => expect(banner()).toBeInTheDocument());
    expect(banner()).toHaveTextContent(
      'Please verify your email address: open the link we sent you to unlock top-ups and checkout and get 50.00 Coins as a welcome bonus.',
    );
    await user.click(within(banner() as HTMLElement).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A fresh link is on its way.')).toBeInTheDocument();
    expect(resend.calls).toBe(1);
  });

  it('leaves the verification page (it has its own resend), a verified customer and a guest alone', async () => {
    renderApp({ path: '/email-verification', storage: SIGNED_IN, handlers: [unverified] });
    await screen.findByRole('heading', { level: 1, name: 'Verify your email address' });
    expect(banner()).not.toBeInTheDocument();
  });

  it.each([
    ['a verified customer', true],
    ['a customer still unverified', false],
  ])('shows once the auth check has answered, for %s only when unverified', async (_, verified) => {
    const check = counted('get', '/is-auth', () =>
      HttpResponse.json({ status: 'OK' as const, authenticated: true as const, emailVerified: verified }),
    );
    renderApp({ path: '/shop', storage: SIGNED_IN, handlers: [check.handler] });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(check.calls).toBe(1));
    if (verified) await waitFor(() => expect(banner()).not.toBeInTheDocument());
    else await waitFor(() => expect(banner()).toBeInTheDocument());
  });

  it('is not shown to a guest', async () => {
    renderApp({ path: '/shop' });
    await screen.findByRole('heading', { level: 1 });
    expect(banner()).not.toBeInTheDocument();
  });
});

describe('the verified page names the welcome bonus the link credited', () => {
  it.each([
    ['/email/verify/success?bonus=5000', '50.00 Coins were added to your balance as a welcome bonus.'],
    ['/email/verify/success', null],
    ['/email/verify/success?bonus=-5', null],
    ['/email/verify/success?bonus=abc', null],
  ])('%s', async (path, bonus) => {
    renderApp({ path });
    await screen.findByRole('heading', { level: 1, name: 'Your email address is verified' });
    const said = screen.queryByText(/as a welcome bonus/);
    if (bonus === null) expect(said).not.toBeInTheDocument();
    else expect(said).toHaveTextContent(bonus);
  });
});
