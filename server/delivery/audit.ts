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
