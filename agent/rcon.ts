/**
 * The game server's console over RCON (rcon-client), or a dry run that only logs. The agent sends one
 * command at a time and waits for its reply; any failure drops the connection, so the next use
 * starts from a fresh, authenticated one.
 */
import { Rcon } from 'rcon-client';
import type { AgentFailure } from '../machines/agent';

export interface GameConsole {
  /** Connects and authenticates, unless already connected. */
  connect(): Promise<void>;
  /** Sends one command and resolves with the game server's reply. */
  send(command: string): Promise<string>;
  /** The names of the players online (`list`). */
  players(): Promise<string[]>;
  close(): Promise<void>;
}

/** Minecraft Java Edition drops RCON requests longer than this (bytes of the command). */
export const MAX_RCON_COMMAND_BYTES = 1446;

/** Why a command must not go over RCON as it is, or null. */
export function unsafeCommand(command: string): string | null {
  if (/[\r\n\0]/.test(command)) return 'The command has a line break or a NUL: it would run as two commands.';
  if (command.trim() === '') return 'The command is empty.';
  const bytes = Buffer.byteLength(command, 'utf8');
  if (bytes > MAX_RCON_COMMAND_BYTES) {
    return `The command is ${bytes} bytes long; RCON takes at most ${MAX_RCON_COMMAND_BYTES}.`;
  }
  return null;
}

/**
 * Player names from a vanilla `list` reply — "There are 2 of a max of 20 players online: Steve, Alex"
 * (1.13+), "There are 2/20 players online:\nSteve, Alex" (older), with `list uuids` suffixes
 * ("Steve (069a79f4-…)") and colour codes (§a) removed.
 */
export function parsePlayerList(reply: string): string[] {
  const text = reply.replace(/§./g, '');
  const colon = text.indexOf(':');
  if (colon < 0) return [];
  return text
    .slice(colon + 1)
    .split(/[,\n]/)
    .map((name) => name.replace(/\(.*?\)/g, '').trim())
    .filter((name) => name !== '' && !/\s/.test(name));
}

const failure = (message: string): AgentFailure => ({ kind: 'rcon', message });

export interface RconOptions {
  host: string;
  port: number;
  password: string;
  /** How long a reply may take before the command counts as lost (its outcome uncertain). */
  timeoutMs: number;
}

export class RconConsole implements GameConsole {
  private rcon: Rcon | null = null;

  constructor(private readonly options: RconOptions) {}

  async connect(): Promise<void> {
    if (this.rcon?.authenticated && this.rcon.socket) return;
    this.drop();
    const rcon = new Rcon({
      host: this.options.host,
      port: this.options.port,
      password: this.options.password,
      timeout: this.options.timeoutMs,
    });
    // A socket error is also a rejected send; without a listener the emitter would throw it.
    rcon.on('error', () => undefined);
    rcon.on('end', () => {
      if (this.rcon === rcon) this.rcon = null;
    });
    try {
      await rcon.connect();
    } catch (error) {
      rcon.socket?.destroy();
      throw failure(
        `RCON ${this.options.host}:${this.options.port}: ${(error as Error).message || String(error)}`,
      );
    }
    this.rcon = rcon;
  }

  async send(command: string): Promise<string> {
    const rcon = this.rcon;
    if (!rcon) throw failure('RCON is not connected');
    try {
      return await rcon.send(command);
    } catch (error) {
      this.drop();
      throw failure((error as Error).message || String(error));
    }
  }

  async players(): Promise<string[]> {
    return parsePlayerList(await this.send('list'));
  }

  private drop(): void {
    const rcon = this.rcon;
    this.rcon = null;
    rcon?.socket?.destroy();
  }

  async close(): Promise<void> {
    this.drop();
  }
}

export const DRY_RUN_REPLY = '(dry run: not sent to the game server)';

/** `--dry-run`: nothing reaches the game server; every command is logged and answered as sent. */
export class DryRunConsole implements GameConsole {
  constructor(
    private readonly log: (message: string) => void,
    private readonly online: string[],
  ) {}

  async connect(): Promise<void> {}

  async send(command: string): Promise<string> {
    this.log(`dry run, not sent: ${command}`);
    return DRY_RUN_REPLY;
  }

  async players(): Promise<string[]> {
    return this.online;
  }

  async close(): Promise<void> {}
}
