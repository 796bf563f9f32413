// The built server (`node dist/server/main.js`, what `npm start` runs) on a free port with a fresh
// embedded database and mail outbox; its log goes to test-results/e2e/<name>-server.log.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ARTIFACTS_DIR } from './artifacts';

const STARTUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
  /** Stops the server process and keeps its data: the app in a browser meets a server that is away. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data, and waits until it answers. */
  resume(): Promise<void>;
}

/** A port the OS has just handed out and released. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port from the OS');
  return address.port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(baseURL: string, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${log}`);
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(250);
  }
  throw new Error(`the server did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000} s; see ${log}`);
}

/** Starts the built server; `env` adds to (or overrides) its environment, e.g. a short payment timeout. */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'blockfront-e2e-data-'));
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = join(ARTIFACTS_DIR, `${name}-server.log`);
  const output = openSync(log, 'w');
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const launch = () =>
    spawn('node', ['--enable-source-maps', 'dist/server/main.js'], {
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'info',
        ...env,
      },
      // Its own process group, so stopping it takes anything it started along.
      detached: true,
      stdio: ['ignore', output, output],
    });
  let child = launch();
  const pause = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      const stopped = await Promise.race([exited(child).then(() => true), delay(STOP_TIMEOUT_MS, false)]);
      if (!stopped) {
        process.kill(-child.pid, 'SIGKILL');
        await exited(child);
      }
    }
  };
  const stop = async () => {
    await pause();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const resume = async () => {
    child = launch();
    await waitForHealth(baseURL, child, log);
  };
  try {
    await waitForHealth(baseURL, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop, pause, resume };
}
