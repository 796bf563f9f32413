import { asc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import type { Database } from '../db/database';
import { deliveries, gameServers } from '../db/schema';

export type OrderDelivery = components['schemas']['OrderDelivery'];

interface Row {
  orderId: number;
  gameServerId: number;
  server: string;
  position: number;
  state: 'queued' | 'leased' | 'done' | 'failed' | 'uncertain';
  condition: 'online' | 'any';
  player: string;
  finishedAt: Date | null;
}

/**
 * What the customer sees of each order's delivery: `attention` when a command failed or is
 * uncertain; `delivered` when all are done; `waiting` when the next command of a server may run
 * only while the player is there; otherwise `queued`. Orders without rows: `none`.
 */
export function deliveryOf(rows: Row[]): OrderDelivery {
  const first = rows[0];
  if (first === undefined) return { status: 'none' };
  const player = first.player;
  if (rows.some((row) => row.state === 'failed' || row.state === 'uncertain'))
    return { status: 'attention', player };
  if (rows.every((row) => row.state === 'done')) {
    const last = Math.max(...rows.map((row) => row.finishedAt?.getTime() ?? 0));
    return { status: 'delivered', player, delivered_at: new Date(last).toISOString() };
  }
  // The next command of each server (rows come in position order).
  const next = new Map<number, Row>();
  for (const row of rows)
    if (row.state !== 'done' && !next.has(row.gameServerId)) next.set(row.gameServerId, row);
  const waiting = [...next.values()].find((row) => row.state === 'queued' && row.condition === 'online');
  return waiting === undefined
    ? { status: 'queued', player }
    : { status: 'waiting', player, server: waiting.server };
}

/** The delivery of each of these orders, by order id. */
export async function deliveriesOfOrders(
  db: Database,
  orderIds: number[],
): Promise<Map<number, OrderDelivery>> {
  const result = new Map<number, OrderDelivery>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: deliveries.orderId,
      gameServerId: deliveries.gameServerId,
      server: gameServers.name,
      position: deliveries.position,
      state: deliveries.state,
      condition: deliveries.condition,
      player: deliveries.player,
      finishedAt: deliveries.finishedAt,
    })
    .from(deliveries)
    .innerJoin(gameServers, eq(gameServers.id, deliveries.gameServerId))
    .where(inArray(deliveries.orderId, orderIds))
    .orderBy(asc(deliveries.orderId), asc(deliveries.position));
  for (const id of orderIds) result.set(id, deliveryOf(rows.filter((row) => row.orderId === id)));
  return result;
}
