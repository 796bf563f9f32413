import { describe, expect, it } from 'vitest';
import {
  gameServerAddMachine,
  gameServerRenameMachine,
  gameServersMessages,
  operatorGameServersMachine,
} from '../../../machines/operator/gameServers';
import { withValues } from '../../../machines/text';
import {
  gameServer,
  gameServerAddPlan,
  gameServerRenamePlan,
  gameServersPlan,
  nameTaken,
  notFound,
  SECRET,
  secretAnswer,
} from '../../support/operatorPaths';
import { describeEachPaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describeEachPaths(
  pathPlan(operatorGameServersMachine, gameServersPlan),
  pathPlan(gameServerAddMachine, gameServerAddPlan),
  pathPlan(gameServerRenameMachine, gameServerRenamePlan),
);

const loaded = [doneEvent('fetchGameServers', [gameServer(1), gameServer(2)])];

describe('operatorGameServers', () => {
  it('a new secret only after CONFIRM; it is shown until DISMISS; CANCEL keeps the old one', () => {
    const asked = run(operatorGameServersMachine, undefined, [...loaded, { type: 'ROTATE', id: 2 }]);
    expect(asked.snapshot.value).toEqual({ ready: 'confirming' });
    expect(
      run(operatorGameServersMachine, undefined, [...loaded, { type: 'ROTATE', id: 2 }, { type: 'CANCEL' }])
        .snapshot.value,
    ).toEqual({ ready: 'idle' });
    const rotated = run(operatorGameServersMachine, undefined, [
      ...loaded,
      { type: 'ROTATE', id: 2 },
      { type: 'CONFIRM' },
      doneEvent('rotateSecret', secretAnswer(2, 'server-2')),
    ]).snapshot;
    expect(rotated.context.secret).toEqual({ id: 2, name: 'server-2', secret: SECRET });
    expect(rotated.context.rotating).toBeNull();
    const refused = run(operatorGameServersMachine, undefined, [
      ...loaded,
      { type: 'ROTATE', id: 2 },
      { type: 'CONFIRM' },
      errorEvent('rotateSecret', new Error('boom')),
    ]).snapshot;
    expect(refused.context.rotateError).toEqual(
      withValues(gameServersMessages.rotateFailed, { name: 'server-2' }),
    );
    expect(refused.context.secret).toBeNull();
    expect(
      run(operatorGameServersMachine, undefined, [
        ...loaded,
        { type: 'ROTATE', id: 2 },
        { type: 'CONFIRM' },
        errorEvent('rotateSecret', notFound),
      ]).snapshot.context.rotateError,
    ).toEqual({ verbatim: 'No such customer.' });
  });
});

describe('gameServerAdd', () => {
  it('checks the name, sends it trimmed, tells the list; a taken name shows at the field', () => {
    for (const [name, message] of [
      ['  ', gameServersMessages.nameRequired],
      ['a'.repeat(41), gameServersMessages.nameLength],
      ['-survival', gameServersMessages.nameFormat],
      ['sur/vival', gameServersMessages.nameFormat],
    ] as const) {
      const { snapshot } = run(gameServerAddMachine, undefined, [
        { type: 'CHANGE', field: 'name', value: name },
        { type: 'SUBMIT' },
      ]);
      expect(snapshot.context.errors, name).toEqual({ name: message });
    }
    const added = run(gameServerAddMachine, undefined, [
      { type: 'CHANGE', field: 'name', value: ' creative 1 ' },
      { type: 'SUBMIT' },
      doneEvent('createGameServer', secretAnswer(2, 'creative 1')),
    ]);
    expect(added.snapshot.context.values.name).toBe('');
    expect(added.sent).toContainEqual({
      to: 'operatorGameServers',
      event: { type: 'ADDED', answer: secretAnswer(2, 'creative 1') },
    });
    const taken = run(gameServerAddMachine, undefined, [
      { type: 'CHANGE', field: 'name', value: 'Survival' },
      { type: 'SUBMIT' },
      errorEvent('createGameServer', nameTaken),
    ]).snapshot;
    expect(taken.context.values.name).toBe('Survival');
    expect(taken.context.errors).toEqual({
      name: { verbatim: 'A game server with this name exists already' },
    });
  });
});

describe('gameServerRename', () => {
  it('opens with the name, sends the id and the new name; success closes it and tells the list', () => {
    const open = run(gameServerRenameMachine, undefined, [
      { type: 'EDIT', id: 2, name: 'creative' },
    ]).snapshot;
    expect(open.value).toBe('editing');
    expect(open.context).toMatchObject({ id: 2, values: { name: 'creative' } });
    const renamed = run(gameServerRenameMachine, undefined, [
      { type: 'EDIT', id: 2, name: 'creative' },
      { type: 'CHANGE', field: 'name', value: 'creative-eu' },
      { type: 'SUBMIT' },
      doneEvent('renameGameServer', gameServer(2, { name: 'creative-eu' })),
    ]);
    expect(renamed.snapshot.value).toBe('closed');
    expect(renamed.sent).toContainEqual({
      to: 'operatorGameServers',
      event: { type: 'RENAMED', server: gameServer(2, { name: 'creative-eu' }) },
    });
  });
});
