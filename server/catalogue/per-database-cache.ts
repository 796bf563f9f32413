import type { Database } from '../db/database';

/**
 * A value read from the database and kept for `ttlMs` per database, so apps on different
 * databases (tests) never see each other's. Requests that arrive while it is being read share
 * that read; a failed read is not kept. API nodes share no memory: each one serves a change
 * within `ttlMs`, not at once.
 */
export class PerDatabaseCache<T> {
  private readonly entries = new WeakMap<Database, { readAt: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(db: Database, load: () => PromiseLike<T>): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(db);
    // A clock that went back since the read cannot vouch for its age: read again.
    if (entry !== undefined && now >= entry.readAt && now - entry.readAt < this.ttlMs) return entry.value;
    // Settled once: a query builder is a thenable that would run again on every `await`.
    const value = Promise.resolve(load());
    this.entries.set(db, { readAt: now, value });
    value.catch(() => {
      if (this.entries.get(db)?.value === value) this.entries.delete(db);
    });
    return value;
  }

  /** The next `get` reads again: this node changed the value. */
  forget(db: Database): void {
    this.entries.delete(db);
  }
}
