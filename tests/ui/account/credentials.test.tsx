import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFieldError, field, messageResponse } from '../auth/support';
import { api, failure, renderApp, SIGNED_IN } from '../support';

async function open(path: string, heading: string) {
  const view = renderApp({ path, storage: SIGNED_IN });
  await view.ready();
  await screen.findByRole('heading', { level: 2, name: heading });
  return view;
}

describe('change password and change email tabs (docs/product.md §2, §5, §8)', () => {
  it('changes the password: POST /user/change-password, the notice, an empty form', async () => {
    const view = await open('/account/change-password', 'Change password');
    let body: unknown = null;
    view.server.use(
      http.post(api('/user/change-password'), async ({ request }) => {
        body = await request.json();
        return messageResponse('Password changed successfully');
      }),
    );
    await view.user.type(field('Current Password'), 'Diamond7');
    await view.user.type(field('New Password'), 'Emerald8');
    await view.user.type(field('Confirm New Password'), 'Emerald8');
    await view.user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(body).toMatchObject({
      current_password: 'Diamond7',
      password: 'Emerald8',
      password_confirmation: 'Emerald8',
    });
    await waitFor(() => expect(field('Current Password')).toHaveValue(''));
  });

  it('a wrong current password is shown at its field', async () => {
    const view = await open('/account/change-password', 'Change password');
    view.server.use(
      http.post(api('/user/change-password'), () =>
        failure(422, 'The password is incorrect.', { current_password: ['The password is incorrect.'] }),
      ),
    );
    await view.user.type(field('Current Password'), 'Wrong777');
    await view.user.type(field('New Password'), 'Emerald8');
    await view.user.type(field('Confirm New Password'), 'Emerald8');
    await view.user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Update password' }));
    await expectFieldError('Current Password', 'The password is incorrect.');
  });

  it("change email: 'New email is required', then 'Email changed successfully!' and the verification page", async () => {
    const view = await open('/account/change-email', 'Change email');
    view.server.use(
      http.post(api('/user/change-email'), () => messageResponse('Email changed successfully!')),
    );
    const submit = () =>
      view.user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Change email' }));
    await submit();
    await expectFieldError('New Email', 'New email is required');
    await view.user.type(field('New Email'), 'steve@');
    await submit();
    await expectFieldError('New Email', 'Please enter a valid email address');
    await view.user.type(field('New Email'), 'example.com');
    await view.user.type(field('Current Password'), 'Diamond7');
    await submit();
    expect(await screen.findByText('Email changed successfully!')).toBeInTheDocument();
    // The new address is unverified (the server cleared it): the session sends the customer to verify it.
    await waitFor(() => expect(view.location()).toBe('/email-verification?redirect=%2Faccount'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your email address' }),
    ).toBeInTheDocument();
  });
});
