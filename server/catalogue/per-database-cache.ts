import type { Database } from '../db/database';

/** A value being read or read, and when its read began. */
export interface KeptRead<T> {
  readAt: number;
  value: Promise<T>;
}

/** Where kept reads live: a WeakMap by database, or a bounded Map of keys. */
export interface KeptReads<K, T> {
  get(key: K): KeptRead<T> | undefined;
  set(key: K, read: KeptRead<T>): unknown;
  delete(key: K): unknown;
}

/**
 * The value `reads` keeps under `key` while its read is younger than `ttlMs`, else `load`ed and
 * kept. Requests that arrive while it is being read share that read; a failed read is not kept.
 */
export function keptRead<K, T>(
  reads: KeptReads<K, T>,
  key: K,
  ttlMs: number,
  load: () => PromiseLike<T>,
): Promise<T> {
  const now = Date.now();
  const entry = reads.get(key);
  // A clock that went back since the read cannot vouch for its age: read again.
  if (entry !== undefined && now >= entry.readAt && now - entry.readAt < ttlMs) return entry.value;
  // Settled once: a query builder is a thenable that would run again on every `await`.
  const value = Promise.resolve(load());
  reads.set(key, { readAt: now, value });
  value.catch(() => {
    if (reads.get(key)?.value === value) reads.delete(key);
  });
  return value;
}

/**
 * A value read from the database and kept for `ttlMs` per database (`keptRead`), so apps on
 * different databases (tests) never see each other's. API nodes share no memory: each one serves
 * a change within `ttlMs`, not at once.
 */
export class PerDatabaseCache<T> {
  private readonly entries = new WeakMap<Database, KeptRead<T>>();

  constructor(private readonly ttlMs: number) {}

  get(db: Database, load: () => PromiseLike<T>): Promise<T> {
    return keptRead(this.entries, db, this.ttlMs, load);
  }

  /** The next `get` reads again: this node changed the value. */
  forget(db: Database): void {
    this.entries.delete(db);
  }
}
