import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Database } from './db/database';
import type { LongPolls } from './delivery/long-poll';
import type { Locale } from './i18n/messages';
import type { Mailer } from './mail/mailer';
import type { MailSender } from './mail/queue';
import type { PaymentSlot } from './payments/providers';

/** What every handler reaches through `request.server.ctx`; built once per app by server/app.ts. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  /** Sends the mail queue (server/mail/queue.ts). */
  mailSender: MailSender;
  /** The key `npm run operator` presents to this process (written to `<DATA_DIR>/admin.json` by main). */
  adminKey: string;
  /** The store agents' waiting lease calls (ADR 0031). */
  longPolls: LongPolls;
  /** The card payment provider of the config, or the one a test or an embedding server put in. */
  payments: PaymentSlot;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Language of the messages of this answer, from `lang_id` (query or body). */
    locale: Locale;
  }
}
