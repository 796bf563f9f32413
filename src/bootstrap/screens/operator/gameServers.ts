import { fromPromise } from 'xstate';
import {
  gameServerAddMachine,
  gameServerRenameMachine,
  operatorGameServersMachine,
  type RenameRequest,
  type SecretAnswer,
} from '../../../../machines/operator/gameServers';
import type { ApiClient } from '../../../api';
import { answering, gameServersOf, payloadOf } from './requests';

/** /operator/game-servers (and the deliveries' game server filter): the servers, adding, renaming. */
export const gameServersScreens = {
  /** GET /operator/game-servers; POST …/{id}/rotate-secret, then the servers again; the clipboard. */
  operatorGameServers: (api: ApiClient) =>
    operatorGameServersMachine.provide({
      actors: {
        fetchGameServers: fromPromise(async ({ signal }) => gameServersOf(api, signal)),
        rotateSecret: fromPromise<SecretAnswer, { id: number }>(async ({ input, signal }) => {
          const secret = await payloadOf(
            api.POST('/operator/game-servers/{id}/rotate-secret', {
              params: { path: { id: input.id } },
              body: {},
              signal,
            }),
          );
          return { secret, servers: await gameServersOf(api, signal) };
        }),
        writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
          await navigator.clipboard.writeText(input.text);
        }),
      },
    }),
  /** POST /operator/game-servers, then the servers again. */
  gameServerAdd: (api: ApiClient) =>
    gameServerAddMachine.provide({
      actors: {
        createGameServer: fromPromise<SecretAnswer, { name: string }>(async ({ input, signal }) => {
          const secret = await payloadOf(
            api.POST('/operator/game-servers', { body: { name: input.name }, signal }),
          );
          return { secret, servers: await gameServersOf(api, signal) };
        }),
      },
    }),
  /** PUT /operator/game-servers/{id}. */
  gameServerRename: (api: ApiClient) =>
    gameServerRenameMachine.provide({
      actors: {
        renameGameServer: answering(({ id, name }: RenameRequest, signal) =>
          api.PUT('/operator/game-servers/{id}', { params: { path: { id } }, body: { name }, signal }),
        ),
      },
    }),
};
