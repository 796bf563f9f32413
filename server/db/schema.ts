import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Money is always an integer count of minor units (cents, coin hundredths); bigint columns are
// read as JS numbers, which are exact up to 2^53 minor units.
const money = (name: string) => bigint(name, { mode: 'number' });
/** Raw bytes: PGlite reads them as a Uint8Array, node-postgres as a Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const userTokenKind = pgEnum('user_token_kind', [
  'verify_email',
  'reset_password',
  'change_email',
  'sign_in',
]);
export const orderStatus = pgEnum('order_status', ['pending', 'paid', 'failed', 'cancelled', 'expired']);
export const paymentMethod = pgEnum('payment_method', ['balance', 'card']);
export const paymentKind = pgEnum('payment_kind', ['top_up', 'order']);
export const paymentStatus = pgEnum('payment_status', ['pending', 'paid', 'failed', 'cancelled', 'expired']);
export const ledgerReason = pgEnum('ledger_reason', [
  'top_up',
  'order',
  'welcome_bonus',
  'refund',
  'adjustment',
]);

export const accountRole = pgEnum('account_role', ['customer', 'operator']);
export const deliveryCondition = pgEnum('delivery_condition', ['online', 'any']);
export const deliveryState = pgEnum('delivery_state', ['queued', 'leased', 'done', 'failed', 'uncertain']);

export const languages = pgTable(
  'languages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [uniqueIndex('languages_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);

export const translations = pgTable(
  'translations',
  {
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.languageId, t.key] })],
);

export const currencies = pgTable(
  'currencies',
  {
    code: char('code', { length: 3 }).primaryKey(),
    /** Units of this currency per 1 EUR, as an exact decimal string. */
    value: numeric('value', { precision: 20, scale: 8 }).notNull(),
    symbol: text('symbol').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Hidden: not offered to customers (GET /currencies, top-up, card checkout); never the default. */
    hidden: boolean('hidden').notNull().default(false),
    /** Moves on with every operator change; a change naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('currencies_default_shown', sql`not (${t.isDefault} and ${t.hidden})`),
    uniqueIndex('currencies_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('currencies_value_positive', sql`${t.value} > 0`),
  ],
);

export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** ISO 3166-1 alpha-2, upper case. */
  iso: char('iso', { length: 2 }).notNull().unique(),
  /** English name; the fallback for languages missing from `titles`. */
  title: text('title').notNull(),
  /** Localised names by language code, e.g. {"de": "Deutschland"}. */
  titles: jsonb('titles').$type<Record<string, string>>().notNull().default({}),
});

/** Key/value store of the public settings of docs/product.md §3; each value is JSON. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

/** Server-side secrets shared by every API node (never sent to clients). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const staticPages = pgTable(
  'static_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    /** Title and content in the default language; other languages in static_page_translations. */
    title: text('title').notNull(),
    content: text('content').notNull(),
    isTerms: boolean('is_terms').notNull().default(false),
    isPrivacy: boolean('is_privacy').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Moves on with every change; an operator's save names the one it read (409 when stale). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('static_pages_one_terms').on(t.isTerms).where(sql`${t.isTerms}`),
    uniqueIndex('static_pages_one_privacy').on(t.isPrivacy).where(sql`${t.isPrivacy}`),
  ],
);

export const staticPageTranslations = pgTable(
  'static_page_translations',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => staticPages.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.languageId] })],
);

export const socialLinks = pgTable('social_links', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull().unique(),
  link: text('link').notNull(),
  img: text('img').notNull(),
  position: integer('position').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    /** Title and description in the default language; others in product_translations. */
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Price in coin minor units (1 coin = 100). */
    priceMinor: money('price_minor').notNull(),
    imgUrl: text('img_url').notNull(),
    category: text('category').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Moves on with every operator save; an update naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
    /** Most units one customer may buy over all their paid and pending orders; null: no limit. */
    maxPerCustomer: integer('max_per_customer'),
    /** Most units of it one cart line (so one order) may hold; null: no limit but the line's. */
    maxPerOrder: integer('max_per_order'),
    /** The price it was before, shown struck through with a Sale badge; null: none. Above the price. */
    compareAtPriceMinor: money('compare_at_price_minor'),
  },
  (t) => [
    check('products_price_not_negative', sql`${t.priceMinor} >= 0`),
    check('products_max_per_customer_positive', sql`${t.maxPerCustomer} >= 1`),
    check('products_max_per_order_positive', sql`${t.maxPerOrder} >= 1`),
    check('products_compare_at_above_price', sql`${t.compareAtPriceMinor} > ${t.priceMinor}`),
    index('products_listing').on(t.active, t.category, t.position),
  ],
);

/**
 * Images operators uploaded for products, in the database so every API node serves them; named
 * by the SHA-256 of their bytes (hex), so what a name shows never changes.
 */
export const productImages = pgTable('product_images', {
  name: char('name', { length: 64 }).primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.languageId] })],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    /** Stored lower-cased; unique regardless of case. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    phoneE164: text('phone_e164').notNull(),
    passwordHash: text('password_hash').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    city: text('city').notNull(),
    address: text('address'),
    postCode: text('post_code'),
    avatarUrl: text('avatar_url'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Cached sum of balance_ledger for this user, updated in the same transaction. */
    balanceMinor: money('balance_minor').notNull().default(0),
    role: accountRole('role').notNull().default('customer'),
    /** The in-game name checkout suggests (ADR 0031). */
    player: text('player'),
    /** The language the customer last signed in or registered in: the language of their mails. */
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    check('users_balance_not_negative', sql`${t.balanceMinor} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the bearer token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: userTokenKind('kind').notNull(),
    /** SHA-256 of the emailed token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Target address of a change_email token. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_tokens_user_kind').on(t.userId, t.kind),
    check('user_tokens_new_email', sql`(${t.kind} = 'change_email') = (${t.newEmail} is not null)`),
  ],
);

export const carts = pgTable('carts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: updatedAt(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_lines_cart_product').on(t.cartId, t.productId),
    check('cart_lines_count_positive', sql`${t.count} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull().default('pending'),
    /** Coin minor units. */
    totalMinor: money('total_minor').notNull(),
    paymentMethod: paymentMethod('payment_method').notNull(),
    /** The in-game player its delivery commands are for; null when the order delivers nothing in game. */
    player: text('player'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created').on(t.userId, t.createdAt),
    check('orders_total_not_negative', sql`${t.totalMinor} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Snapshots at checkout time. */
    title: text('title').notNull(),
    priceMinor: money('price_minor').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('order_lines_order').on(t.orderId), check('order_lines_count_positive', sql`${t.count} > 0`)],
);

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Our public reference, given to the provider and used in URLs. */
    ref: text('ref').notNull().unique(),
    provider: text('provider').notNull(),
    /** The provider's own id (e.g. a Stripe Checkout Session id), once known. */
    providerRef: text('provider_ref'),
    kind: paymentKind('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Charged amount in minor units of `currency`, VAT included. */
    amountMinor: money('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Coins (minor units) credited on success for a top-up, or the order total for an order. */
    coinsMinor: money('coins_minor').notNull(),
    /** The VAT in `amount_minor` (minor units of `currency`) and its rate then: the top-up receipt's line. */
    vatMinor: money('vat_minor').notNull().default(0),
    vatPercent: doublePrecision('vat_percent').notNull().default(0),
    status: paymentStatus('status').notNull().default('pending'),
    /** A storefront path to go to once paid (a top-up started from the cart returns there). */
    returnPath: text('return_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_user').on(t.userId),
    // The expiry sweep's scan: the oldest pending payments first (ADR 0028).
    index('payments_pending_created').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('payments_order').on(t.orderId),
    uniqueIndex('payments_provider_ref').on(t.provider, t.providerRef),
    check('payments_amounts_positive', sql`${t.amountMinor} > 0 and ${t.coinsMinor} > 0`),
    check('payments_order_kind', sql`(${t.kind} = 'order') = (${t.orderId} is not null)`),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').$type<unknown>().notNull(),
  },
  (t) => [unique('webhook_events_provider_event').on(t.provider, t.eventId)],
);

/** Append-only (a trigger rejects UPDATE and DELETE): every change of a balance is one row. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed coin minor units: credits positive, debits negative. */
    amountMinor: money('amount_minor').notNull(),
    reason: ledgerReason('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: integer('order_id').references(() => orders.id),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('balance_ledger_user').on(t.userId, t.createdAt),
    check('balance_ledger_amount_not_zero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * Fixed-window counters of the sensitive operations' rate limits (server/http/rate-limit.ts),
 * shared by every API node on this database. A row whose window has ended is reset by the next
 * hit on its key and deleted from time to time.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_at').on(t.resetAt)],
);

/**
 * Idempotency-Keys of checkouts (ADR 0018): the first answer to a customer's key, replayed for a
 * retry of the same request (same `fingerprint`, a hash of the operation and body). A row without
 * an answer belongs to a card checkout whose provider page is not open yet: its `orderId` is the
 * order a retry opens. Rows older than a day are let go.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    status: integer('status'),
    body: jsonb('body').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created').on(t.createdAt),
    check('idempotency_keys_answer', sql`(${t.status} is null) = (${t.body} is null)`),
  ],
);

// ---- delivery to game servers (ADR 0031) ---------------------------------------------------------

/** The network's game servers; each one's agent authenticates with a secret stored only as its hash. */
export const gameServers = pgTable(
  'game_servers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** SHA-256 of the secret, hex. */
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: createdAt(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_servers_name_lower').on(sql`lower(${t.name})`)],
);

/** A product's ordered command templates, per game server. */
export const productCommands = pgTable(
  'product_commands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    gameServerId: integer('game_server_id')
      .notNull()
      .references(() => gameServers.id),
    /** Place in the product's whole list (0…n-1). */
    position: integer('position').notNull(),
    template: text('template').notNull(),
    condition: deliveryCondition('condition').notNull(),
  },
  (t) => [unique('product_commands_position').on(t.productId, t.position)],
);

/**
 * One command of one order line for one game server. Never deleted: a delivery is the store's
 * record of what the game was told to do (ADR 0031).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    gameServerId: integer('game_server_id')
      .notNull()
      .references(() => gameServers.id),
    /** The order's sequence: line by line, each line's commands in their order. */
    position: integer('position').notNull(),
    player: text('player').notNull(),
    /** The command as executed: the template with its placeholders filled. */
    command: text('command').notNull(),
    condition: deliveryCondition('condition').notNull(),
    state: deliveryState('state').notNull().default('queued'),
    attempt: integer('attempt').notNull().default(1),
    /** Leases of this attempt that expired unstarted, plus the live one. */
    leaseCount: integer('lease_count').notNull().default(0),
    leaseHolder: text('lease_holder'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** The start mark of the current attempt: set, the attempt may have run and is never leased again. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    reply: text('reply'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('deliveries_position').on(t.orderId, t.gameServerId, t.position),
    index('deliveries_queue').on(t.gameServerId, t.state, t.orderId, t.position),
    index('deliveries_order').on(t.orderId),
    index('deliveries_lease_expiry').on(t.leaseExpiresAt).where(sql`${t.state} = 'leased'`),
    check('deliveries_attempt_positive', sql`${t.attempt} >= 1`),
  ],
);

/** Every operator action, written in the transaction of its change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The operator's account; null for the command line (`actor` says which). */
    actorUserId: integer('actor_user_id').references(() => users.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity').on(t.entity, t.entityId), index('audit_log_created').on(t.createdAt)],
);

export const refundDestination = pgEnum('refund_destination', ['balance', 'card']);
/** A card refund is `pending` until the provider has taken it; a refused one is `failed` and counts for nothing. */
export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * An operator's refund of part or all of a paid order, in coin minor units: the refunds of an
 * order never add up to more than its total. A refund to the balance is also a `refund` entry on
 * the customer's ledger. `idempotency_key` is the operator's key for the request.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: money('amount_minor').notNull(),
    destination: refundDestination('destination').notNull(),
    reason: text('reason').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    actor: text('actor').notNull(),
    status: refundStatus('status').notNull().default('succeeded'),
    /** Card refunds: the payment refunded, and the minor units of its currency sent back. */
    paymentId: integer('payment_id').references(() => payments.id),
    chargedMinor: money('charged_minor'),
    /** The provider's id of the refund, once it has taken it. */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order').on(t.orderId),
    index('refunds_pending').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountMinor} > 0`),
    check(
      'refunds_card_charge',
      // As text: the migration that adds 'card' cannot use the new value in its own transaction.
      sql`(${t.destination}::text = 'card') = (${t.paymentId} is not null and coalesce(${t.chargedMinor}, 0) > 0)`,
    ),
  ],
);

export const mailKind = pgEnum('mail_kind', [
  'order_confirmation',
  'top_up_receipt',
  'password_changed',
  'email_changed',
  'delivery_completed',
]);

/**
 * Mails written in the transaction of the change that causes them (docs/architecture.md §5), sent
 * after commit by a sender in every API node. `payload` holds the facts the mail shows, as they
 * were then; the row is rendered when it is sent. A row is claimed `FOR UPDATE SKIP LOCKED` with a
 * lease (`locked_until`), sent, then marked `sent_at`: at least once (a node that dies between the
 * two leaves it to be sent again once the lease ends).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: mailKind('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may start: now for a new row, later after a failure or while leased. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_due').on(t.dueAt).where(sql`${t.sentAt} is null`)],
);
