import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../../machines/operator/deliveries';
import { validateDeliveriesSearch } from '../../../src/routes/operator';
import { delivery, gameServer, manyCustomers } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/**
 * The console's access check, the game servers (survival, creative) and the deliveries as the API
 * keeps them: 9 failed, 8 uncertain, 7 done. `refuse` answers a requeue or resolve instead.
 */
function deliveriesApi(options: { refuse?: () => Response | undefined; hold?: Promise<void> } = {}) {
  let rows: Delivery[] = [
    delivery(9),
    delivery(8, { state: 'uncertain', game_server_id: 2, game_server: 'creative', player: 'Alex' }),
    delivery(7, { state: 'done', reply: 'Added Steve to vip', order_id: 41 }),
  ];
  const queries: URLSearchParams[] = [];
  const requeues: unknown[] = [];
  const resolves: unknown[] = [];
  const change = (id: number, changes: Partial<Delivery>) => {
    rows = rows.map((row) => (row.id === id ? { ...row, ...changes } : row));
    return rows.find((row) => row.id === id);
  };
  const handlers = [
    http.get(api('/operator/customers'), () => ok(manyCustomers(1))),
    http.get(api('/operator/game-servers'), () => ok([gameServer(1), gameServer(2, { name: 'creative' })])),
    http.get(api('/operator/deliveries'), async ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      await options.hold;
      return ok(
        rows.filter(
          (row) =>
            (query.get('state') ?? row.state) === row.state &&
            (query.get('game_server_id') ?? String(row.game_server_id)) === String(row.game_server_id) &&
            (query.get('player') ?? row.player).toLowerCase() === row.player.toLowerCase(),
        ),
      );
    }),
    http.post(api('/operator/deliveries/:id/requeue'), async ({ request, params }) => {
      requeues.push(await request.json());
      const refused = options.refuse?.();
      if (refused) return refused;
      return ok(change(Number(params.id), { state: 'queued', attempt: 2, reply: null, finished_at: null }));
    }),
    http.post(api('/operator/deliveries/:id/resolve'), async ({ request, params }) => {
      const body = (await request.json()) as { outcome: 'done' | 'failed'; note: string };
      resolves.push(body);
      const refused = options.refuse?.();
      if (refused) return refused;
      return ok(change(Number(params.id), { state: body.outcome, note: body.note }));
    }),
  ];
  return { handlers, queries, requeues, resolves, change };
}

async function openDeliveries(calls: ReturnType<typeof deliveriesApi>, path = '/operator/deliveries') {
  const view = renderApp({ path, storage: SIGNED_IN, handlers: calls.handlers });
  await view.ready();
  await screen.findByRole('table');
  return view;
}

const rowOf = (id: number) =>
  screen.getByRole('button', { name: `Requeue delivery #${id}` }).closest('tr') as HTMLElement;

describe('the deliveries (/operator/deliveries)', () => {
  it('lists the newest deliveries under the nav, each with its order, server, command, state and reply', async () => {
    const calls = deliveriesApi();
    await openDeliveries(calls);
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Deliveries' })).toHaveAttribute('aria-current', 'page');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1) as HTMLElement[];
    expect(rows).toHaveLength(3);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Order #42' })).toHaveAttribute(
      'href',
      '/operator/orders/42',
    );
    expect(within(first).getByText('lp user Steve parent add vip')).toBeInTheDocument();
    expect(within(first).getByText('Failed · Attempt 1')).toBeInTheDocument();
    expect(within(first).getByText('Unknown command')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Uncertain · Attempt 1')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('creative')).toBeInTheDocument();
    // A delivered row offers nothing the API would refuse.
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^(Requeue|Resolve) delivery/ })).toHaveLength(4);
    expect(Object.fromEntries(calls.queries[0] ?? [])).not.toHaveProperty('state');
    expect(Object.fromEntries(calls.queries[0] ?? [])).toMatchObject({ limit: '26' });
  });

  it('filters by state, game server (by name) and player, in the address and the API; none is said', async () => {
    const calls = deliveriesApi();
    const view = await openDeliveries(calls);
    const servers = screen.getByRole('combobox', { name: 'Game server' });
    expect(
      within(servers)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any game server', 'survival', 'creative']);
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'uncertain');
    await view.user.selectOptions(servers, 'creative');
    await view.user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(view.location()).toBe('/operator/deliveries?state=uncertain&game_server_id=2'),
    );
    expect(await screen.findByRole('button', { name: 'Resolve delivery #8' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve delivery #9' })).toBeNull();
    expect(Object.fromEntries(calls.queries.at(-1) ?? [])).toMatchObject({
      limit: '26',
      state: 'uncertain',
      game_server_id: '2',
    });
    await view.user.type(screen.getByRole('textbox', { name: 'Player' }), 'Notch');
    await view.user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('heading', { name: 'No deliveries match' })).toBeInTheDocument();
    expect(view.location()).toBe('/operator/deliveries?state=uncertain&game_server_id=2&player=Notch');
    // Back and forward and a reload keep each address's filters.
    view.history.back();
    await waitFor(() =>
      expect(view.location()).toBe('/operator/deliveries?state=uncertain&game_server_id=2'),
    );
    expect(await screen.findByRole('button', { name: 'Resolve delivery #8' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Player' })).toHaveValue('');
    view.history.forward();
    expect(await screen.findByRole('heading', { name: 'No deliveries match' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Player' })).toHaveValue('Notch');
    view.reload();
    expect(await screen.findByRole('heading', { name: 'No deliveries match' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Game server' })).toHaveValue('2');
  });

  it('opens with the filters of the address and says so while it loads', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = deliveriesApi({ hold });
    const view = renderApp({
      path: '/operator/deliveries?state=failed&order_id=42',
      storage: SIGNED_IN,
      handlers: calls.handlers,
    });
    await view.ready();
    expect(await screen.findByText('Loading deliveries…')).toBeInTheDocument();
    release();
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('failed');
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveValue('42');
    expect(Object.fromEntries(calls.queries[0] ?? [])).toMatchObject({ state: 'failed', order_id: '42' });
  });

  it('says when nothing was delivered yet, and a failed load with Try again', async () => {
    let answer: () => Response = () => failure(503, 'The database is away.');
    const view = renderApp({
      path: '/operator/deliveries',
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/operator/customers'), () => ok(manyCustomers(1))),
        http.get(api('/operator/game-servers'), () => ok([gameServer(1)])),
        http.get(api('/operator/deliveries'), () => answer()),
      ],
    });
    await view.ready();
    expect(await screen.findByText('The database is away.')).toBeInTheDocument();
    answer = () => ok([]);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Nothing has been delivered yet' }),
    ).toBeInTheDocument();
  });

  it('the address keeps only what the API takes', () => {
    expect(
      validateDeliveriesSearch({ state: 'lost', game_server_id: '0', order_id: 42, player: ' Steve ' }),
    ).toEqual({ state: undefined, game_server_id: undefined, order_id: 42, player: 'Steve' });
    expect(validateDeliveriesSearch({ game_server_id: '2147483648', player: 'x'.repeat(33) })).toEqual({
      state: undefined,
      game_server_id: undefined,
      order_id: undefined,
      player: undefined,
    });
  });

  it('requeues a failed delivery with a note, after a confirmation; the row shows it queued', async () => {
    const calls = deliveriesApi();
    const view = await openDeliveries(calls);
    await view.user.click(screen.getByRole('button', { name: 'Requeue delivery #9' }));
    const panel = screen.getByRole('region', { name: 'Requeue delivery #9' });
    expect(within(panel).getByRole('heading', { name: 'Requeue delivery #9' })).toHaveFocus();
    await view.user.type(within(panel).getByRole('textbox', { name: 'Note (optional)' }), 'Server is back');
    await view.user.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(
      within(panel).getByText('Queue delivery #9 again? The command runs once more in game.'),
    ).toBeInTheDocument();
    await view.user.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(within(panel).getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('Server is back');
    expect(calls.requeues).toEqual([]);
    await view.user.click(within(panel).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(panel).getByRole('button', { name: 'Queue it again' }));
    expect(await screen.findByText('The delivery is queued again.')).toBeInTheDocument();
    expect(calls.requeues).toMatchObject([{ note: 'Server is back' }]);
    expect(screen.queryByRole('region', { name: 'Requeue delivery #9' })).toBeNull();
    const row = within(screen.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Queued · Attempt 2')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('resolves an uncertain delivery: the outcome and a note are required; the row shows it settled', async () => {
    const calls = deliveriesApi();
    const view = await openDeliveries(calls);
    await view.user.click(screen.getByRole('button', { name: 'Resolve delivery #8' }));
    const panel = screen.getByRole('region', { name: 'Resolve delivery #8' });
    await view.user.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(within(panel).getByText('Choose what became of it in game')).toBeInTheDocument();
    await view.user.click(within(panel).getByRole('radio', { name: 'It took effect (delivered)' }));
    await view.user.click(within(panel).getByRole('button', { name: 'Continue' }));
    const note = within(panel).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAccessibleDescription(expect.stringContaining('Write what you checked'));
    await view.user.type(note, 'Alex has vip');
    await view.user.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(
      within(panel).getByText('Mark delivery #8 as delivered? The store does not run it again.'),
    ).toBeInTheDocument();
    await view.user.click(within(panel).getByRole('button', { name: 'Settle it' }));
    expect(await screen.findByText('The delivery is settled.')).toBeInTheDocument();
    expect(calls.resolves).toMatchObject([{ outcome: 'done', note: 'Alex has vip' }]);
    expect(await screen.findByText('Note: Alex has vip')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve delivery #8' })).toBeNull();
  });

  it('a 409 says why with nothing typed lost, and the list is read again', async () => {
    let calls: ReturnType<typeof deliveriesApi> | undefined;
    calls = deliveriesApi({
      refuse: () => {
        // Meanwhile the agent took it again.
        calls?.change(9, { state: 'leased' });
        return failure(409, 'This delivery cannot be settled now.');
      },
    });
    const view = await openDeliveries(calls);
    const loads = calls.queries.length;
    await view.user.click(rowOf(9).querySelector('button:last-of-type') as HTMLElement);
    const panel = screen.getByRole('region', { name: 'Resolve delivery #9' });
    await view.user.click(within(panel).getByRole('radio', { name: 'It did not and will not (failed)' }));
    await view.user.type(within(panel).getByRole('textbox', { name: 'Note' }), 'Not in game');
    await view.user.click(within(panel).getByRole('button', { name: 'Continue' }));
    await view.user.click(within(panel).getByRole('button', { name: 'Settle it' }));
    expect(await within(panel).findByText('This delivery cannot be settled now.')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Note' })).toHaveValue('Not in game');
    expect(within(panel).getByRole('radio', { name: 'It did not and will not (failed)' })).toBeChecked();
    await waitFor(() => expect(calls.queries.length).toBe(loads + 1));
    expect(
      await within(screen.getByRole('table')).findByText('Being delivered · Attempt 1'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve delivery #9' })).toBeNull();
  });
});
