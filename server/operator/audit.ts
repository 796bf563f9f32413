import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { auditLog } from '../db/schema';

/** Who did it: an operator's account, or the command line on the store's machine. */
export interface Actor {
  userId: number | null;
  /** The operator's email, or `cli`. */
  label: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** One audit row, in the caller's transaction (the same one as the change it records). */
export async function audit(tx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.userId,
    actor: actor.label,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditFilter {
  entity?: string | undefined;
  entity_id?: string | undefined;
  /** An operator's email or `cli`, case-insensitive. */
  actor?: string | undefined;
  /** Rows written at or after this time. */
  from?: Date | undefined;
  /** Rows written before this time. */
  until?: Date | undefined;
  before_id?: number | undefined;
  limit: number;
}

/** Audit rows, newest first, as the console lists them. */
export async function listAudit(db: Database, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.entity !== undefined) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entity_id !== undefined) conditions.push(eq(auditLog.entityId, filter.entity_id));
  if (filter.actor !== undefined) conditions.push(sql`lower(${auditLog.actor}) = lower(${filter.actor})`);
  if (filter.from !== undefined) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.until !== undefined) conditions.push(lt(auditLog.createdAt, filter.until));
  if (filter.before_id !== undefined) conditions.push(lt(auditLog.id, filter.before_id));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}
