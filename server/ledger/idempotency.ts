import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { idempotencyKeys } from '../db/schema';

/** A customer's Idempotency-Key for one request: `fingerprint` tells the same request from another. */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  fingerprint: string;
}

/** The first answer to a key, replayed for its retries. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type KeyState =
  | { kind: 'new' }
  | { kind: 'answered'; answer: StoredAnswer }
  /** A card checkout made its order but the provider's page was not opened (yet). */
  | { kind: 'opening'; orderId: number | null };

/** How long a key is kept: a retry a day later is a new request. */
export const KEY_LIFETIME_MS = 24 * 60 * 60_000;

/** The same key sent with another request (another body or operation); nothing was done. */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super('The Idempotency-Key was used for another request');
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** JSON with object keys sorted, so that the order of a body's fields does not matter. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What tells one request from another under the same key: the operation and its body, less
 * `lang_id`, which only picks the language of the answer (a retry after the customer switched
 * language is the same request, answered as it was first answered).
 */
export function requestFingerprint(operationId: string, body: unknown): string {
  const request =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? { ...body, lang_id: undefined }
      : body;
  return createHash('sha256')
    .update(`${operationId}\n${canonicalJson(request)}`)
    .digest('base64url');
}

function byClaim(claim: IdempotencyClaim) {
  return and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
}

/**
 * What the key has done so far. Runs inside the transaction that holds the customer's row lock
 * (`lockBalance`), so a concurrent request with the same key waits there and then sees the first
 * one's row. Throws `IdempotencyKeyReusedError` for the same key with another request; forgets a
 * key older than `KEY_LIFETIME_MS`.
 */
export async function readKey(tx: Database, claim: IdempotencyClaim, now = new Date()): Promise<KeyState> {
  const [row] = await tx.select().from(idempotencyKeys).where(byClaim(claim));
  if (row === undefined) return { kind: 'new' };
  if (now.getTime() - row.createdAt.getTime() > KEY_LIFETIME_MS) {
    await tx.delete(idempotencyKeys).where(byClaim(claim));
    return { kind: 'new' };
  }
  if (row.fingerprint !== claim.fingerprint) throw new IdempotencyKeyReusedError();
  if (row.status !== null) return { kind: 'answered', answer: { status: row.status, body: row.body } };
  return { kind: 'opening', orderId: row.orderId };
}

/** Keeps the key with the order it made, if any, and, once known, the answer (a later answer replaces none). */
export async function keepKey(
  db: Database,
  claim: IdempotencyClaim,
  orderId: number | null,
  answer?: StoredAnswer,
): Promise<void> {
  const values = {
    userId: claim.userId,
    key: claim.key,
    fingerprint: claim.fingerprint,
    orderId,
    status: answer?.status ?? null,
    body: answer?.body ?? null,
  };
  await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { status: values.status, body: values.body, orderId },
    });
}

/** Lets a key go, when what it started failed and changed nothing the customer needs to replay. */
export async function releaseKey(db: Database, claim: IdempotencyClaim): Promise<void> {
  await db.delete(idempotencyKeys).where(byClaim(claim));
}

/**
 * Runs `change` once per key, for a request done whole inside the transaction `tx` (an operator's
 * money call): the first request inserts the key's row, a concurrent one with the same key waits on
 * that row and then gets the first answer, and the same key with another request throws
 * `IdempotencyKeyReusedError`. A refusal rolls the key back with everything else, so a retry is
 * judged again.
 */
export async function changeOnce<T extends object>(
  tx: Database,
  claim: IdempotencyClaim,
  change: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  await tx
    .delete(idempotencyKeys)
    .where(and(byClaim(claim), lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS))));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, fingerprint: claim.fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const state = await readKey(tx, claim, now);
    // The answer is kept in the transaction that claimed the key, so a committed claim has one.
    if (state.kind !== 'answered') throw new Error(`Idempotency-Key ${claim.key} has no answer`);
    return state.answer.body as T;
  }
  const answer = await change();
  await keepKey(tx, claim, null, { status: 200, body: answer });
  return answer;
}
