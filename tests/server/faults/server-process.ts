// The API server as `npm start` runs it (server/main.ts, here through tsx so no build is needed),
// on loopback, in a process the fault tests may kill -9 and start again on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../../e2e/support/server';

const STARTUP_TIMEOUT_MS = 120_000;
export const LOG_DIR = join('test-results', 'faults');

export interface ServerProcess {
  baseURL: string;
  /** Sends a signal and waits until the process is gone. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Starts the server with `env` on a free port and waits for /api/health; its log goes to LOG_DIR. */
export async function startServer(
  name: string,
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${listenOn}`;
  mkdirSync(LOG_DIR, { recursive: true });
  const log = join(LOG_DIR, `${name}.log`);
  const output = openSync(log, 'a');
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...inherited, PORT: String(listenOn), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', output, output],
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the server did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000} s; see ${log}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  return {
    baseURL,
    async kill(signal) {
      const done = exited(child);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return done;
    },
  };
}
