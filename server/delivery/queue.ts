import { createHash } from 'node:crypto';
import { fillTemplate, UnsafeCommandValueError } from '../../domain/delivery-command';
import type { Database } from '../db/database';
import { defineStatement, runStatement } from '../db/statement';

/**
 * The delivery rows of a paid order (ADR 0031), written in the transaction that makes it paid:
 * one per order line, game server and command, numbered in order (line by line, each line's
 * commands in their order). Called wherever an order becomes paid (`payNow` of the checkout, the
 * payment webhook): the order's player and lines are read here, so both write the same rows.
 */

/** The name-based UUID an offline-mode server gives a player (Java's `UUID.nameUUIDFromBytes`). */
export function offlineUuid(player: string): string {
  const bytes = createHash('md5').update(`OfflinePlayer:${player}`, 'utf8').digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x30;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface CommandOfLine {
  line_id: number;
  product_id: number;
  slug: string;
  count: number;
  game_server_id: number;
  template: string;
  condition: 'online' | 'any';
}

const orderCommands = defineStatement<{ player: string | null; commands: string }>(
  'bf_delivery_order_commands',
  `select o.player,
          coalesce(json_agg(json_build_object(
            'line_id', l.id, 'product_id', p.id, 'slug', p.slug, 'count', l.count,
            'game_server_id', c.game_server_id, 'template', c.template, 'condition', c.condition)
            order by l.id, c.position) filter (where c.id is not null), '[]')::text as commands
   from orders o
   left join order_lines l on l.order_id = o.id
   left join products p on p.id = l.product_id
   left join product_commands c on c.product_id = p.id
   where o.id = $1::int
   group by o.id`,
);

const insertDeliveries = defineStatement<{ n: number }>(
  'bf_delivery_insert',
  `with rows as (
     insert into deliveries (order_id, order_line_id, product_id, game_server_id, position, player,
                             command, condition, state, note, finished_at)
     select $1::int, x.line_id, x.product_id, x.game_server_id, x.position, $2, x.command,
            x.condition::delivery_condition, x.state::delivery_state, x.note,
            case when x.state = 'failed' then now() end
     from json_to_recordset($3::json) as x(line_id int, product_id int, game_server_id int, position int,
                                           command text, condition text, state text, note text)
     on conflict (order_id, game_server_id, position) do nothing
     returning 1
   )
   select count(*)::int as n from rows`,
);

/** Whether any of these products has delivery commands: then the order needs a player. */
export const productsNeedPlayer = defineStatement<{ needs: boolean }>(
  'bf_delivery_products_need_player',
  `select exists (select 1 from product_commands where product_id = any($1::int[])) as needs`,
);

export async function needsPlayer(db: Database, productIds: number[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const [row] = await runStatement(db, productsNeedPlayer, [`{${productIds.join(',')}}`]);
  return row?.needs === true;
}

/** Listeners told when deliveries were queued in this process (the long-poll wakes up early). */
const queuedListeners = new Set<() => void>();

export function onDeliveriesQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Wakes this process's long-polls: call after the transaction that queued deliveries committed. */
export function deliveriesQueued(): void {
  for (const listener of queuedListeners) listener();
}

/**
 * Writes the order's delivery rows; a second call for the same order adds nothing. A template
 * that cannot be filled safely (saved before a rule changed) gives a `failed` row for the
 * operator instead of failing the payment. Returns how many rows were written.
 */
export async function queueDeliveries(tx: Database, orderId: number): Promise<number> {
  const [order] = await runStatement(tx, orderCommands, [orderId]);
  if (order === undefined) throw new Error(`no order ${orderId}`);
  const commands = JSON.parse(order.commands) as CommandOfLine[];
  if (commands.length === 0) return 0;
  const player = order.player;
  if (player === null) throw new Error(`order ${orderId} has delivery commands but no player`);
  const uuid = offlineUuid(player);
  const rows = commands.map((command, position) => {
    try {
      const text = fillTemplate(command.template, {
        player,
        uuid,
        quantity: String(command.count),
        order: String(orderId),
        product: command.slug,
      });
      return { ...command, position, command: text, state: 'queued', note: null };
    } catch (error) {
      if (!(error instanceof UnsafeCommandValueError)) throw error;
      return { ...command, position, command: command.template, state: 'failed', note: error.message };
    }
  });
  const [written] = await runStatement(tx, insertDeliveries, [orderId, player, JSON.stringify(rows)]);
  return written?.n ?? 0;
}
