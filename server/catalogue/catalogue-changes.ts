import type { Database } from '../db/database';

/**
 * A counter per database that moves on when an operator changes the catalogue on this node, so
 * the rendered first screens kept by this node (ADR 0041) are rendered again at once instead of
 * being served for up to 15 s more. Other nodes share no memory: they serve the change within
 * their render cache's time.
 */
const generations = new WeakMap<Database, number>();

export function catalogueGeneration(db: Database): number {
  return generations.get(db) ?? 0;
}

/** This node changed the catalogue of `db` (after the change is committed). */
export function catalogueChanged(db: Database): void {
  generations.set(db, catalogueGeneration(db) + 1);
}
