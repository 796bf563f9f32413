/**
 * A game server's RCON double for tests: the Source RCON protocol as Minecraft speaks it, on
 * 127.0.0.1 and a free port. A packet is a little-endian int32 length, then int32 id, int32 type
 * (3 auth, 2 exec command / auth response, 0 response value), an ASCII body and two NUL bytes.
 * It records every command it receives (in order, with the time), answers `list` from its player
 * list, and can be told to close the connection after receiving a command, before answering it.
 */
import { createServer, type Server, type Socket } from 'node:net';

const AUTH = 3;
const EXEC = 2;
const AUTH_RESPONSE = 2;
const RESPONSE = 0;

export interface ReceivedCommand {
  command: string;
  /** Date.now() when it arrived. */
  at: number;
  /** The connection it came on (1, 2, …): a reconnect shows as a new number. */
  connection: number;
}

export interface RconServerOptions {
  password: string;
  /** Players `list` reports. */
  players?: string[];
  /** The reply to a command other than `list`; default `Executed: <command>`. */
  reply?: (command: string) => string | Promise<string>;
  /** Return true to close the connection after receiving this command, without replying. */
  closeOn?: (command: string, index: number) => boolean;
  /** Wait this long before each reply. */
  delayMs?: number;
  /** Called as each command (`list` too) arrives, before it is answered. */
  onCommand?: (command: string) => void;
}

export interface RconServer {
  host: string;
  port: number;
  /** Every command received, `list` included, in arrival order. */
  received: ReceivedCommand[];
  /** The commands received other than `list`. */
  commands(): string[];
  players: string[];
  options: RconServerOptions;
  /** Connections accepted so far, and how many authenticated. */
  stats: { connections: number; authenticated: number; failedAuth: number };
  /** Closes every open connection (as a game server restart would). */
  dropConnections(): void;
  close(): Promise<void>;
}

export function encodePacket(id: number, type: number, body: string): Buffer {
  const payload = Buffer.from(body, 'ascii');
  const packet = Buffer.alloc(payload.length + 14);
  packet.writeInt32LE(payload.length + 10, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  payload.copy(packet, 12);
  return packet;
}

/** Splits a stream's bytes into packets; returns the packets and what is left over. */
export function decodePackets(buffer: Buffer): {
  packets: Array<{ id: number; type: number; body: string }>;
  rest: Buffer;
} {
  const packets: Array<{ id: number; type: number; body: string }> = [];
  let offset = 0;
  while (buffer.length - offset >= 4) {
    const length = buffer.readInt32LE(offset);
    if (length < 10) throw new Error(`bad RCON packet length ${length}`);
    if (buffer.length - offset - 4 < length) break;
    const id = buffer.readInt32LE(offset + 4);
    const type = buffer.readInt32LE(offset + 8);
    const body = buffer.subarray(offset + 12, offset + 4 + length - 2).toString('ascii');
    packets.push({ id, type, body });
    offset += 4 + length;
  }
  return { packets, rest: buffer.subarray(offset) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startRconServer(options: RconServerOptions): Promise<RconServer> {
  const sockets = new Set<Socket>();
  const received: ReceivedCommand[] = [];
  const stats = { connections: 0, authenticated: 0, failedAuth: 0 };
  let executed = 0;
  const state = { players: options.players ?? [] };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    stats.connections += 1;
    const connection = stats.connections;
    let authenticated = false;
    let pending: Buffer = Buffer.alloc(0);
    // One packet at a time, in order, as a game server's console thread does.
    let queue = Promise.resolve();
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      let decoded: ReturnType<typeof decodePackets>;
      try {
        decoded = decodePackets(Buffer.concat([pending, chunk]));
      } catch {
        socket.destroy();
        return;
      }
      pending = decoded.rest;
      for (const packet of decoded.packets) {
        queue = queue.then(async () => {
          if (socket.destroyed) return;
          if (packet.type === AUTH) {
            authenticated = packet.body === options.password;
            if (authenticated) stats.authenticated += 1;
            else stats.failedAuth += 1;
            socket.write(encodePacket(authenticated ? packet.id : -1, AUTH_RESPONSE, ''));
            return;
          }
          if (packet.type !== EXEC || !authenticated) {
            socket.destroy();
            return;
          }
          received.push({ command: packet.body, at: Date.now(), connection });
          options.onCommand?.(packet.body);
          const index = packet.body === 'list' ? -1 : executed++;
          if (index >= 0 && options.closeOn?.(packet.body, index)) {
            socket.destroy();
            return;
          }
          if (options.delayMs) await sleep(options.delayMs);
          const reply =
            packet.body === 'list'
              ? `There are ${state.players.length} of a max of 20 players online: ${state.players.join(', ')}`
              : await (options.reply ?? ((command: string) => `Executed: ${command}`))(packet.body);
          if (!socket.destroyed) socket.write(encodePacket(packet.id, RESPONSE, reply));
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the RCON double has no port');
  return {
    host: '127.0.0.1',
    port: address.port,
    received,
    commands: () => received.filter((r) => r.command !== 'list').map((r) => r.command),
    get players() {
      return state.players;
    },
    set players(names: string[]) {
      state.players = names;
    },
    options,
    stats,
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
