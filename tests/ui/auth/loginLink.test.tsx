import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { RESET_TOKEN } from '../../support/formPaths';
import { api, DEMO_TOKEN, failure, type RenderAppOptions, renderApp } from '../support';
import { authResponse, fieldErrors, heldOperation, main } from './support';

const LINK = `/login/link?token=${RESET_TOKEN}&email=steve%40example.com`;
const REFUSED = 'This sign-in link is invalid, has expired or was already used.';

async function openLink(path: string, handlers: RenderAppOptions['handlers'] = []) {
  const view = renderApp({ path, handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'Sign in with a link' });
  return view;
}

describe('The emailed sign-in link, /login/link (ADR 0015)', () => {
  it('confirms token and email, signs in as a password sign-in does, then opens /account', async () => {
    const confirm = heldOperation('post', '/login/link/confirm');
    const view = await openLink(LINK, [confirm.handler]);
    expect(await within(main()).findByRole('status')).toHaveTextContent('Signing you in...');
    await waitFor(() =>
      expect(confirm.bodies).toEqual([
        expect.objectContaining({ token: RESET_TOKEN, email: 'steve@example.com' }),
      ]),
    );
    await confirm.answer(authResponse());
    await waitFor(() => expect(view.location()).toBe('/account/profile'));
    expect(localStorage.getItem('auth_session')).toBe('true');
    expect(localStorage.getItem('token')).toBe(DEMO_TOKEN);
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'MY PROFILE' }),
    ).toBeInTheDocument();
    expect(confirm.requests).toBe(1);
  });

  it('goes to the redirect the link carries', async () => {
    const confirm = heldOperation('post', '/login/link/confirm');
    const view = await openLink(`${LINK}&redirect=%2Fcart`, [confirm.handler]);
    await confirm.answer(authResponse());
    await waitFor(() => expect(view.location()).toBe('/cart'));
    expect(localStorage.getItem('token')).toBe(DEMO_TOKEN);
  });

  it("says why a used or expired link does not sign in, in the server's words, with the way back", async () => {
    const view = await openLink(LINK, [
      http.post(api('/login/link/confirm'), () => fieldErrors({ token: [REFUSED] })),
    ]);
    expect(await within(main()).findByRole('alert')).toHaveTextContent(REFUSED);
    expect(within(main()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await view.user.click(within(main()).getByRole('link', { name: 'Back to Sign In' }));
    await waitFor(() => expect(view.location()).toBe('/login'));
  });

  it('a link without its token is invalid without asking the server', async () => {
    const confirm = heldOperation('post', '/login/link/confirm');
    await openLink('/login/link?email=steve%40example.com', [confirm.handler]);
    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'This sign-in link is invalid or has expired.',
    );
    expect(confirm.requests).toBe(0);
  });

  it('after a server error, Try again confirms the link once more', async () => {
    const confirm = heldOperation('post', '/login/link/confirm');
    const view = await openLink(LINK, [confirm.handler]);
    await confirm.answer(failure(503, ''));
    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'Server error. Please try again later.',
    );
    await view.user.click(within(main()).getByRole('button', { name: 'Try again' }));
    await confirm.answer(authResponse());
    await waitFor(() => expect(view.location()).toBe('/account/profile'));
    expect(confirm.requests).toBe(2);
  });
});
