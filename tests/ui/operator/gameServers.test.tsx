import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GameServerEntry } from '../../../machines/operator/gameServers';
import { gameServer, manyCustomers, SECRET } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** The console's access check lets the operator in; the game servers as the API keeps them. */
function serversApi(answers: { rename?: () => Response | undefined } = {}) {
  let servers: GameServerEntry[] = [gameServer(1)];
  const created: unknown[] = [];
  const renames: unknown[] = [];
  const rotations: number[] = [];
  const handlers = [
    http.get(api('/operator/customers'), () => ok(manyCustomers(1))),
    http.get(api('/operator/game-servers'), () => ok(servers)),
    http.post(api('/operator/game-servers'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      created.push(body);
      servers = [...servers, gameServer(2, { name: body.name })];
      return ok({ id: 2, name: body.name, secret: SECRET });
    }),
    http.put(api('/operator/game-servers/1'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      renames.push(body);
      const refused = answers.rename?.();
      if (refused !== undefined) return refused;
      servers = servers.map((server) => (server.id === 1 ? { ...server, name: body.name } : server));
      return ok(servers[0]);
    }),
    http.post(api('/operator/game-servers/1/rotate-secret'), () => {
      rotations.push(1);
      return ok({ id: 1, name: 'survival', secret: `gs_${'B'.repeat(43)}` });
    }),
  ];
  return { handlers, created, renames, rotations };
}

async function openServers(calls: ReturnType<typeof serversApi>) {
  const view = renderApp({ path: '/operator/game-servers', storage: SIGNED_IN, handlers: calls.handlers });
  await view.ready();
  await screen.findByRole('cell', { name: 'survival' });
  return view;
}

describe('the game servers (/operator/game-servers)', () => {
  it('adds a server and shows its secret once, with a copy button, until it is stored', async () => {
    const calls = serversApi();
    const view = await openServers(calls);
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Game servers' })).toHaveAttribute('aria-current', 'page');
    const name = screen.getByRole('textbox', { name: 'Name' });
    await view.user.type(name, '-creative');
    await view.user.click(screen.getByRole('button', { name: 'Add game server' }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('starting with a letter or digit'));
    expect(calls.created).toEqual([]);
    await view.user.clear(name);
    await view.user.type(name, ' creative ');
    await view.user.click(screen.getByRole('button', { name: 'Add game server' }));
    const panel = await screen.findByRole('region', { name: 'The secret of creative' });
    expect(within(panel).getByText(SECRET)).toBeInTheDocument();
    expect(within(panel).getByText(/Store it now, it is not shown again/)).toBeInTheDocument();
    expect(calls.created).toEqual([expect.objectContaining({ name: 'creative' })]);
    expect(await screen.findByRole('cell', { name: 'creative' })).toBeInTheDocument();
    expect(name).toHaveValue('');
    await view.user.click(within(panel).getByRole('button', { name: 'Copy secret' }));
    expect(view.clipboard.writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('The secret was copied.')).toBeInTheDocument();
    await view.user.click(within(panel).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('renames a server; a taken name shows at the field with what was typed', async () => {
    let refuse = true;
    const calls = serversApi({
      rename: () =>
        refuse
          ? failure(422, 'A game server with this name exists already', {
              name: ['A game server with this name exists already'],
            })
          : undefined,
    });
    const view = await openServers(calls);
    await view.user.click(screen.getByRole('button', { name: 'Rename: survival' }));
    const field = screen.getByRole('textbox', { name: 'New name of survival' });
    expect(field).toHaveValue('survival');
    await view.user.clear(field);
    await view.user.type(field, 'Creative');
    await view.user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('A game server with this name exists already')).toBeInTheDocument();
    expect(field).toHaveValue('Creative');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    refuse = false;
    await view.user.clear(field);
    await view.user.type(field, 'survival-eu');
    await view.user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('cell', { name: 'survival-eu' })).toBeInTheDocument();
    expect(screen.getByText('The game server was renamed.')).toBeInTheDocument();
    expect(calls.renames).toMatchObject([{ name: 'Creative' }, { name: 'survival-eu' }]);
  });

  it('gives a server a new secret only after a confirmation, and shows it once', async () => {
    const calls = serversApi();
    const view = await openServers(calls);
    await view.user.click(screen.getByRole('button', { name: 'New secret for survival' }));
    expect(
      screen.getByText(/Give survival a new secret\? The old one stops working at once/),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.rotations).toEqual([]);
    await view.user.click(screen.getByRole('button', { name: 'New secret for survival' }));
    await view.user.click(screen.getByRole('button', { name: 'Give it a new secret' }));
    const panel = await screen.findByRole('region', { name: 'The secret of survival' });
    expect(within(panel).getByText(`gs_${'B'.repeat(43)}`)).toBeInTheDocument();
    expect(calls.rotations).toEqual([1]);
  });
});
