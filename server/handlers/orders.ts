import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { amountForCoins, withVat } from '../../domain/money';
import { formatCoins } from '../../domain/money-text';
import { requireAuth, requireVerifiedEmail } from '../auth/authenticate';
import { readSettings, type Settings } from '../catalogue/settings';
import type { Database } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { fieldErrors, HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import { type CardCheckout, CheckoutError, checkoutWithBalance, startCardCheckout } from '../ledger/checkout';
import { InsufficientFundsError } from '../ledger/ledger';
import { baseCurrency, findCurrency } from '../payments/currencies';
import { checkoutUrls, failUnopenedPayment, openCheckout, unopenedOrderPayment } from '../payments/payments';
import { paymentsOf } from '../payments/providers';
import { titleLanguageId } from './cart';
import type { ContractHandlers, ContractRequest, ReplyBody } from './types';

function checkoutRefusal(request: FastifyRequest, error: unknown, coinName: string): HttpError | undefined {
  if (error instanceof CheckoutError) {
    return new HttpError(
      409,
      t(request.locale, error.reason === 'empty' ? 'checkout.emptyCart' : 'checkout.unavailable'),
    );
  }
  if (error instanceof InsufficientFundsError) {
    const message = t(request.locale, 'checkout.insufficientFunds', {
      coin: coinName,
      total: formatCoins(error.requiredMinor, request.locale, coinName),
      balance: formatCoins(error.balanceMinor, request.locale, coinName),
    });
    return fieldErrors({ payment_method: [message] });
  }
  return undefined;
}

async function payByCard(
  request: ContractRequest<'checkout'>,
  settings: Settings,
  user: { id: number; email: string },
  body: ContractRequest<'checkout'>['body'],
): Promise<ReplyBody<'checkout'>> {
  const { db, config } = request.server.ctx;
  const base = await baseCurrency(db);
  // The card is charged in the display currency the storefront shows, when the store has it.
  const display = (body.currency === undefined ? undefined : await findCurrency(db, body.currency)) ?? base;
  const { provider } = await paymentsOf(request.server.ctx);
  const started = await startCardCheckout(db, user.id, await titleLanguageId(request), provider.name, {
    chargeFor: (coinsMinor) => ({
      amountMinor: withVat(
        amountForCoins(coinsMinor, base, display, settings.points_conversion_rate),
        settings.vat_percent,
      ),
      currency: display.code,
    }),
  }).catch(async (error: unknown): Promise<CardCheckout> => {
    // The cart is empty because the last card checkout took it into an order the provider could
    // not open (unreachable): this retry opens that order's payment.
    const retry =
      error instanceof CheckoutError && error.reason === 'empty'
        ? await unopenedOrderPayment(db, user.id, provider.name)
        : undefined;
    if (retry?.orderId == null) throw error;
    return { kind: 'payment', orderId: retry.orderId, payment: retry, totalMinor: retry.coinsMinor };
  });
  if (started.kind === 'paid') {
    return {
      status: 'OK',
      redirect_url: '/success-payment',
      order_id: started.orderId,
      message: t(request.locale, 'checkout.paid'),
    };
  }
  const { payment } = started;
  const redirectUrl = await openCheckout(
    db,
    provider,
    {
      ref: payment.ref,
      kind: 'order',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: t(request.locale, 'payment.order', {
        id: started.orderId,
        coins: formatCoins(started.totalMinor, request.locale, settings.internal_currency.name),
      }),
      customerEmail: user.email,
      savePaymentMethod: false,
    },
    checkoutUrls(config.publicUrl, payment.ref),
    () => failUnopenedPayment(db, payment),
  );
  return {
    status: 'OK',
    redirect_url: redirectUrl,
    order_id: started.orderId,
    payment_id: payment.ref,
    message: t(request.locale, 'checkout.awaitingPayment'),
  };
}

async function ordersOf(db: Database, userId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(orderLines.id);
  return rows.map((order) => ({
    id: order.id,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_method: order.paymentMethod,
    total: order.totalMinor,
    items: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        product_id: line.productId,
        title: line.title,
        price: line.priceMinor,
        count: line.count,
      })),
  }));
}

export const orderHandlers = {
  checkout: async (request) => {
    const { user } = requireVerifiedEmail(request);
    const { body } = request;
    const { db } = request.server.ctx;
    const settings = await readSettings(db);
    if (!settings.payment_methods.includes(body.payment_method)) {
      throw fieldErrors({ payment_method: [t(request.locale, 'checkout.methodUnavailable')] });
    }
    try {
      if (body.payment_method === 'card') return await payByCard(request, settings, user, body);
      const orderId = await checkoutWithBalance(db, user.id, await titleLanguageId(request));
      return {
        status: 'OK',
        redirect_url: '/success-payment',
        order_id: orderId,
        message: t(request.locale, 'checkout.paid'),
      };
    } catch (error) {
      throw checkoutRefusal(request, error, settings.internal_currency.name) ?? error;
    }
  },

  listOrders: async (request) => {
    const { user } = requireAuth(request);
    return { status: 'OK', payload: await ordersOf(request.server.ctx.db, user.id) };
  },
} satisfies Partial<ContractHandlers>;
