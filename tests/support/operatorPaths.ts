/**
 * The operator console's machines: fixtures and path plans, shared by their path suites
 * (tests/machines/operator) and the screens' tests (tests/ui/operator).
 */
import type { EventObject } from 'xstate';
import type { DetailEvent, detailMachine } from '../../machines/detail';
import type { operatorAccessMachine } from '../../machines/operator/access';
import { type AuditEntry, type AuditSearch, NO_AUDIT_SEARCH } from '../../machines/operator/audit';
import type { balanceAdjustmentMachine } from '../../machines/operator/balanceAdjustment';
import type { OperatorCurrency } from '../../machines/operator/currencies';
import type { currencyEditorMachine } from '../../machines/operator/currencyEditor';
import type { CustomerDetail, operatorCustomerMachine } from '../../machines/operator/customer';
import type { CustomerSummary, CustomersSearch } from '../../machines/operator/customers';
import {
  type DeliveriesSearch,
  type Delivery,
  type deliveryActionMachine,
  NO_DELIVERIES_SEARCH,
  type operatorDeliveriesMachine,
} from '../../machines/operator/deliveries';
import type {
  GameServerEntry,
  gameServerAddMachine,
  gameServerRenameMachine,
  operatorGameServersMachine,
  SecretAnswer,
} from '../../machines/operator/gameServers';
import type { loadedListMachine } from '../../machines/operator/loadedList';
import type { OrderDetail, operatorOrderMachine } from '../../machines/operator/order';
import { NO_ORDERS_SEARCH, type OperatorOrder, type OrdersSearch } from '../../machines/operator/orders';
import type { productCommandsMachine } from '../../machines/operator/productCommands';
import type { productEditorMachine } from '../../machines/operator/productEditor';
import type { OperatorProduct } from '../../machines/operator/products';
import type { refundMachine } from '../../machines/operator/refund';
import type { Filters, searchListMachine } from '../../machines/operator/searchList';
import type { EditorLanguage } from '../../machines/operator/versionedRecord';
import {
  apiFailure,
  callOutcomes,
  cancelled,
  conflictRefused,
  fieldRefused,
  fillAndSubmit,
  formKeyOf,
  serverError,
} from './formPaths';
import { type CandidateEvent, doneEvent, errorEvent, type PlanOptions } from './paths';

export const forbidden = apiFailure('forbidden', 'This is for operators only.', {
  status: 403,
  serverMessage: 'This is for operators only.',
});
export const notFound = apiFailure('not-found', 'Not found', {
  status: 404,
  serverMessage: 'No such customer.',
});
/** The API's refusal of a debit beyond the balance, at the amount. */
export const beyondBalance = fieldRefused('amount', 'The balance is only 12.50 coins.');

export function customer(id: number, overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id,
    email: `player${id}@example.com`,
    name: 'Alex',
    surname: `Stone ${id}`,
    player: `Steve${id}`,
    role: 'customer',
    balance: 1250,
    email_verified: true,
    created_at: '2026-03-14T09:26:53.000Z',
    ...overrides,
  };
}

/** `count` customers, newest (highest id) first, from id 100 + count down. */
export const manyCustomers = (count: number): CustomerSummary[] =>
  Array.from({ length: count }, (_, index) => customer(100 + count - index));

export function customerDetail(overrides: Partial<CustomerSummary> = {}): CustomerDetail {
  return {
    customer: customer(7, { email: 'alex.stone@example.com', name: 'Alex', surname: 'Stone', ...overrides }),
    ledger: [
      { id: 31, at: '2026-04-30T10:00:00.000Z', amount: -1000, reason: 'order', order_id: 42 },
      { id: 30, at: '2026-04-29T09:00:00.000Z', amount: 2250, reason: 'top_up', order_id: null },
    ],
    orders: [
      {
        id: 42,
        at: '2026-04-30T10:00:00.000Z',
        status: 'paid',
        total: 1000,
        payment_method: 'balance',
        player: 'Steve7',
        refunded: 0,
        customer_id: 7,
        customer_email: 'alex.stone@example.com',
      },
    ],
  };
}

export const accessPlan: PlanOptions<typeof operatorAccessMachine> = {
  events: [...callOutcomes('checkAccess', [forbidden, serverError]), { type: 'RETRY' }],
};

/**
 * The path plan of a list read in one call (machines/operator/loadedList.ts): its load answers `found`
 * (and none, for a list with an `empty` state), fails or is cancelled; RETRY; and the `shown` event of a
 * list a form below it updates.
 */
export function loadedListPlan<R, K extends string, E extends EventObject & { [P in K]: R[] } = never>(spec: {
  load: string;
  /** The context key of the rows (the machine's `rows`). */
  rows: K;
  /** What the load answers. */
  found: R[];
  empty?: boolean;
  shown?: E;
}): PlanOptions<ReturnType<typeof loadedListMachine<R, K, E>>> {
  return {
    events: [
      ...callOutcomes(spec.load, [serverError], spec.found),
      ...(spec.empty ? [doneEvent(spec.load, [])] : []),
      { type: 'RETRY' },
      ...(spec.shown ? [spec.shown] : []),
    ],
    key: (snapshot) => ({
      value: snapshot.value,
      count: snapshot.context[spec.rows].length,
      error: snapshot.context.error !== null,
    }),
  };
}

/**
 * The path plan of a search list (machines/operator/searchList.ts): two start searches, a typed
 * filter, a first page (none, or `rows` with more to follow), a further page and each call's failure.
 */
function searchListPlan<F extends Filters, R extends { id: number }>(spec: {
  load: string;
  inputs: readonly F[];
  change: { field: keyof F & string; value: string };
  rows: R[];
  moreRows: R[];
}): PlanOptions<ReturnType<typeof searchListMachine<F, R>>> {
  const more = `${spec.load}More`;
  return {
    inputs: spec.inputs,
    events: [
      { type: 'CHANGE', ...spec.change },
      { type: 'SEARCH' },
      { type: 'MORE' },
      { type: 'RETRY' },
      doneEvent(spec.load, { rows: [], more: false }),
      doneEvent(spec.load, { rows: spec.rows, more: true }),
      errorEvent(spec.load, serverError),
      errorEvent(spec.load, cancelled),
      doneEvent(more, { rows: spec.moreRows, more: false }),
      errorEvent(more, serverError),
      errorEvent(more, cancelled),
    ],
    key: (snapshot) => ({
      value: snapshot.value,
      search: snapshot.context.search,
      draft: snapshot.context.draft,
      count: snapshot.context.rows.length,
      more: snapshot.context.more,
      error: snapshot.context.error !== null,
      moreError: snapshot.context.moreError !== null,
    }),
  };
}

export const customersPlan = searchListPlan<CustomersSearch, CustomerSummary>({
  load: 'findCustomers',
  inputs: [{ q: '' }, { q: 'steve' }],
  change: { field: 'q', value: 'alex' },
  rows: manyCustomers(2),
  moreRows: [customer(50)],
});

/**
 * The path plan of one record by its id (machines/detail.ts): its load (`fetch<Record>`)
 * answers the first of `answers`, finds nothing, fails or is cancelled; a reload (`refetch<Record>`)
 * answers the second or fails; RETRY and RELOAD. `shown` is what of the record tells the two apart.
 */
export function detailPlan<D>(spec: {
  id: number;
  record: string;
  answers: [found: D, reloaded: D];
  shown: (detail: D | null) => object;
  /** More events (a printable record's PRINT). */
  also?: DetailEvent[];
}): PlanOptions<ReturnType<typeof detailMachine<D>>> {
  const [found, reloaded] = spec.answers;
  return {
    input: { id: spec.id },
    events: [
      ...callOutcomes(`fetch${spec.record}`, [notFound, serverError], found),
      doneEvent(`refetch${spec.record}`, reloaded),
      errorEvent(`refetch${spec.record}`, serverError),
      { type: 'RETRY' },
      { type: 'RELOAD' },
      ...(spec.also ?? []),
    ],
    key: (snapshot) => ({
      value: snapshot.value,
      ...spec.shown(snapshot.context.detail),
      error: snapshot.context.error !== null,
    }),
  };
}

export const customerPlan: PlanOptions<typeof operatorCustomerMachine> = detailPlan({
  id: 7,
  record: 'Customer',
  answers: [customerDetail(), customerDetail({ balance: 3750 })],
  shown: (detail) => ({ balance: detail?.customer.balance }),
});

/** A keyed form's path key (machines/operator/keyedForm.ts): the form's, the idempotency key's use and the attempt. */
const keyedFormKeyOf = (
  context: Parameters<typeof formKeyOf>[0] & { keyUsed: unknown; attempt: number },
) => ({
  ...formKeyOf(context),
  keyUsed: context.keyUsed,
  attempt: Math.min(context.attempt, 3),
});

export const ADJUSTMENT_INPUT = { customerId: 7, seed: 'seed' } as const;

export const adjustmentPlan: PlanOptions<typeof balanceAdjustmentMachine> = {
  input: ADJUSTMENT_INPUT,
  events: [
    ...fillAndSubmit(
      [
        ['amount', '-12.50'],
        ['reason', 'Charged twice'],
      ],
      'adjustBalance',
      [beyondBalance],
      { message: 'The balance was adjusted.', balance: 0 },
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    ...keyedFormKeyOf(snapshot.context),
  }),
};

export function order(id: number, overrides: Partial<OperatorOrder> = {}): OperatorOrder {
  return {
    id,
    at: '2026-04-30T10:00:00.000Z',
    status: 'paid',
    total: 1000,
    payment_method: 'balance',
    player: `Steve${id}`,
    refunded: 0,
    customer_id: 7,
    customer_email: 'alex.stone@example.com',
    ...overrides,
  };
}

/** `count` orders, newest (highest id) first, from id 200 + count down. */
export const manyOrders = (count: number): OperatorOrder[] =>
  Array.from({ length: count }, (_, index) => order(200 + count - index));

export function orderDetail(
  overrides: Partial<OperatorOrder> = {},
  more: Partial<OrderDetail> = {},
): OrderDetail {
  return {
    order: order(42, overrides),
    lines: [{ product_id: 3, title: 'VIP rank', price: 1000, count: 1 }],
    payments: [],
    ledger: [{ id: 31, at: '2026-04-30T10:00:00.000Z', amount: -1000, reason: 'order', order_id: 42 }],
    refunds: [],
    deliveries: [
      {
        id: 5,
        order_id: 42,
        order_line_id: 9,
        product_id: 3,
        game_server_id: 1,
        game_server: 'Survival',
        position: 0,
        player: 'Steve42',
        command: 'lp user Steve42 parent add vip',
        condition: 'any',
        state: 'done',
        attempt: 1,
        lease_count: 1,
        lease_holder: null,
        lease_expires_at: null,
        started_at: '2026-04-30T10:00:05.000Z',
        reply: 'ok',
        note: null,
        created_at: '2026-04-30T10:00:00.000Z',
        updated_at: '2026-04-30T10:00:06.000Z',
        finished_at: '2026-04-30T10:00:06.000Z',
      },
    ],
    ...more,
  };
}

export function auditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-05-01T08:00:00.000Z',
    actor: 'olivia.park@example.com',
    action: 'order.refund',
    entity: 'order',
    entity_id: '42',
    before: { refunded: 0 },
    after: { refunded: 500, amount: 500, to: 'balance', reason: 'Half back', refund_id: 3 },
    ...overrides,
  };
}

/** The API's refusal of a refund beyond what is left, at the amount. */
export const beyondRefundable = fieldRefused('amount', 'At most 5.00 coins are left to refund.');
/** 409: the order was not paid by card (or is not paid). */
export const notByCard = conflictRefused('This order was not paid by card.');

export const ordersPlan = searchListPlan<OrdersSearch, OperatorOrder>({
  load: 'findOrders',
  inputs: [NO_ORDERS_SEARCH, { ...NO_ORDERS_SEARCH, q: 'steve', status: 'paid' }],
  change: { field: 'q', value: 'alex' },
  rows: manyOrders(2),
  moreRows: [order(50)],
});

export const auditPlan = searchListPlan<AuditSearch, AuditEntry>({
  load: 'findAudit',
  inputs: [NO_AUDIT_SEARCH, { ...NO_AUDIT_SEARCH, entity: 'order' }],
  change: { field: 'actor', value: 'cli' },
  rows: [auditEntry(9), auditEntry(8)],
  moreRows: [auditEntry(3)],
});

export const orderPlan: PlanOptions<typeof operatorOrderMachine> = detailPlan({
  id: 42,
  record: 'Order',
  answers: [orderDetail(), orderDetail({ refunded: 500 })],
  shown: (detail) => ({ refunded: detail?.order.refunded }),
});

export const REFUND_INPUT = { orderId: 42, seed: 'seed' } as const;

export const refundPlan: PlanOptions<typeof refundMachine> = {
  input: REFUND_INPUT,
  events: [
    ...fillAndSubmit(
      [
        ['amount', '5'],
        ['to', 'card'],
        ['reason', 'Half back'],
      ],
      'refundOrder',
      [beyondRefundable, notByCard],
      {
        message: 'Refunded.',
        state: 'succeeded',
      },
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    ...keyedFormKeyOf(snapshot.context),
  }),
};

/** A product as the operator API answers it. */
export function operatorProduct(id: number, overrides: Partial<OperatorProduct> = {}): OperatorProduct {
  return {
    id,
    slug: `rank-${id}`,
    category: 'ranks',
    price: 2499,
    img_url: '/images/products/placeholder.svg',
    active: true,
    position: id,
    max_per_order: null,
    max_per_customer: null,
    compare_at_price: null,
    version: 1,
    texts: {
      en: { title: `Rank ${id}`, description: 'A rank.' },
      de: { title: `Rang ${id}`, description: '' },
    },
    ...overrides,
  };
}

export const EDITOR_LANGUAGES: EditorLanguage[] = [
  { code: 'en', title: 'English', default: true },
  { code: 'de', title: 'Deutsch', default: false },
];

/** Someone else saved the product in between. */
export const staleVersion = conflictRefused('This product was changed meanwhile. Reload it and save again.');
/** The API's refusal of a file that is not an image, at the file. */
export const notAnImage = fieldRefused('file', 'This is not a PNG, JPEG or WebP image.');

export const productsPlan = loadedListPlan({
  load: 'fetchProducts',
  rows: 'products',
  found: [operatorProduct(1), operatorProduct(2, { active: false })],
  empty: true,
});

export const editorPlan: PlanOptions<typeof productEditorMachine> = {
  inputs: [
    { id: 4, languages: EDITOR_LANGUAGES },
    { id: null, languages: EDITOR_LANGUAGES },
  ],
  events: [
    ...callOutcomes('loadProduct', [notFound, serverError], {
      product: operatorProduct(4),
      categories: ['ranks'],
    }),
    doneEvent('loadProduct', { product: null, categories: ['ranks'] }),
    { type: 'RETRY' },
    { type: 'RELOAD' },
    ...fillAndSubmit(
      [
        ['price', '12'],
        ['slug', 'netherite-rank'],
        ['category', 'ranks'],
        ['title:en', 'Netherite Rank'],
      ],
      'saveProduct',
      [staleVersion, serverError],
      operatorProduct(4, { version: 2 }),
    ),
    { type: 'UPLOAD', file: new Blob(['png']) },
    ...callOutcomes(
      'uploadImage',
      [notAnImage],
      operatorProduct(4, { img_url: '/api/product-images/abc', version: 2 }),
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    id: snapshot.context.id,
    loaded: snapshot.context.product !== null,
    filled: Object.values(snapshot.context.values).filter((value) => value !== '' && value !== 'no').length,
    errors: Object.keys(snapshot.context.errors),
    formError: snapshot.context.formError !== null,
    conflict: snapshot.context.conflict,
    imageError: snapshot.context.imageError !== null,
  }),
};

/** A display currency as the operator API answers it. */
export function operatorCurrency(code: string, overrides: Partial<OperatorCurrency> = {}): OperatorCurrency {
  return {
    code,
    value: code === 'EUR' ? '1' : '1.16',
    symbol: code === 'EUR' ? '€' : '$',
    default: code === 'EUR',
    hidden: false,
    decimals: 2,
    version: 1,
    ...overrides,
  };
}

/** Someone else saved the currency in between. */
export const staleCurrency = conflictRefused(
  'This currency was changed meanwhile. Reload it and save again.',
);
/** The API's refusal of a code the store lists already, at the code. */
export const codeTaken = fieldRefused('code', 'The store lists this currency already.');

export const currenciesPlan = loadedListPlan({
  load: 'fetchCurrencies',
  rows: 'currencies',
  found: [operatorCurrency('EUR'), operatorCurrency('USD')],
});

export const currencyEditorPlan: PlanOptions<typeof currencyEditorMachine> = {
  inputs: [
    { code: 'USD', base: 'EUR' },
    { code: null, base: 'EUR' },
  ],
  events: [
    ...callOutcomes('loadCurrency', [notFound, serverError], operatorCurrency('USD')),
    doneEvent('loadCurrency', null),
    { type: 'RETRY' },
    { type: 'RELOAD' },
    ...fillAndSubmit(
      [
        ['value', '1.2'],
        ['code', 'CHF'],
        ['symbol', 'Fr.'],
      ],
      'saveCurrency',
      [staleCurrency, codeTaken, serverError],
      operatorCurrency('USD', { version: 2 }),
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    code: snapshot.context.code,
    loaded: snapshot.context.currency !== null,
    filled: Object.values(snapshot.context.values).filter((value) => value !== '' && value !== 'yes').length,
    errors: Object.keys(snapshot.context.errors),
    formError: snapshot.context.formError !== null,
    conflict: snapshot.context.conflict,
  }),
};

/** A game server as the operator API lists it. */
export function gameServer(id: number, overrides: Partial<GameServerEntry> = {}): GameServerEntry {
  return {
    id,
    name: id === 1 ? 'survival' : `server-${id}`,
    created_at: '2026-03-14T09:26:53.000Z',
    secret_rotated_at: '2026-03-14T09:26:53.000Z',
    ...overrides,
  };
}

export const SECRET = `gs_${'A'.repeat(43)}`;

export function secretAnswer(id: number, name: string): SecretAnswer {
  return { secret: { id, name, secret: SECRET }, servers: [gameServer(1), gameServer(id, { name })] };
}

/** A name another server has, regardless of case. */
export const nameTaken = fieldRefused('name', 'A game server with this name exists already');

export const gameServersPlan: PlanOptions<typeof operatorGameServersMachine> = {
  events: [
    ...callOutcomes('fetchGameServers', [serverError], [gameServer(1)]),
    { type: 'RETRY' },
    { type: 'ROTATE', id: 1 },
    { type: 'ROTATE', id: 99 },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    ...callOutcomes('rotateSecret', [notFound], secretAnswer(1, 'survival')),
    { type: 'ADDED', answer: secretAnswer(2, 'creative') },
    { type: 'RENAMED', server: gameServer(1, { name: 'survival-eu' }) },
    { type: 'COPY' },
    { type: 'DISMISS' },
    ...callOutcomes('writeClipboard', []),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    count: snapshot.context.servers.length,
    names: snapshot.context.servers.map((server) => server.name).join(),
    error: snapshot.context.error !== null,
    secret: snapshot.context.secret?.name ?? null,
    rotating: snapshot.context.rotating?.id ?? null,
    rotateError: snapshot.context.rotateError !== null,
  }),
};

export const gameServerAddPlan: PlanOptions<typeof gameServerAddMachine> = {
  events: [
    ...fillAndSubmit(
      [
        ['name', 'creative'],
        ['name', '-bad'],
      ],
      'createGameServer',
      [nameTaken, serverError],
      secretAnswer(2, 'creative'),
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    ...formKeyOf(snapshot.context),
  }),
};

export const gameServerRenamePlan: PlanOptions<typeof gameServerRenameMachine> = {
  events: [
    { type: 'EDIT', id: 1, name: 'survival' },
    { type: 'EDIT', id: 2, name: 'creative' },
    { type: 'CANCEL' },
    ...fillAndSubmit(
      [
        ['name', 'survival-eu'],
        ['name', ''],
      ],
      'renameGameServer',
      [nameTaken, serverError],
      gameServer(1, { name: 'survival-eu' }),
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    id: snapshot.context.id,
    ...formKeyOf(snapshot.context),
  }),
};

/** The API's refusal of an unknown placeholder in the second command sent. */
export const unknownPlaceholder = fieldRefused('commands.1.template', 'Unknown placeholder {rank}');

export const commandsPlan: PlanOptions<typeof productCommandsMachine> = {
  input: { productId: 4 },
  events: [
    ...callOutcomes('loadCommands', [notFound, serverError], {
      commands: [{ game_server_id: 1, template: 'lp user {player} parent add vip', condition: 'any' }],
      servers: [gameServer(1)],
    }),
    { type: 'RETRY' },
    { type: 'ADD' },
    { type: 'CHANGE', key: 2, field: 'template', value: 'kit give {player} legend' },
    { type: 'MOVE', key: 2, by: -1 },
    { type: 'REMOVE', key: 1 },
    { type: 'SAVE' },
    ...callOutcomes(
      'saveCommands',
      [unknownPlaceholder, serverError],
      [{ game_server_id: 1, template: 'kit give {player} legend', condition: 'any' }],
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    rows: Math.min(snapshot.context.rows.length, 3),
    first: snapshot.context.rows[0]?.template === '',
    last: snapshot.context.rows.at(-1)?.template === '',
    errors: Object.keys(snapshot.context.errors),
    formError: snapshot.context.formError !== null,
    loadError: snapshot.context.loadError !== null,
  }),
};

/** A delivery of order 42 to survival; `failed` unless told otherwise. */
export function delivery(id: number, overrides: Partial<Delivery> = {}): Delivery {
  return {
    id,
    order_id: 42,
    order_line_id: 7,
    product_id: 3,
    game_server_id: 1,
    game_server: 'survival',
    position: 0,
    player: 'Steve',
    command: 'lp user Steve parent add vip',
    condition: 'any',
    state: 'failed',
    attempt: 1,
    lease_count: 1,
    lease_holder: null,
    lease_expires_at: null,
    started_at: '2026-05-01T08:00:01.000Z',
    reply: 'Unknown command',
    note: null,
    created_at: '2026-05-01T08:00:00.000Z',
    updated_at: '2026-05-01T08:00:02.000Z',
    finished_at: '2026-05-01T08:00:02.000Z',
    ...overrides,
  };
}

/** The API's refusal of a delivery that changed meanwhile. */
export const deliveryChanged = conflictRefused('This delivery cannot be requeued now.');

const deliveriesListPlan = searchListPlan<DeliveriesSearch, Delivery>({
  load: 'findDeliveries',
  inputs: [NO_DELIVERIES_SEARCH, { ...NO_DELIVERIES_SEARCH, state: 'failed' }],
  change: { field: 'player', value: 'steve' },
  rows: [delivery(9), delivery(8)],
  moreRows: [delivery(3)],
});

/** The search list's plan with a changed row shown in place and a reload (rowUpdates). */
export const deliveriesPlan: PlanOptions<typeof operatorDeliveriesMachine> = {
  ...deliveriesListPlan,
  events: [
    ...(deliveriesListPlan.events as readonly CandidateEvent<typeof operatorDeliveriesMachine>[]),
    { type: 'ROW', row: delivery(9, { state: 'queued', attempt: 2 }) },
    { type: 'RELOAD' },
  ],
  key: (snapshot) => ({
    ...(deliveriesListPlan.key?.(snapshot) as object),
    states: snapshot.context.rows.map((row) => row.state).join(),
  }),
};

export const deliveryActionPlan: PlanOptions<typeof deliveryActionMachine> = {
  events: [
    { type: 'REQUEUE', delivery: delivery(9) },
    { type: 'RESOLVE', delivery: delivery(9) },
    { type: 'RESOLVE', delivery: delivery(8, { state: 'uncertain' }) },
    { type: 'CANCEL' },
    { type: 'CHANGE', field: 'outcome', value: 'done' },
    { type: 'CHANGE', field: 'note', value: 'Checked in game' },
    { type: 'SUBMIT' },
    { type: 'BACK' },
    { type: 'CONFIRM' },
    ...callOutcomes('changeDelivery', [deliveryChanged, serverError], delivery(9, { state: 'queued' })),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    kind: snapshot.context.kind,
    delivery: snapshot.context.delivery?.id ?? null,
    ...formKeyOf(snapshot.context),
  }),
};
