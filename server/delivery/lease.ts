import type { components } from '../../domain/contract';
import type { Database } from '../db/database';
import { defineStatement, runStatement, transaction } from '../db/statement';
import { mailQueued, QUEUE_DELIVERY_MAIL } from '../mail/queue';

/**
 * The agent side of the delivery queue (ADR 0031): lease, start, report, and the expiry of leases.
 *
 * - Lease: the head of each order's commands on this server (every earlier command done or
 *   failed) is locked `FOR UPDATE SKIP LOCKED`, oldest order first; the queued commands right
 *   behind a head join its lease while their condition holds. Another lessee skips the locked
 *   heads and never sees a follower as a head (its predecessor is not settled), so no row is
 *   handed out twice and no order's commands overtake each other.
 * - Start: exactly one caller gets a live, unstarted lease of an attempt marked started; only
 *   that caller may run the command.
 * - Expiry: an expired lease goes back to `queued` (or `failed` after `maxLeases` leases), unless
 *   started: then `uncertain`, never leased again.
 */

export type LeasedDelivery = components['schemas']['LeasedDelivery'];

export interface LeaseOptions {
  gameServerId: number;
  /** Lower-cased names of the players on the server. */
  onlinePlayers: string[];
  max: number;
  holder: string;
  leaseMs: number;
}

type LeasedRow = {
  id: number;
  attempt: number;
  order_id: number;
  player: string;
  command: string;
  condition: 'online' | 'any';
  expires_ms: number;
};

const lockHeads = defineStatement<{ id: number; order_id: number; position: number }>(
  'bf_delivery_lock_heads',
  `select d.id, d.order_id, d.position
   from deliveries d
   where d.game_server_id = $1::int and d.state = 'queued'
     and (d.condition = 'any' or lower(d.player) = any($2::text[]))
     and not exists (
       select 1 from deliveries e
       where e.order_id = d.order_id and e.game_server_id = d.game_server_id
         and e.position < d.position and e.state not in ('done', 'failed'))
   order by d.order_id, d.position
   limit $3::int
   for update skip locked`,
);

const followers = defineStatement<{ id: number; order_id: number; position: number; eligible: boolean }>(
  'bf_delivery_followers',
  `select d.id, d.order_id, d.position,
          (d.state = 'queued' and (d.condition = 'any' or lower(d.player) = any($3::text[]))) as eligible
   from deliveries d
   where d.game_server_id = $1::int and d.order_id = any($2::int[])
     and d.state not in ('done', 'failed')
   order by d.order_id, d.position
   for update`,
);

const markLeased = defineStatement<LeasedRow>(
  'bf_delivery_mark_leased',
  `update deliveries
   set state = 'leased', lease_count = lease_count + 1, lease_holder = $2,
       lease_expires_at = now() + ($3::int * interval '1 millisecond'), updated_at = now()
   where id = any($1::int[])
   returning id, attempt, order_id, player, command, condition::text as condition,
             floor(extract(epoch from lease_expires_at) * 1000)::float8 as expires_ms`,
);

const intArray = (ids: number[]) => `{${ids.join(',')}}`;
const textArray = (values: string[]) =>
  `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/** Leases up to `max` deliveries of the server, in order (see above). */
export function leaseDeliveries(db: Database, options: LeaseOptions): Promise<LeasedDelivery[]> {
  return transaction(db, async (tx) => {
    const online = textArray(options.onlinePlayers);
    const heads = await runStatement(tx, lockHeads, [options.gameServerId, online, options.max]);
    if (heads.length === 0) return [];
    const headIds = new Set(heads.map((head) => head.id));
    const chosen: number[] = [];
    const rest = await runStatement(tx, followers, [
      options.gameServerId,
      intArray([...new Set(heads.map((head) => head.order_id))]),
      online,
    ]);
    // Per order: the head, then the commands right behind it while they may go now.
    let order = -1;
    let open = false;
    for (const row of rest) {
      if (row.order_id !== order) {
        order = row.order_id;
        open = false;
      }
      if (headIds.has(row.id)) open = true;
      else if (!open) continue;
      if (!row.eligible || chosen.length >= options.max) {
        open = false;
        continue;
      }
      chosen.push(row.id);
    }
    const leased = await runStatement(tx, markLeased, [intArray(chosen), options.holder, options.leaseMs]);
    const byId = new Map(leased.map((row) => [row.id, row]));
    return chosen.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined
        ? []
        : [
            {
              delivery_id: row.id,
              attempt: row.attempt,
              order_id: row.order_id,
              player: row.player,
              command: row.command,
              condition: row.condition,
              lease_expires_at: new Date(row.expires_ms).toISOString(),
            },
          ];
    });
  });
}

const expire = defineStatement<{ n: number }>(
  'bf_delivery_expire_leases',
  `with expired as (
     update deliveries
     set state = (case when started_at is not null then 'uncertain'
                       when lease_count >= $1::int then 'failed'
                       else 'queued' end)::delivery_state,
         note = case when started_at is not null then 'The lease expired after the start: it may have run.'
                     when lease_count >= $1::int then 'Leased ' || lease_count || ' times without a start.'
                     else note end,
         finished_at = case when started_at is not null or lease_count >= $1::int then now() else finished_at end,
         lease_holder = null, lease_expires_at = null, updated_at = now()
     where state = 'leased' and lease_expires_at <= now()
     returning 1
   )
   select count(*)::int as n from expired`,
);

/** Ends every expired lease (any server). Returns how many. */
export async function expireLeases(db: Database, maxLeases: number): Promise<number> {
  const [row] = await runStatement(db, expire, [maxLeases]);
  return row?.n ?? 0;
}

const start = defineStatement<{ id: number }>(
  'bf_delivery_start',
  `update deliveries set started_at = now(), updated_at = now()
   where id = $1::int and attempt = $2::int and game_server_id = $3::int
     and state = 'leased' and started_at is null and lease_expires_at > now()
   returning id`,
);

/** Marks a leased attempt started; false when the caller must not run it. */
export async function startDelivery(
  db: Database,
  gameServerId: number,
  deliveryId: number,
  attempt: number,
): Promise<boolean> {
  const rows = await runStatement(db, start, [deliveryId, attempt, gameServerId]);
  return rows.length === 1;
}

export type DeliveryResult = components['schemas']['DeliveryResult'];

const report = defineStatement<{ n: number; mailed: number }>(
  'bf_delivery_report',
  `with input as (
     select * from json_to_recordset($2::json) as x(delivery_id int, attempt int, outcome text, reply text)
   ), settled as (
     update deliveries d
     set state = i.outcome::delivery_state, reply = i.reply, finished_at = now(), updated_at = now(),
         lease_holder = null, lease_expires_at = null
     from input i
     where d.id = i.delivery_id and d.attempt = i.attempt and d.game_server_id = $1::int
       and d.state in ('leased', 'queued', 'uncertain')
       and not (d.state = 'uncertain' and i.outcome = 'uncertain')
     returning d.id, d.order_id, d.state
   ), completed as (
     -- Orders this report finished: every delivery done, some of them just now.
     select s.order_id from settled s
     group by s.order_id
     having bool_and(s.state = 'done')
        and not exists (select 1 from deliveries o
                        where o.order_id = s.order_id and o.state <> 'done'
                          and o.id not in (select id from settled))
   ), mailed as (
     ${QUEUE_DELIVERY_MAIL}
   )
   select (select count(*)::int from settled) as n, (select count(*)::int from mailed) as mailed`,
);

/**
 * The orders of these deliveries, locked in id order: two reports that finish the last deliveries
 * of one order (on two game servers) take turns, so the second sees the first's rows done and
 * queues the order's delivery mail. An operator's change takes the same lock first (operator.ts).
 */
export const lockOrdersOf = defineStatement<{ id: number }>(
  'bf_delivery_lock_orders',
  `select o.id from orders o
   where o.id in (select order_id from deliveries where id = any($1::int[]))
   order by o.id
   for update of o`,
);

/**
 * Applies an agent's results: each counts while its attempt is current and the delivery is not
 * settled (`done`, `failed`), also after its lease expired. The same report twice changes nothing.
 * The report that leaves all of an order's deliveries done queues its mail (server/mail/queue.ts).
 */
export async function reportResults(
  db: Database,
  gameServerId: number,
  results: DeliveryResult[],
): Promise<number> {
  // One result per delivery and attempt: the first one sent.
  const seen = new Set<string>();
  const unique = results.filter((result) => {
    const key = `${result.delivery_id}:${result.attempt}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const input = unique.map((result) => ({ ...result, reply: result.reply ?? null }));
  const ids = `{${unique.map((result) => result.delivery_id).join(',')}}`;
  const [row] = await transaction(db, async (tx) => {
    await runStatement(tx, lockOrdersOf, [ids]);
    return runStatement(tx, report, [gameServerId, JSON.stringify(input)]);
  });
  if ((row?.mailed ?? 0) > 0) mailQueued();
  return row?.n ?? 0;
}
