import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { components } from '../../domain/contract';
import { PLACEHOLDERS, type TemplateProblem, templateProblem } from '../../domain/delivery-command';
import type { Database } from '../db/database';
import { deliveries, gameServers, productCommands, products, users } from '../db/schema';
import { runStatement, transaction } from '../db/statement';
import { mailQueued, queueDeliveryMailIfDone } from '../mail/queue';
import { type Actor, audit } from '../operator/audit';
import { lockOrdersOf } from './lease';

export type ProductCommand = components['schemas']['ProductCommand'];
export type Delivery = components['schemas']['Delivery'];
export type DeliveryState = components['schemas']['DeliveryState'];

/** The product's slug, or null when there is no such product. */
export async function productSlug(db: Database, productId: number): Promise<string | null> {
  const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
  return row?.slug ?? null;
}

export async function productCommandsOf(db: Database, productId: number): Promise<ProductCommand[]> {
  const rows = await db
    .select()
    .from(productCommands)
    .where(eq(productCommands.productId, productId))
    .orderBy(asc(productCommands.position));
  return rows.map((row) => ({
    game_server_id: row.gameServerId,
    template: row.template,
    condition: row.condition,
  }));
}

/** What is wrong with each command, keyed `commands.<index>.<field>`. */
export type CommandProblems = Record<string, TemplateProblem | { kind: 'unknownServer' }>;

export async function commandProblems(
  db: Database,
  slug: string,
  commands: ProductCommand[],
): Promise<CommandProblems> {
  const servers = new Set((await db.select({ id: gameServers.id }).from(gameServers)).map((row) => row.id));
  const problems: CommandProblems = {};
  commands.forEach((command, index) => {
    if (!servers.has(command.game_server_id))
      problems[`commands.${index}.game_server_id`] = { kind: 'unknownServer' };
    const problem = templateProblem(command.template, slug);
    if (problem !== null) problems[`commands.${index}.template`] = problem;
  });
  return problems;
}

export const ALLOWED_PLACEHOLDERS = PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** Replaces the product's whole list, in one transaction with its audit row. */
export function setProductCommands(
  db: Database,
  actor: Actor,
  productId: number,
  commands: ProductCommand[],
): Promise<ProductCommand[]> {
  return transaction(db, async (tx) => {
    // The product's row serialises two operators saving its list at once.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const before = await productCommandsOf(tx, productId);
    await tx.delete(productCommands).where(eq(productCommands.productId, productId));
    if (commands.length > 0) {
      await tx.insert(productCommands).values(
        commands.map((command, position) => ({
          productId,
          gameServerId: command.game_server_id,
          position,
          template: command.template,
          condition: command.condition,
        })),
      );
    }
    await audit(tx, actor, {
      action: 'product.commands',
      entity: 'product',
      entityId: productId,
      before,
      after: commands,
    });
    return commands;
  });
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

const deliveryColumns = {
  row: deliveries,
  server: gameServers.name,
};

function toDelivery({ row, server }: { row: typeof deliveries.$inferSelect; server: string }): Delivery {
  return {
    id: row.id,
    order_id: row.orderId,
    order_line_id: row.orderLineId,
    product_id: row.productId,
    game_server_id: row.gameServerId,
    game_server: server,
    position: row.position,
    player: row.player,
    command: row.command,
    condition: row.condition,
    state: row.state,
    attempt: row.attempt,
    lease_count: row.leaseCount,
    lease_holder: row.leaseHolder,
    lease_expires_at: iso(row.leaseExpiresAt),
    started_at: iso(row.startedAt),
    reply: row.reply,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: iso(row.finishedAt),
  };
}

export interface DeliveryFilter {
  state?: DeliveryState | undefined;
  game_server_id?: number | undefined;
  order_id?: number | undefined;
  player?: string | undefined;
  before_id?: number | undefined;
  limit: number;
}

export async function listDeliveries(db: Database, filter: DeliveryFilter): Promise<Delivery[]> {
  const conditions: SQL[] = [];
  if (filter.state !== undefined) conditions.push(eq(deliveries.state, filter.state));
  if (filter.game_server_id !== undefined)
    conditions.push(eq(deliveries.gameServerId, filter.game_server_id));
  if (filter.order_id !== undefined) conditions.push(eq(deliveries.orderId, filter.order_id));
  if (filter.player !== undefined)
    conditions.push(sql`lower(${deliveries.player}) = lower(${filter.player})`);
  if (filter.before_id !== undefined) conditions.push(sql`${deliveries.id} < ${filter.before_id}`);
  const rows = await db
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(gameServers, eq(gameServers.id, deliveries.gameServerId))
    .where(and(...conditions))
    .orderBy(desc(deliveries.id))
    .limit(filter.limit);
  return rows.map(toDelivery);
}

export class DeliveryStateError extends Error {
  constructor(readonly state: DeliveryState) {
    super(`Not allowed for a delivery that is ${state}`);
    this.name = 'DeliveryStateError';
  }
}

async function lockedDelivery(tx: Database, id: number) {
  const [row] = await tx
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(gameServers, eq(gameServers.id, deliveries.gameServerId))
    .where(eq(deliveries.id, id))
    .for('update', { of: deliveries });
  return row;
}

const auditView = (delivery: Delivery) => ({
  state: delivery.state,
  attempt: delivery.attempt,
  lease_count: delivery.lease_count,
  note: delivery.note,
});

/**
 * An operator's change of one delivery, in one transaction with its audit row: refused with
 * DeliveryStateError unless `allowed` says the delivery's state may take it; any lease is dropped.
 */
async function changeDelivery(
  db: Database,
  actor: Actor,
  id: number,
  action: 'delivery.requeue' | 'delivery.resolve',
  allowed: (state: Delivery['state']) => boolean,
  changes: PgUpdateSetSource<typeof deliveries>,
): Promise<Delivery | null> {
  let mailed = false;
  const changed = await transaction(db, async (tx) => {
    // The order first, as an agent's report takes it (lease.ts `lockOrdersOf`).
    await runStatement(tx, lockOrdersOf, [`{${id}}`]);
    const current = await lockedDelivery(tx, id);
    if (current === undefined) return null;
    const before = toDelivery(current);
    if (!allowed(before.state)) throw new DeliveryStateError(before.state);
    const [row] = await tx
      .update(deliveries)
      .set({ ...changes, leaseHolder: null, leaseExpiresAt: null, updatedAt: new Date() })
      .where(eq(deliveries.id, id))
      .returning();
    if (row === undefined) return null;
    const after = toDelivery({ row, server: current.server });
    if (after.state === 'done') mailed = await queueDeliveryMailIfDone(tx, row.orderId);
    await audit(tx, actor, {
      action,
      entity: 'delivery',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  if (mailed) mailQueued();
  return changed;
}

/** A new attempt of a failed or uncertain delivery: back to `queued`, its leases counted afresh. */
export function requeueDelivery(
  db: Database,
  actor: Actor,
  id: number,
  note: string | undefined,
): Promise<Delivery | null> {
  return changeDelivery(
    db,
    actor,
    id,
    'delivery.requeue',
    (state) => state === 'failed' || state === 'uncertain',
    {
      state: 'queued',
      attempt: sql`${deliveries.attempt} + 1`,
      leaseCount: 0,
      startedAt: null,
      reply: null,
      finishedAt: null,
      note: note ?? null,
    },
  );
}

/** Settles a delivery by hand after the operator looked in game. */
export function resolveDelivery(
  db: Database,
  actor: Actor,
  id: number,
  outcome: 'done' | 'failed',
  note: string,
): Promise<Delivery | null> {
  return changeDelivery(
    db,
    actor,
    id,
    'delivery.resolve',
    (state) => state !== 'leased' && state !== 'done',
    { state: outcome, note, finishedAt: new Date() },
  );
}

/** Gives the account with this email the operator role; false when there is none. */
export function grantOperator(db: Database, actor: Actor, email: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for('update');
    if (user === undefined) return false;
    if (user.role === 'operator') return true;
    await tx.update(users).set({ role: 'operator', updatedAt: new Date() }).where(eq(users.id, user.id));
    await audit(tx, actor, {
      action: 'account.grant_operator',
      entity: 'user',
      entityId: user.id,
      before: { role: user.role },
      after: { role: 'operator' },
    });
    return true;
  });
}
