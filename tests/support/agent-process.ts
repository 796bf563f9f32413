/**
 * The store agent as a network runs it (`npm run agent`, here `node --import tsx agent/main.ts`), in a
 * child process a test may stop, kill -9 (or have kill itself at a point of its loop: AGENT_KILL_AT)
 * and start again on the same journal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { SAFETY_NET } from './timeouts';

const root = resolve(import.meta.dirname, '../..');

export interface AgentProcess {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the output matches `pattern`; rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface AgentEnv {
  BLOCKFRONT_URL: string;
  BLOCKFRONT_SECRET: string;
  RCON_HOST?: string;
  RCON_PORT?: string;
  RCON_PASSWORD?: string;
  AGENT_JOURNAL: string;
  [name: string]: string | undefined;
}

export function startAgent(env: AgentEnv, args: string[] = []): AgentProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(BLOCKFRONT_|RCON_|AGENT_)/.test(name) && name !== 'NODE_OPTIONS',
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'agent/main.ts', ...args], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      // Let the last output arrive.
      setImmediate(() => {
        done({ code, signal });
        for (const listener of listeners) listener();
      });
    });
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = SAFETY_NET.agentMs) {
      return new Promise<void>((resolveWait, reject) => {
        const check = () => {
          if (pattern.test(text)) {
            cleanup();
            resolveWait();
          } else if (gone) {
            cleanup();
            reject(new Error(`the agent exited before printing ${pattern}:\n${text}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the agent did not print ${pattern} within ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async kill(signal = 'SIGKILL') {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}
