import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectFieldError, expectFormError, field, messageResponse } from '../auth/support';
import { api, failure, fixtures, ok, renderApp, SIGNED_IN } from '../support';

async function openProfile() {
  const view = renderApp({ path: '/account/profile', storage: SIGNED_IN });
  await view.ready();
  await screen.findByRole('heading', { level: 2, name: 'Profile' });
  await screen.findByText('Alex Stone');
  return view;
}

const profileSection = () => screen.getByRole('region', { name: 'Profile' });

/** Edit, then the form: it is a chunk of its own, loaded with Edit. */
async function openEdit(view: Awaited<ReturnType<typeof openProfile>>) {
  await view.user.click(within(profileSection()).getByRole('button', { name: 'Edit' }));
  await within(profileSection()).findByRole('button', { name: 'Save' });
}

type View = Awaited<ReturnType<typeof openProfile>>;

/** Clears the field, types the value (if any) and clicks Save. */
async function saveWith(view: View, label: string, value: string) {
  await view.user.clear(field(label));
  if (value !== '') await view.user.type(field(label), value);
  await view.user.click(within(profileSection()).getByRole('button', { name: 'Save' }));
}

/**
 * PUT /user/profile keeps the sent `key` and GET /user/profile answers with it from then on, unless
 * `refuse` answers the sent body first; `sent.body` is the last body sent.
 */
function savingProfile(
  view: View,
  key: 'city' | 'player',
  refuse?: (body: Record<string, unknown>) => Response | null,
) {
  const sent: { body: Record<string, unknown> | null } = { body: null };
  let saved = fixtures.profile;
  view.server.use(
    http.put(api('/user/profile'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.body = body;
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      saved = { ...fixtures.profile, [key]: String(body[key]) };
      return messageResponse('Profile updated successfully');
    }),
    http.get(api('/user/profile'), () => ok(saved)),
  );
  return sent;
}

describe('the profile tab (docs/product.md §2 "Profile tab")', () => {
  it('shows the initials, the full name, the join date, the eight fields and the player name', async () => {
    await openProfile();
    const section = profileSection();
    expect(within(section).getByRole('img', { name: 'Profile picture of Alex Stone' })).toHaveTextContent(
      'AS',
    );
    expect(within(section).getByText('Member since Mar 14, 2026')).toBeInTheDocument();
    const rows = Object.fromEntries(
      Array.from(section.querySelectorAll('dt')).map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
    expect(rows).toEqual({
      'First Name': 'Alex',
      'Last Name': 'Stone',
      Email: 'alex.stone@example.com',
      'Phone Number': '+49 30 901820',
      Address: '—',
      City: 'Berlin',
      Country: 'Germany',
      'Zip Code': '—',
      'Player name': 'Steve',
    });
  });

  it('shows the avatar image when the profile has one', async () => {
    const view = renderApp({
      path: '/account/profile',
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/user/profile'), () => ok({ ...fixtures.profile, avatarUrl: '/img/alex.png' })),
      ],
    });
    await view.ready();
    const avatar = await screen.findByRole('img', { name: 'Profile picture of Alex Stone' });
    expect(avatar.tagName).toBe('IMG');
    expect(avatar).toHaveAttribute('src', '/img/alex.png');
  });

  it('Edit saves the city: PUT /user/profile, the notice, and the view shows the saved value', async () => {
    const view = await openProfile();
    const sent = savingProfile(view, 'city');
    await openEdit(view);
    expect(field('First Name')).toHaveValue('Alex');
    await saveWith(view, 'City', 'Hamburg');

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(profileSection()).getByText('Hamburg')).toBeInTheDocument());
    expect(sent.body).toMatchObject({
      name: 'Alex',
      surname: 'Stone',
      phone: '+49 30 901820',
      phoneE164: '+4930901820',
      country: 83,
      city: 'Hamburg',
    });
    expect(sent.body).not.toHaveProperty('email');
    expect(within(profileSection()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('after a save the form waits for the refreshed profile: the view never shows the old values', async () => {
    const view = await openProfile();
    let saved = false;
    let release: () => void = () => {};
    const refreshed = new Promise<void>((resolve) => {
      release = resolve;
    });
    view.server.use(
      http.put(api('/user/profile'), () => {
        saved = true;
        return messageResponse('Profile updated successfully');
      }),
      http.get(api('/user/profile'), async () => {
        if (saved) await refreshed;
        return ok(saved ? { ...fixtures.profile, city: 'Hamburg' } : fixtures.profile);
      }),
    );
    await openEdit(view);
    await saveWith(view, 'City', 'Hamburg');

    await waitFor(() => expect(saved).toBe(true));
    // Saved, the profile still loading: the form stays, saving, and Berlin is nowhere.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(profileSection()).getByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    expect(within(profileSection()).queryByText('Berlin')).not.toBeInTheDocument();
    expect(screen.queryByText('Profile updated successfully')).not.toBeInTheDocument();

    release();
    expect(await within(profileSection()).findByText('Hamburg')).toBeInTheDocument();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
  });

  it("checks the rules before sending: 'City is required' at the field", async () => {
    const view = await openProfile();
    await openEdit(view);
    await saveWith(view, 'City', '');
    await expectFieldError('City', 'City is required');
  });

  it('a 422 shows the server field errors at their fields', async () => {
    const view = await openProfile();
    view.server.use(
      http.put(api('/user/profile'), () =>
        failure(422, 'The given data was invalid.', {
          post_code: ['The post code may not be greater than 20 characters.'],
        }),
      ),
    );
    await openEdit(view);
    await view.user.type(field('Zip Code'), '123456789012345678901');
    await view.user.click(within(profileSection()).getByRole('button', { name: 'Save' }));
    await expectFieldError('Zip Code', 'The post code may not be greater than 20 characters.');
  });

  it('the player name (ADR 0031): edited and saved with the profile; a refused name shows at its field', async () => {
    const view = await openProfile();
    const sent = savingProfile(view, 'player', (body) =>
      body.player === 'no way'
        ? failure(422, 'The given data was invalid.', {
            player: ['Please enter a valid player name: 3 to 16 letters, digits or underscores.'],
          })
        : null,
    );
    await openEdit(view);
    expect(field('Player name')).toHaveValue('Steve');
    await saveWith(view, 'Player name', 'no way');
    await expectFieldError(
      'Player name',
      'Please enter a valid player name: 3 to 16 letters, digits or underscores.',
    );
    await saveWith(view, 'Player name', ' Alex_2 ');
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(sent.body).toMatchObject({ player: 'Alex_2' });
    await waitFor(() => expect(within(profileSection()).getByText('Alex_2')).toBeInTheDocument());
  });

  it("any other failure: 'Failed to update profile' when the server gives no message; Cancel closes the form", async () => {
    const view = await openProfile();
    view.server.use(
      http.put(api('/user/profile'), () => HttpResponse.json({ status: 'ERROR' }, { status: 400 })),
    );
    await openEdit(view);
    await view.user.click(within(profileSection()).getByRole('button', { name: 'Save' }));
    await expectFormError('Failed to update profile');
    await view.user.click(within(profileSection()).getByRole('button', { name: 'Cancel' }));
    expect(within(profileSection()).getByText('Berlin')).toBeInTheDocument();
  });
});
