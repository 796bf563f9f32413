import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OperatorSocialLink } from '../../../machines/operator/socialLinks';
import { socialLink } from '../../support/contentPaths';
import { manyCustomers } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** The console's access check lets the operator in; the links as the API keeps them. */
function linksApi() {
  let links: OperatorSocialLink[] = [socialLink(1), socialLink(2), socialLink(3)];
  const sent: Array<{ method: string; id?: number; body?: unknown }> = [];
  const sorted = () => [...links].sort((a, b) => a.position - b.position || a.id - b.id);
  const handlers = [
    http.get(api('/operator/customers'), () => ok(manyCustomers(1))),
    http.get(api('/operator/social-links'), () => ok(sorted())),
    http.post(api('/operator/social-links'), async ({ request }) => {
      const body = (await request.json()) as Omit<OperatorSocialLink, 'id' | 'position'>;
      sent.push({ method: 'POST', body });
      if (body.title.toLowerCase() === 'discord') {
        return failure(422, 'A social link with this title exists already.', {
          title: ['A social link with this title exists already.'],
        });
      }
      links = [...links, { ...body, id: 9, position: links.length }];
      return ok(sorted());
    }),
    http.patch(api('/operator/social-links/:id'), async ({ request, params }) => {
      const id = Number(params.id);
      const body = (await request.json()) as Partial<OperatorSocialLink>;
      sent.push({ method: 'PATCH', id, body });
      links = links.map((link) => (link.id === id ? { ...link, ...body } : link));
      return ok(sorted());
    }),
    http.delete(api('/operator/social-links/:id'), ({ params }) => {
      const id = Number(params.id);
      sent.push({ method: 'DELETE', id });
      links = links.filter((link) => link.id !== id);
      return ok(sorted());
    }),
  ];
  return { handlers, sent };
}

async function openLinks(calls: ReturnType<typeof linksApi>) {
  const view = renderApp({ path: '/operator/social-links', storage: SIGNED_IN, handlers: calls.handlers });
  await view.ready();
  await screen.findByText('Discord');
  return view;
}

const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the social links (/operator/social-links)', () => {
  it('adds a link: an address that is not https is refused before sending, a taken title at the field', async () => {
    const calls = linksApi();
    const view = await openLinks(calls);
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Social links' })).toHaveAttribute('aria-current', 'page');
    await view.user.click(screen.getByRole('button', { name: 'Add a link' }));
    const form = screen.getByRole('region', { name: 'New social link' });
    await view.user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Discord');
    const address = within(form).getByRole('textbox', { name: 'Address' });
    await view.user.clear(address);
    await view.user.type(address, 'javascript:alert(1)');
    const icon = within(form).getByRole('textbox', { name: 'Icon' });
    await view.user.type(icon, 'twitch.svg');
    await view.user.click(within(form).getByRole('button', { name: 'Save link' }));
    expect(address).toHaveAccessibleDescription(
      expect.stringContaining('Enter an address starting with https://'),
    );
    expect(calls.sent).toEqual([]);
    await view.user.clear(address);
    await view.user.type(address, 'https://www.twitch.tv/');
    await view.user.click(within(form).getByRole('button', { name: 'Save link' }));
    expect(
      await within(form).findByText('A social link with this title exists already.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('Discord');
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await view.user.clear(title);
    await view.user.type(title, 'Twitch');
    await view.user.click(within(form).getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText('The link was saved.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New social link' })).toBeNull();
    expect(titles()).toEqual(['Discord', 'YouTube', 'Instagram', 'Twitch']);
    expect(calls.sent.at(-1)).toMatchObject({
      method: 'POST',
      body: { title: 'Twitch', link: 'https://www.twitch.tv/', img: '/images/social/twitch.svg' },
    });
  });

  it('edits a link, reorders by moving one up, and removes one only after a confirmation', async () => {
    const calls = linksApi();
    const view = await openLinks(calls);
    await view.user.click(screen.getByRole('button', { name: 'Edit YouTube' }));
    const form = screen.getByRole('region', { name: 'Change YouTube' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await view.user.clear(title);
    await view.user.type(title, 'YouTube Gaming');
    await view.user.click(within(form).getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText('YouTube Gaming')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Move Instagram up' }));
    await screen.findByRole('button', { name: 'Move Instagram down' });
    expect(titles()).toEqual(['Discord', 'Instagram', 'YouTube Gaming']);
    expect(calls.sent.filter((call) => call.method === 'PATCH').slice(1)).toMatchObject([
      { method: 'PATCH', id: 3, body: { position: 1 } },
      { method: 'PATCH', id: 2, body: { position: 2 } },
    ]);
    expect(screen.getByRole('button', { name: 'Move Discord up' })).toBeDisabled();

    await view.user.click(screen.getByRole('button', { name: 'Remove Discord' }));
    expect(screen.getByText('Remove Discord from the home page?')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.sent.some((call) => call.method === 'DELETE')).toBe(false);
    await view.user.click(screen.getByRole('button', { name: 'Remove Discord' }));
    await view.user.click(screen.getByRole('button', { name: 'Remove it' }));
    expect(await screen.findByText('The link was removed.')).toBeInTheDocument();
    expect(titles()).toEqual(['Instagram', 'YouTube Gaming']);
    expect(calls.sent.at(-1)).toEqual({ method: 'DELETE', id: 1 });
  });
});
