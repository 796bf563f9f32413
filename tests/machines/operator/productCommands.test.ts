import { describe, expect, it } from 'vitest';
import {
  commandsMessages,
  productCommandsMachine,
  rowErrors,
} from '../../../machines/operator/productCommands';
import { withValues } from '../../../machines/text';
import { commandsPlan, gameServer, unknownPlaceholder } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('productCommands paths', pathPlan(productCommandsMachine, commandsPlan));

const INPUT = { productId: 4 };
const loaded = doneEvent('loadCommands', {
  commands: [
    { game_server_id: 1, template: 'lp user {player} parent add vip', condition: 'any' },
    { game_server_id: 2, template: 'kit give {player} vip', condition: 'online' },
  ],
  servers: [gameServer(1), gameServer(2)],
});

describe('productCommands', () => {
  it('adds, moves and removes commands; SAVE sends the whole list in its order', () => {
    const { snapshot } = run(productCommandsMachine, INPUT, [
      loaded,
      { type: 'ADD' },
      { type: 'CHANGE', key: 3, field: 'game_server_id', value: '2' },
      { type: 'CHANGE', key: 3, field: 'template', value: ' give {player} diamond {quantity} ' },
      { type: 'CHANGE', key: 3, field: 'condition', value: 'online' },
      { type: 'MOVE', key: 3, by: -1 },
      { type: 'MOVE', key: 1, by: -1 },
      { type: 'REMOVE', key: 2 },
      { type: 'SAVE' },
    ]);
    expect(snapshot.value).toBe('saving');
    expect(snapshot.context.rows).toEqual([
      { key: 1, game_server_id: '1', template: 'lp user {player} parent add vip', condition: 'any' },
      { key: 3, game_server_id: '2', template: ' give {player} diamond {quantity} ', condition: 'online' },
    ]);
  });

  it('checks every command before sending, by the rule the API applies', () => {
    const { snapshot } = run(productCommandsMachine, INPUT, [
      doneEvent('loadCommands', { commands: [], servers: [gameServer(1), gameServer(2)] }),
      { type: 'ADD' },
      { type: 'ADD' },
      { type: 'CHANGE', key: 2, field: 'game_server_id', value: '1' },
      { type: 'CHANGE', key: 2, field: 'template', value: 'rank {rank}' },
      { type: 'SAVE' },
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.errors).toEqual({
      '1.game_server_id': commandsMessages.serverRequired,
      '1.template': commandsMessages.templateRequired,
      '2.template': withValues(commandsMessages.unknownPlaceholder, {
        name: '{rank}',
        placeholders: '{player}, {uuid}, {quantity}, {order}, {product}',
      }),
    });
    expect(rowErrors([{ key: 5, game_server_id: '1', template: 'say a\nb', condition: 'any' }])).toEqual({
      '5.template': commandsMessages.notOneCommand,
    });
    expect(
      rowErrors([
        { key: 5, game_server_id: '1', template: `say ${'x'.repeat(250)} {player}`, condition: 'any' },
      ]),
    ).toEqual({ '5.template': withValues(commandsMessages.tooLong, { longest: 273, limit: 256 }) });
  });

  it("puts the API's 422 at its command's field, by the place it was sent at; nothing typed is lost", () => {
    const { snapshot } = run(productCommandsMachine, INPUT, [
      loaded,
      { type: 'MOVE', key: 1, by: 1 },
      { type: 'CHANGE', key: 1, field: 'template', value: 'lp user {player} parent add vip2' },
      { type: 'SAVE' },
      errorEvent('saveCommands', unknownPlaceholder),
    ]);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.errors).toEqual({ '1.template': { verbatim: 'Unknown placeholder {rank}' } });
    expect(snapshot.context.rows[1]?.template).toBe('lp user {player} parent add vip2');
  });

  it('a new command takes the only game server there is', () => {
    const { snapshot } = run(productCommandsMachine, INPUT, [
      doneEvent('loadCommands', { commands: [], servers: [gameServer(7)] }),
      { type: 'ADD' },
    ]);
    expect(snapshot.context.rows).toEqual([{ key: 1, game_server_id: '7', template: '', condition: 'any' }]);
  });
});
