import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { copying } from './clipboard';
import type { Settings } from './shapes';
import { defineMessages } from './text';
import { toast } from './toasts';

export type GameServer = NonNullable<Settings['game_server']>;

export const copyMessages = defineMessages({
  copied: { id: 'home.copy.copied', defaultMessage: 'Server IP copied to clipboard!' },
  failed: { id: 'home.copy.failed', defaultMessage: 'Failed to copy IP.' },
});

export type CopyAddressEvent =
  | { type: 'COPY' }
  | { type: 'SERVER_KNOWN'; host: string; port?: number | null };

/** Host, plus ':' and the port when there is one; undefined while the server is unknown. */
export function formatAddress(server: GameServer | null): string | undefined {
  if (!server || server.host === '') return undefined;
  return server.port === null || server.port === undefined ? server.host : `${server.host}:${server.port}`;
}

export const copyAddressMachine = setup({
  types: {
    context: {} as { server: GameServer | null },
    events: {} as CopyAddressEvent,
    input: {} as { server?: GameServer | null },
  },
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(async () => {
      throw new Error('writeClipboard is not provided');
    }),
  },
  actions: {
    rememberServer: assign(({ event }) =>
      event.type === 'SERVER_KNOWN' ? { server: { host: event.host, port: event.port ?? null } } : {},
    ),
    notify: toast(),
  },
  guards: {
    hasAddress: ({ context }) => formatAddress(context.server) !== undefined,
  },
}).createMachine({
  id: 'copyAddress',
  description:
    "Home page copy buttons: COPY writes the game server's address (host[:port]) to the clipboard and toasts " +
    "(SHOW to systemId toasts) 'Server IP copied to clipboard!' or 'Failed to copy IP.'. The address is unknown until settings arrive.",
  context: ({ input }) => ({ server: input.server ?? null }),
  on: {
    SERVER_KNOWN: { actions: 'rememberServer' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: { COPY: { guard: 'hasAddress', target: 'copying' } },
    },
    copying: copying(({ server }) => formatAddress(server) ?? '', copyMessages),
  },
});

export const selectAddress = (snapshot: SnapshotFrom<typeof copyAddressMachine>): string | undefined =>
  formatAddress(snapshot.context.server);
