import { currentSettingsIn } from '../catalogue/settings-cache';
import type { Database } from '../db/database';
import { defineStatement, runStatement } from '../db/statement';
import { isLocale, type Locale } from '../i18n/messages';
import type { Mailer, MailMessage } from './mailer';
import {
  deliveryCompletedMail,
  emailChangedNotice,
  type MailContext,
  orderConfirmationMail,
  passwordChangedNotice,
  type TopUpFacts,
  topUpReceiptMail,
} from './templates';

/**
 * The mail queue (ADR 0050): a mail is a `mail_queue` row written in the transaction of
 * the change that causes it, so a rolled-back change queues nothing, and the request never waits
 * for the mail server. A sender in every API process claims due rows `FOR UPDATE SKIP LOCKED` and
 * leases them (`locked_until`), sends, then marks them sent: at least once. A process that dies
 * between the mailer's acceptance and the mark leaves the row to be sent again when its lease ends.
 * A failure puts the row back with a growing delay; no row is ever given up.
 */

export type QueuedMail =
  | { kind: 'order_confirmation'; userId: number; orderId: number }
  | { kind: 'top_up_receipt'; userId: number; paymentId: number }
  | { kind: 'password_changed'; userId: number }
  | { kind: 'email_changed'; userId: number; oldEmail: string; newEmail: string }
  | { kind: 'delivery_completed'; userId: number; orderId: number; player: string };

/** The customer's stored language, else the store's default; the name and address as they are now. */
const insertMail = defineStatement<{ id: number }>(
  'bf_mail_queue_insert',
  `insert into mail_queue (kind, user_id, recipient, locale, payload)
   select $1::mail_kind, u.id, coalesce($3, u.email),
          coalesce(ul.code, (select code from languages where is_default), 'en'),
          $4::jsonb || jsonb_build_object('name', u.name)
   from users u left join languages ul on ul.id = u.language_id
   where u.id = $2::int
   returning id`,
);

/**
 * The delivery-completed mails of the orders in a `completed (order_id)` CTE, as a data-modifying
 * CTE of the statement that settles the deliveries (server/delivery/lease.ts), so in its
 * transaction; the language and name are found as `insertMail` finds them.
 */
export const QUEUE_DELIVERY_MAIL = `insert into mail_queue (kind, user_id, recipient, locale, payload)
     select 'delivery_completed', u.id, u.email,
            coalesce(ul.code, (select code from languages where is_default), 'en'),
            jsonb_build_object('orderId', o.id, 'player', o.player, 'name', u.name)
     from completed c join orders o on o.id = c.order_id join users u on u.id = o.user_id
     left join languages ul on ul.id = u.language_id
     returning 1`;

const queueIfDelivered = defineStatement<{ mailed: number }>(
  'bf_mail_queue_if_delivered',
  `with completed as (
     select o.id as order_id from orders o
     where o.id = $1::int
       and not exists (select 1 from deliveries d where d.order_id = o.id and d.state <> 'done')
   ), mailed as (
     ${QUEUE_DELIVERY_MAIL}
   )
   select count(*)::int as mailed from mailed`,
);

/** In the transaction that just settled one of the order's deliveries as done: its mail, once all are. */
export async function queueDeliveryMailIfDone(tx: Database, orderId: number): Promise<boolean> {
  const [row] = await runStatement(tx, queueIfDelivered, [orderId]);
  return (row?.mailed ?? 0) > 0;
}

/** Queues a mail in `tx`, the transaction of its cause. Call `mailQueued()` after it commits. */
export async function queueMail(tx: Database, mail: QueuedMail): Promise<void> {
  const { kind, userId, ...facts } = mail;
  const recipient = mail.kind === 'email_changed' ? mail.oldEmail : null;
  await runStatement(tx, insertMail, [kind, userId, recipient, JSON.stringify(facts)]);
}

const queuedListeners = new Set<() => void>();

/** Wakes this process's senders: call after the transaction that queued mail committed. */
export function mailQueued(): void {
  for (const listener of queuedListeners) listener();
}

type ClaimedRow = {
  id: number;
  kind: QueuedMail['kind'];
  recipient: string;
  locale: string;
  payload: string;
  user_id: number | null;
  attempts: number;
};

const claimDue = defineStatement<ClaimedRow>(
  'bf_mail_queue_claim',
  `update mail_queue m
   set locked_until = now() + ($1::int * interval '1 millisecond'), attempts = m.attempts + 1
   from (select id from mail_queue
         where sent_at is null and due_at <= now() and (locked_until is null or locked_until <= now())
         order by due_at, id
         limit $2::int
         for update skip locked) due
   where m.id = due.id
   returning m.id, m.kind::text as kind, m.recipient, m.locale, m.payload::text as payload, m.user_id,
             m.attempts`,
);

const markSent = defineStatement<{ id: number }>(
  'bf_mail_queue_sent',
  'update mail_queue set sent_at = now(), locked_until = null, last_error = null where id = $1::int returning id',
);

const markFailed = defineStatement<{ id: number }>(
  'bf_mail_queue_failed',
  `update mail_queue
   set locked_until = null, due_at = now() + ($2::int * interval '1 millisecond'), last_error = $3
   where id = $1::int and sent_at is null
   returning id`,
);

type OrderRow = {
  order: string | null;
};

/** A paid order's lines with titles in `language` where the product has one, and the card paid. */
const orderFacts = defineStatement<OrderRow>(
  'bf_mail_order_facts',
  `select json_build_object(
     'total', o.total_minor::float8, 'method', o.payment_method,
     'lines', (select coalesce(json_agg(json_build_object(
                 'title', coalesce(pt.title, l.title), 'count', l.count, 'priceMinor', l.price_minor::float8)
                 order by l.id), '[]')
               from order_lines l
               left join languages lang on lang.code = $2
               left join product_translations pt on pt.product_id = l.product_id and pt.language_id = lang.id
               where l.order_id = o.id),
     'card', (select json_build_object('amountMinor', p.amount_minor::float8, 'currency', p.currency)
              from payments p where p.order_id = o.id and p.status = 'paid' limit 1))::text as order
   from orders o where o.id = $1::int`,
);

const paymentFacts = defineStatement<{ payment: string | null }>(
  'bf_mail_payment_facts',
  `select json_build_object('amountMinor', amount_minor::float8, 'currency', currency,
                            'coinsMinor', coins_minor::float8, 'vatMinor', vat_minor::float8,
                            'vatPercent', vat_percent)::text as payment
   from payments where id = $1::int`,
);

/** Builds a claimed row's message from its facts and the store's settings as they are now. */
export async function renderQueued(
  db: Database,
  publicUrl: string,
  row: Pick<ClaimedRow, 'kind' | 'recipient' | 'locale' | 'payload'>,
): Promise<MailMessage> {
  const payload = JSON.parse(row.payload) as Record<string, unknown> & { name: string };
  const locale: Locale = isLocale(row.locale) ? row.locale : 'en';
  // The company's texts as the operator translated them for the mail's language (docs/product.md §3).
  const settings = await currentSettingsIn(db, { id: 0, code: row.locale });
  const context: MailContext = {
    locale,
    publicUrl,
    shopName: settings.company_name?.trim() || 'Blockfront',
    to: row.recipient,
    name: payload.name,
  };
  const coinName = settings.internal_currency.name;
  switch (row.kind) {
    case 'password_changed':
      return passwordChangedNotice(context);
    case 'email_changed':
      return emailChangedNotice({ ...context, newEmail: String(payload.newEmail) });
    case 'delivery_completed':
      return deliveryCompletedMail({
        ...context,
        orderId: Number(payload.orderId),
        player: String(payload.player),
      });
    case 'order_confirmation': {
      const orderId = Number(payload.orderId);
      const [found] = await runStatement(db, orderFacts, [orderId, row.locale]);
      if (!found?.order) throw new Error(`no order ${orderId}`);
      const order = JSON.parse(found.order) as {
        total: number;
        method: 'balance' | 'card';
        lines: { title: string; count: number; priceMinor: number }[];
        card: { amountMinor: number; currency: string } | null;
      };
      return orderConfirmationMail({
        ...context,
        orderId,
        lines: order.lines,
        totalMinor: order.total,
        coinName,
        card: order.method === 'card' ? order.card : null,
      });
    }
    case 'top_up_receipt': {
      const paymentId = Number(payload.paymentId);
      const [found] = await runStatement(db, paymentFacts, [paymentId]);
      if (!found?.payment) throw new Error(`no payment ${paymentId}`);
      const payment = JSON.parse(found.payment) as Pick<
        TopUpFacts,
        'amountMinor' | 'currency' | 'coinsMinor' | 'vatMinor' | 'vatPercent'
      >;
      return topUpReceiptMail({
        ...context,
        ...payment,
        coinName,
        company: {
          name: settings.company_name,
          address: settings.company_address,
          regNumber: settings.company_reg_number,
          requisites: settings.requisites,
        },
      });
    }
  }
}

export interface MailSenderOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: { error: (details: object, message: string) => void };
  /** How long a claimed row is this sender's before another may take it (default 2 minutes). */
  leaseMs?: number;
  /** How often due rows are looked for besides the kicks (default 30 s); 0: never by itself. */
  sweepMs?: number;
  /** Delay before attempt n + 1 after n failed (default 30 s doubled per attempt, at most 1 h). */
  backoffMs?: (attempts: number) => number;
  /** Rows claimed at a time (default 10). */
  batch?: number;
  /** Whether kicks and the sweep send by themselves (default true); tests call `drain()`. */
  auto?: boolean;
}

export interface MailSender {
  /** Sends what is due soon, without waiting: after a commit that queued mail. */
  kick(): void;
  /** Claims and sends what is due now, until nothing is; answers how many were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function defaultBackoff(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, mailer, publicUrl, log } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const backoff = options.backoffMs ?? defaultBackoff;
  const batch = options.batch ?? 10;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function sendOne(row: ClaimedRow): Promise<boolean> {
    try {
      const message = await renderQueued(db, publicUrl, row);
      await mailer.send(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The row's address and links stay out of the log (see server/mail/mailer.ts).
      log.error(
        { mail: row.kind, id: row.id, attempt: row.attempts, reason },
        'mail not sent, retried later',
      );
      await runStatement(db, markFailed, [row.id, backoff(row.attempts), reason.slice(0, 500)]);
      return false;
    }
    await runStatement(db, markSent, [row.id]);
    return true;
  }

  async function loop(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await runStatement(db, claimDue, [leaseMs, batch]);
      for (const row of rows) if (await sendOne(row)) sent += 1;
      if (rows.length < batch || stopped) return sent;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running.then(() => drain());
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    drain()
      .then(() => {
        if (again && !stopped) {
          again = false;
          kick();
        }
      })
      .catch((error: unknown) => {
        log.error({ reason: error instanceof Error ? error.message : String(error) }, 'mail sweep failed');
      });
  }

  const auto = options.auto ?? true;
  if (auto) queuedListeners.add(kick);
  const sweepMs = options.sweepMs ?? 30_000;
  const timer = auto && sweepMs > 0 ? setInterval(kick, sweepMs) : undefined;
  timer?.unref();

  return {
    kick,
    drain,
    async stop() {
      stopped = true;
      queuedListeners.delete(kick);
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
