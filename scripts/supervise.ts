import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * The exit status that reports how a child ended, as a shell reports it: its own code, or
 * 128 + the signal's number when a signal ended it (137 after SIGKILL), so a supervisor of
 * `npm start` sees a crash as a failure and restarts it.
 */
export function exitCodeFor(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  if (signal !== null) return 128 + (constants.signals[signal] ?? 0);
  return 1;
}

/** Runs a command in the foreground: forwards SIGINT and SIGTERM to it and exits as it exits. */
export function supervise(command: string, args: string[]): void {
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`start: could not run ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(exitCodeFor(code, signal)));
}
