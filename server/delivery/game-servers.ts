import { asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import { hashToken, newToken } from '../auth/tokens';
import type { Database } from '../db/database';
import { gameServers } from '../db/schema';
import { defineStatement, runStatement, transaction } from '../db/statement';
import { type Actor, audit } from '../operator/audit';

/** A game server's secret: `gs_` and 32 random bytes; only its SHA-256 is stored. */
export function newGameServerSecret(): { secret: string; secretHash: string } {
  const secret = `gs_${newToken()}`;
  return { secret, secretHash: hashToken(secret) };
}

const SECRET_SHAPE = /^gs_[A-Za-z0-9_-]{43}$/;

const bySecret = defineStatement<{ id: number; name: string }>(
  'bf_game_server_by_secret',
  'select id, name from game_servers where secret_hash = $1 limit 1',
);

/** The game server this secret belongs to, or null. */
export async function gameServerBySecret(
  db: Database,
  secret: string,
): Promise<{ id: number; name: string } | null> {
  if (!SECRET_SHAPE.test(secret)) return null;
  const [row] = await runStatement(db, bySecret, [hashToken(secret)]);
  return row ?? null;
}

export type GameServerEntry = components['schemas']['GameServerEntry'];

const entryOf = (row: typeof gameServers.$inferSelect): GameServerEntry => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  secret_rotated_at: row.secretRotatedAt.toISOString(),
});

export async function listGameServers(db: Database): Promise<GameServerEntry[]> {
  const rows = await db
    .select()
    .from(gameServers)
    .orderBy(asc(sql`lower(${gameServers.name})`), asc(gameServers.id));
  return rows.map(entryOf);
}

export class NameTakenError extends Error {
  constructor() {
    super('A game server with this name exists already');
    this.name = 'NameTakenError';
  }
}

async function nameTaken(tx: Database, name: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: gameServers.id })
    .from(gameServers)
    .where(sql`lower(${gameServers.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptId);
}

export function createGameServer(
  db: Database,
  actor: Actor,
  name: string,
): Promise<{ id: number; name: string; secret: string }> {
  return transaction(db, async (tx) => {
    if (await nameTaken(tx, name)) throw new NameTakenError();
    const { secret, secretHash } = newGameServerSecret();
    const [row] = await tx.insert(gameServers).values({ name, secretHash }).returning();
    if (row === undefined) throw new Error('game server was not stored');
    await audit(tx, actor, {
      action: 'game_server.create',
      entity: 'game_server',
      entityId: row.id,
      after: { name },
    });
    return { id: row.id, name: row.name, secret };
  });
}

export function renameGameServer(
  db: Database,
  actor: Actor,
  id: number,
  name: string,
): Promise<GameServerEntry | null> {
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(gameServers).where(eq(gameServers.id, id)).for('update');
    if (before === undefined) return null;
    if (await nameTaken(tx, name, id)) throw new NameTakenError();
    const [after] = await tx.update(gameServers).set({ name }).where(eq(gameServers.id, id)).returning();
    if (after === undefined) return null;
    await audit(tx, actor, {
      action: 'game_server.rename',
      entity: 'game_server',
      entityId: id,
      before: { name: before.name },
      after: { name },
    });
    return entryOf(after);
  });
}

export function rotateGameServerSecret(
  db: Database,
  actor: Actor,
  id: number,
): Promise<{ id: number; name: string; secret: string } | null> {
  return transaction(db, async (tx) => {
    const { secret, secretHash } = newGameServerSecret();
    const now = new Date();
    const [row] = await tx
      .update(gameServers)
      .set({ secretHash, secretRotatedAt: now })
      .where(eq(gameServers.id, id))
      .returning();
    if (row === undefined) return null;
    await audit(tx, actor, {
      action: 'game_server.rotate_secret',
      entity: 'game_server',
      entityId: id,
      after: { secret_rotated_at: now.toISOString() },
    });
    return { id: row.id, name: row.name, secret };
  });
}
