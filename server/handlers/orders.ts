import { and, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { amountForCoins, type Rate, withVat } from '../../domain/money';
import { formatCoins } from '../../domain/money-text';
import { isPlayerName } from '../../domain/player-name';
import { requireAuth, requireVerifiedEmail } from '../auth/authenticate';
import type { Settings } from '../catalogue/settings';
import { currentSettings } from '../catalogue/settings-cache';
import type { Database } from '../db/database';
import { orders } from '../db/schema';
import { deliveriesQueued } from '../delivery/queue';
import { deliveriesOfOrders } from '../delivery/status';
import { fieldErrors, HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import { readCartLines, toCartItems } from '../ledger/cart';
import { IdempotencyKeyReusedError, keepKey, releaseKey, requestFingerprint } from '../ledger/idempotency';
import { InsufficientFundsError } from '../ledger/ledger';
import { mailQueued } from '../mail/queue';
import {
  CheckoutError,
  checkoutWithBalance,
  type IdempotentCheckout,
  PlayerRequiredError,
  PurchaseLimitReachedError,
  type Replay,
  startCardCheckout,
} from '../orders/checkout';
import { cardChargesOf, ledgerView, linesOfOrders, moneyOfOrder } from '../orders/detail';
import { baseCurrency } from '../payments/currencies';
import { checkoutUrls, failUnopenedPayment, openCheckout, type PaymentRow } from '../payments/payments';
import {
  cancelOrder,
  closeAtProvider,
  OrderNotFoundError,
  OrderNotPendingError,
  payablePayment,
  pendingPaymentsOf,
} from '../payments/pending';
import type { CheckoutPayment } from '../payments/provider';
import { titleLanguageId } from './cart';
import { offeredCurrency } from './payments';
import type { ContractHandlers, ContractRequest, ReplyBody } from './types';

function checkoutRefusal(request: FastifyRequest, error: unknown, coinName: string): HttpError | undefined {
  if (error instanceof CheckoutError) {
    return new HttpError(
      409,
      t(request.locale, error.reason === 'empty' ? 'checkout.emptyCart' : 'checkout.unavailable'),
    );
  }
  if (error instanceof PurchaseLimitReachedError) {
    const key = error.per === 'order' ? 'checkout.orderLimit' : 'checkout.purchaseLimit';
    return fieldErrors({ count: [t(request.locale, key, { title: error.title, limit: error.limit })] });
  }
  if (error instanceof PlayerRequiredError) {
    return fieldErrors({ player: [t(request.locale, 'player.required')] });
  }
  if (error instanceof IdempotencyKeyReusedError) {
    return fieldErrors({ idempotency_key: [t(request.locale, 'checkout.keyReused')] });
  }
  if (error instanceof InsufficientFundsError) {
    const message = t(request.locale, 'checkout.insufficientFunds', {
      coin: coinName,
      total: formatCoins(error.requiredMinor, request.locale, coinName),
      balance: formatCoins(error.balanceMinor, request.locale, coinName),
    });
    return fieldErrors({ payment_method: [message] }, 'insufficient_funds');
  }
  return undefined;
}

type CheckoutAnswer = ReplyBody<'checkout'>;

function paidAnswer(request: ContractRequest<'checkout'>, orderId: number): CheckoutAnswer {
  return {
    status: 'OK',
    redirect_url: '/success-payment',
    order_id: orderId,
    message: t(request.locale, 'checkout.paid'),
  };
}

/** The contract's form of an Idempotency-Key: 1–255 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/**
 * The checkout's Idempotency-Key, when the client sent one. Checked here: the router does not
 * validate header parameters against the contract.
 */
function idempotencyOf(request: ContractRequest<'checkout'>, userId: number): IdempotentCheckout | undefined {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw fieldErrors({ idempotency_key: [t(request.locale, 'checkout.keyMalformed')] });
  }
  return {
    claim: { userId, key, fingerprint: requestFingerprint('checkout', request.body) },
    paidAnswer: (orderId) => ({ status: 200, body: paidAnswer(request, orderId) }),
  };
}

/** The first answer to this Idempotency-Key again (its status and body). */
function replay(reply: FastifyReply, { answer }: Replay): CheckoutAnswer {
  reply.code(answer.status);
  return answer.body as CheckoutAnswer;
}

/** What the provider's page of an order's payment asks for: the first checkout and a later Pay now. */
function orderCheckout(
  request: FastifyRequest,
  settings: Settings,
  customerEmail: string,
  payment: PaymentRow,
  orderId: number,
): CheckoutPayment {
  return {
    ref: payment.ref,
    kind: 'order',
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    description: t(request.locale, 'payment.order', {
      id: orderId,
      coins: formatCoins(payment.coinsMinor, request.locale, settings.internal_currency.name),
    }),
    customerEmail,
    savePaymentMethod: false,
  };
}

async function payByCard(
  request: ContractRequest<'checkout'>,
  reply: FastifyReply,
  settings: Settings,
  user: { id: number; email: string },
  idempotent: IdempotentCheckout | undefined,
  display: Rate | undefined,
  player: string | undefined,
): Promise<CheckoutAnswer> {
  const { db, config } = request.server.ctx;
  const base = await baseCurrency(db);
  const { provider } = await request.server.ctx.payments.required();
  const charge = {
    chargeFor: (coinsMinor: number) => ({
      amountMinor: withVat(
        amountForCoins(coinsMinor, base, display ?? base, settings.points_conversion_rate),
        settings.vat_percent,
      ),
      currency: (display ?? base).code,
    }),
  };
  const languageId = await titleLanguageId(request);
  // A retry after a 503 opens the order its Idempotency-Key made (inside the checkout's
  // transaction, `startCardCheckout`); a checkout without that key finds the cart empty (409).
  const started = await startCardCheckout(db, user.id, languageId, provider.name, charge, idempotent, player);
  if (started.kind === 'replay') return replay(reply, started);
  if (started.kind === 'paid') {
    deliveriesQueued();
    mailQueued();
    return paidAnswer(request, started.orderId);
  }
  const { payment } = started;
  const redirectUrl = await openCheckout(
    db,
    provider,
    orderCheckout(request, settings, user.email, payment, started.orderId),
    checkoutUrls(config.publicUrl, payment.ref),
    async () => {
      // The order failed and its lines are back in the cart: the same key may check them out again.
      if ((await failUnopenedPayment(db, payment)) && idempotent) await releaseKey(db, idempotent.claim);
    },
  );
  const answer: CheckoutAnswer = {
    status: 'OK',
    redirect_url: redirectUrl,
    order_id: started.orderId,
    payment_id: payment.ref,
    message: t(request.locale, 'checkout.awaitingPayment'),
  };
  if (idempotent) await keepKey(db, idempotent.claim, started.orderId, { status: 200, body: answer });
  return answer;
}

/**
 * The player the order is for: the one sent, else the profile's. A name breaking the rule is a
 * 422 whether or not the cart needs one; none at all is refused only when it does (in the
 * checkout's transaction, which knows the cart).
 */
function playerOf(request: ContractRequest<'checkout'>, saved: string | null): string | undefined {
  const player = request.body.player ?? saved ?? undefined;
  if (player === undefined) return undefined;
  if (!isPlayerName(player, request.server.ctx.config.delivery.playerNames)) {
    throw fieldErrors({ player: [t(request.locale, 'player.invalid')] });
  }
  return player;
}

/** 404 for an order that is not the customer's, 409 for one no longer pending. */
function orderRefusal(request: FastifyRequest, error: unknown): HttpError | undefined {
  if (error instanceof OrderNotFoundError) return new HttpError(404, t(request.locale, 'error.notFound'));
  if (error instanceof OrderNotPendingError) return new HttpError(409, t(request.locale, 'order.notPending'));
  return undefined;
}

/** Opens the provider's page of a pending order's payment again (ADR 0028). */
async function payAgain(request: ContractRequest<'payOrder'>): Promise<ReplyBody<'payOrder'>> {
  const { user } = requireVerifiedEmail(request);
  const { db, config } = request.server.ctx;
  const { provider } = await request.server.ctx.payments.required();
  const payment = await payablePayment(db, user.id, request.params.id);
  // Made with another provider than the store's now: it cannot be opened here any more.
  if (payment.provider !== provider.name || payment.orderId === null) {
    throw new OrderNotPendingError(request.params.id, 'pending');
  }
  const settings = await currentSettings(db);
  const redirectUrl =
    payment.providerRef !== null && provider.resumeCheckout !== undefined
      ? await provider.resumeCheckout(payment.providerRef)
      : await openCheckout(
          db,
          provider,
          orderCheckout(request, settings, user.email, payment, payment.orderId),
          checkoutUrls(config.publicUrl, payment.ref),
          // The provider refused: the order stays pending (paid later or expired), nothing settles.
          async () => {},
        );
  return {
    status: 'OK',
    redirect_url: redirectUrl,
    order_id: payment.orderId,
    payment_id: payment.ref,
    message: t(request.locale, 'checkout.awaitingPayment'),
  };
}

/** Cancels a pending order (lines back into the cart), then closes its payment at the provider. */
async function cancel(request: ContractRequest<'cancelOrder'>): Promise<ReplyBody<'cancelOrder'>> {
  const { user } = requireAuth(request);
  const { db } = request.server.ctx;
  const closed = await cancelOrder(db, user.id, request.params.id);
  if (closed !== null) {
    await closeAtProvider((await request.server.ctx.payments.configured())?.provider, [closed], request.log);
  }
  const lines = await readCartLines(db, user.id, await titleLanguageId(request));
  return { status: 'OK', cart: toCartItems(lines), message: t(request.locale, 'order.cancelled') };
}

/** The order history of a customer, newest first, as GET /purchase/history and the data export answer it. */
export async function ordersOf(db: Database, userId: number, languageId: number, pendingTimeoutMs: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, delivered, pending, cards] = await Promise.all([
    linesOfOrders(db, ids, languageId),
    deliveriesOfOrders(db, ids),
    pendingPaymentsOf(
      db,
      rows.filter((row) => row.status === 'pending').map((row) => row.id),
    ),
    cardChargesOf(db, ids),
  ]);
  return rows.map((order) => {
    const payment = order.status === 'pending' ? pending.get(order.id) : undefined;
    return {
      id: order.id,
      created_at: order.createdAt.toISOString(),
      status: order.status,
      payment_method: order.paymentMethod,
      total: order.totalMinor,
      items: lines.filter((line) => line.orderId === order.id).map(({ line }) => line),
      payment_id: payment?.ref ?? null,
      expires_at:
        payment === undefined ? null : new Date(payment.createdAt.getTime() + pendingTimeoutMs).toISOString(),
      can_pay: payment !== undefined,
      can_cancel: order.status === 'pending',
      delivery: delivered.get(order.id) ?? { status: 'none' as const },
      card: cards.get(order.id) ?? null,
    };
  });
}

/**
 * One of the customer's orders with its lines and payments: coins from the balance are its
 * `order` ledger entries, a card payment its payment rows; null when it is not theirs.
 */
async function orderOf(db: Database, userId: number, id: number, languageId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (order === undefined) return null;
  const [lines, { paymentRows, ledger }, delivered] = await Promise.all([
    linesOfOrders(db, [id], languageId),
    moneyOfOrder(db, id),
    deliveriesOfOrders(db, [id]),
  ]);
  const fromBalance = ledger
    .map(ledgerView)
    .filter((entry) => entry.reason === 'order')
    .map((entry) => ({
      method: 'balance' as const,
      status: 'paid' as const,
      coins: -entry.amount,
      card: null,
      at: entry.at,
    }));
  const byCard = paymentRows
    .filter((payment) => payment.kind === 'order')
    .map((payment) => ({
      method: 'card' as const,
      status: payment.status,
      coins: Number(payment.coinsMinor),
      card: { currency: payment.currency, amount: Number(payment.amountMinor) },
      at: payment.createdAt.toISOString(),
    }));
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_method: order.paymentMethod,
    total: Number(order.totalMinor),
    lines: lines.map(({ line }) => line),
    payments: [...fromBalance, ...byCard].sort((a, b) => a.at.localeCompare(b.at)),
    delivery: delivered.get(id) ?? { status: 'none' as const },
  };
}

export const orderHandlers = {
  checkout: async (request, reply) => {
    const { user } = requireVerifiedEmail(request);
    const { body } = request;
    const { db } = request.server.ctx;
    const settings = await currentSettings(db);
    if (!settings.payment_methods.includes(body.payment_method)) {
      throw fieldErrors({ payment_method: [t(request.locale, 'checkout.methodUnavailable')] });
    }
    // The card is charged in the display currency the storefront shows (the default when absent).
    const display = body.currency === undefined ? undefined : await offeredCurrency(request, body.currency);
    const idempotent = idempotencyOf(request, user.id);
    const player = playerOf(request, user.player);
    try {
      if (body.payment_method === 'card') {
        return await payByCard(request, reply, settings, user, idempotent, display, player);
      }
      const paid = await checkoutWithBalance(db, user.id, await titleLanguageId(request), idempotent, player);
      if (paid.kind === 'replay') return replay(reply, paid);
      deliveriesQueued();
      mailQueued();
      return paidAnswer(request, paid.orderId);
    } catch (error) {
      throw checkoutRefusal(request, error, settings.internal_currency.name) ?? error;
    }
  },

  listOrders: async (request) => {
    const { user } = requireAuth(request);
    const { db, config } = request.server.ctx;
    const languageId = await titleLanguageId(request);
    return { status: 'OK', payload: await ordersOf(db, user.id, languageId, config.paymentPendingTimeoutMs) };
  },

  getOrder: async (request) => {
    const { user } = requireAuth(request);
    const order = await orderOf(
      request.server.ctx.db,
      user.id,
      request.params.id,
      await titleLanguageId(request),
    );
    // Someone else's order answers as none does: it does not say that it exists.
    if (order === null) throw new HttpError(404, t(request.locale, 'error.notFound'));
    return { status: 'OK', payload: order };
  },

  payOrder: async (request) => {
    try {
      return await payAgain(request);
    } catch (error) {
      throw orderRefusal(request, error) ?? error;
    }
  },

  cancelOrder: async (request) => {
    try {
      return await cancel(request);
    } catch (error) {
      throw orderRefusal(request, error) ?? error;
    }
  },
} satisfies Partial<ContractHandlers>;
