import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProductCommand } from '../../../machines/operator/productCommands';
import { gameServer, manyCustomers, operatorProduct } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

describe("a product's delivery commands (/operator/products/{id})", () => {
  it('adds, moves and removes commands and saves the list; a refusal shows at its command', async () => {
    let commands: ProductCommand[] = [
      { game_server_id: 1, template: 'lp user {player} parent add vip', condition: 'any' },
      { game_server_id: 2, template: 'kit give {player} vip', condition: 'online' },
    ];
    const saves: { commands: ProductCommand[] }[] = [];
    let refuse = true;
    const view = renderApp({
      path: '/operator/products/4',
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/operator/customers'), () => ok(manyCustomers(1))),
        http.get(api('/operator/categories'), () => ok([])),
        http.get(api('/operator/products/4'), () => ok(operatorProduct(4))),
        http.get(api('/operator/game-servers'), () => ok([gameServer(1), gameServer(2)])),
        http.get(api('/operator/products/4/commands'), () => ok({ product_id: 4, commands })),
        http.put(api('/operator/products/4/commands'), async ({ request }) => {
          const body = (await request.json()) as { commands: ProductCommand[] };
          saves.push(body);
          if (refuse)
            return failure(422, 'The command is too long', {
              'commands.0.template': ['The command is too long'],
            });
          commands = body.commands;
          return ok({ product_id: 4, commands });
        }),
      ],
    });
    await view.ready();
    const region = await screen.findByRole('region', { name: 'Delivery commands' });
    await within(region).findByRole('group', { name: 'Command 1' });
    const templates = () => within(region).getAllByRole('textbox', { name: 'Command' });
    expect(templates().map((field) => (field as HTMLInputElement).value)).toEqual([
      'lp user {player} parent add vip',
      'kit give {player} vip',
    ]);

    await view.user.click(within(region).getByRole('button', { name: 'Add a command' }));
    const third = within(region).getByRole('group', { name: 'Command 3' });
    await view.user.click(within(region).getByRole('button', { name: 'Save commands' }));
    expect(within(third).getByText('Choose a game server')).toBeInTheDocument();
    expect(within(third).getByRole('textbox', { name: 'Command' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a command'),
    );
    expect(saves).toEqual([]);
    await view.user.selectOptions(within(third).getByRole('combobox', { name: 'Game server' }), 'server-2');
    await view.user.type(within(third).getByRole('textbox', { name: 'Command' }), 'give {{player} diamond');
    await view.user.click(within(region).getByRole('button', { name: 'Move command 3 up' }));
    await view.user.click(within(region).getByRole('button', { name: 'Remove command 1' }));
    await view.user.click(within(region).getByRole('button', { name: 'Save commands' }));

    const first = await within(region).findByText('The command is too long');
    expect(first.closest('fieldset')).toHaveAccessibleName('Command 1');
    expect(templates().map((field) => (field as HTMLInputElement).value)).toEqual([
      'give {player} diamond',
      'kit give {player} vip',
    ]);
    refuse = false;
    await view.user.click(within(region).getByRole('button', { name: 'Save commands' }));
    expect(await screen.findByText('The delivery commands were saved.')).toBeInTheDocument();
    expect(saves.at(-1)?.commands).toEqual([
      { game_server_id: 2, template: 'give {player} diamond', condition: 'any' },
      { game_server_id: 2, template: 'kit give {player} vip', condition: 'online' },
    ]);
  });
});
