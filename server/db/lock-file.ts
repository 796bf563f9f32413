import fs from 'node:fs';

/** Lock files held by this process, so a second opener in the same process is refused too. */
const held = new Set<string>();

export class LockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory is in use by another process (pid ${ownerPid}, lock file ${lockPath}). ` +
        'The embedded database serves one process only: stop the other server, or set DATABASE_URL ' +
        'to run several API nodes on PostgreSQL.',
    );
    this.name = 'LockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes an exclusive lock by creating `lockPath` with this process's pid in it. A lock left by a
 * process that no longer runs is taken over. Our own pid in a lock we do not hold is stale as
 * well: it happens when a container restarts and the server gets the same pid again.
 * Returns the release function.
 */
export function acquireLockFile(lockPath: string): () => void {
  if (held.has(lockPath)) throw new LockedError(lockPath, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      held.add(lockPath);
      return () => release(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    if (owner !== undefined && owner !== process.pid && isAlive(owner))
      throw new LockedError(lockPath, owner);
    fs.rmSync(lockPath, { force: true });
  }
  throw new LockedError(lockPath, readOwner(lockPath) ?? 0);
}

function release(lockPath: string): void {
  if (!held.delete(lockPath)) return;
  if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
}
