import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../scripts/supervise';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `supervise` (what `npm start` ends with) on a child script, and returns the supervisor's exit status. */
function superviseExit(childScript: string): number | null {
  const program = `import { supervise } from './scripts/supervise.ts'; supervise(process.execPath, ['-e', ${JSON.stringify(childScript)}]);`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
    cwd: root,
    stdio: 'ignore',
    timeout: 30_000,
  });
  return result.status;
}

describe('npm start supervising the server', () => {
  it('exits non-zero when the server is killed by a signal', () => {
    expect(superviseExit("process.kill(process.pid, 'SIGKILL')")).toBe(137);
    expect(superviseExit("process.kill(process.pid, 'SIGTERM')")).toBe(143);
  });

  it("exits with the server's own code", () => {
    expect(superviseExit('process.exit(0)')).toBe(0);
    expect(superviseExit('process.exit(3)')).toBe(3);
  });

  it('maps how a child ended to a shell-style status', () => {
    expect(exitCodeFor(0, null)).toBe(0);
    expect(exitCodeFor(2, null)).toBe(2);
    expect(exitCodeFor(null, 'SIGKILL')).toBe(137);
    expect(exitCodeFor(null, 'SIGINT')).toBe(130);
    expect(exitCodeFor(null, null)).toBe(1);
  });
});
