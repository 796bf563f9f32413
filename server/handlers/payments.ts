import type { FastifyReply, FastifyRequest } from 'fastify';
import { coinsForAmount, minimumTopUp, type Rate, withVat } from '../../domain/money';
import { formatCoins, formatMoney } from '../../domain/money-text';
import { requireAuth, requireVerifiedEmail } from '../auth/authenticate';
import { currentSettings } from '../catalogue/settings-cache';
import { fieldErrors, HttpError } from '../http/errors';
import { type Locale, t } from '../i18n/messages';
import { baseCurrency, findCurrency } from '../payments/currencies';
import {
  checkoutUrls,
  failUnopenedPayment,
  findPayment,
  findUserPayment,
  insertPayment,
  type NewPayment,
  openCheckout,
  type PaymentRow,
  paymentView,
  unopenedTopUp,
} from '../payments/payments';
import { WebhookSignatureError } from '../payments/provider';
import {
  isSandboxPageKey,
  newSandboxEvent,
  SANDBOX_SIGNATURE_HEADER,
  sandboxPageUrl,
  signSandboxBody,
} from '../payments/sandbox';
import { SANDBOX_PAGE_CSP, sandboxNotFoundPage, sandboxPaymentPage } from '../payments/sandbox-page';
import {
  PaymentSettledError,
  receiveWebhook,
  UnknownPaymentError,
  type WebhookResult,
} from '../payments/webhook';
import type { ContractHandlers, ContractRequest, ReplyBody } from './types';

const WEBHOOK_MESSAGE = {
  processed: 'webhook.processed',
  duplicate: 'webhook.duplicate',
  ignored: 'webhook.ignored',
} as const satisfies Record<WebhookResult, string>;

/**
 * The display currency a card is charged in (a top-up, a card checkout): one the store offers
 * (`GET /currencies`), else a 422 on `currency`. One rule for both, so neither charges a currency
 * the storefront never showed.
 */
export async function offeredCurrency(request: FastifyRequest, code: string): Promise<Rate> {
  const currency = await findCurrency(request.server.ctx.db, code);
  if (currency === undefined) throw fieldErrors({ currency: [t(request.locale, 'topUp.currencyUnknown')] });
  return currency;
}

async function topUp(request: ContractRequest<'topUpBalance'>): Promise<ReplyBody<'topUpBalance'>> {
  const { user } = requireVerifiedEmail(request);
  const { body } = request;
  const { db, config } = request.server.ctx;
  const { locale } = request;
  const settings = await currentSettings(db);
  if (!settings.payment_methods.includes('card')) {
    throw fieldErrors({ payment_method: [t(locale, 'checkout.methodUnavailable')] });
  }
  const display = await offeredCurrency(request, body.currency);
  const base = await baseCurrency(db);
  const minimum = minimumTopUp(settings.min_top_up, base, display);
  if (body.amount < minimum) {
    const formatted = formatMoney(minimum, { code: display.code }, locale);
    throw fieldErrors({ amount: [t(locale, 'topUp.belowMinimum', { minimum: formatted })] });
  }
  const coinsMinor = coinsForAmount(body.amount, base, display, settings.points_conversion_rate);
  if (coinsMinor <= 0) throw fieldErrors({ amount: [t(locale, 'field.amount')] });

  const { provider } = await request.server.ctx.payments.required();
  const wanted: NewPayment = {
    kind: 'top_up',
    provider: provider.name,
    userId: user.id,
    amountMinor: withVat(body.amount, settings.vat_percent),
    vatMinor: withVat(body.amount, settings.vat_percent) - body.amount,
    vatPercent: settings.vat_percent,
    currency: display.code,
    coinsMinor,
    returnPath: body.return_to ?? null,
  };
  // A retry after the provider could not be reached takes up the same payment.
  const payment = (await unopenedTopUp(db, wanted)) ?? (await insertPayment(db, wanted));
  const coins = formatCoins(coinsMinor, locale, settings.internal_currency.name);
  const redirectUrl = await openCheckout(
    db,
    provider,
    {
      ref: payment.ref,
      kind: 'top_up',
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: t(locale, 'payment.topUp', { coins }),
      customerEmail: user.email,
      savePaymentMethod: body.save_payment_method ?? false,
    },
    checkoutUrls(config.publicUrl, payment.ref),
    async () => {
      await failUnopenedPayment(db, payment);
    },
  );
  return {
    status: 'OK',
    redirect_url: redirectUrl,
    payment_id: payment.ref,
    message: t(locale, 'topUp.awaitingPayment', { coins }),
  };
}

async function webhook(request: ContractRequest<'paymentWebhook'>): Promise<ReplyBody<'paymentWebhook'>> {
  const { provider: name } = request.params;
  const provider = (await request.server.ctx.payments.configured())?.provider;
  if (provider?.name !== name) throw new HttpError(404, t(request.locale, 'error.notFound'));
  if (request.rawBody === undefined) throw new HttpError(400, t(request.locale, 'webhook.badSignature'));
  let result: WebhookResult;
  try {
    result = await receiveWebhook(request.server.ctx.db, provider, request.rawBody, request.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      request.log.warn({ reason: error.message }, 'webhook signature refused');
      throw new HttpError(400, t(request.locale, 'webhook.badSignature'));
    }
    if (error instanceof UnknownPaymentError) throw new HttpError(404, t(request.locale, 'error.notFound'));
    if (error instanceof PaymentSettledError) throw new HttpError(409, t(request.locale, 'payment.settled'));
    throw error;
  }
  return { status: 'OK', message: t(request.locale, WEBHOOK_MESSAGE[result]) };
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-security-policy', SANDBOX_PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The sandbox's payment of a page request and the page's URL, or null when the sandbox is not the
 * provider, the key is not the one of the payment's redirect URL, or there is no such payment.
 */
async function sandboxPayment(
  request: ContractRequest<'sandboxPaymentPage' | 'sandboxPaymentDecision'>,
): Promise<{ payment: PaymentRow; pageUrl: string } | null> {
  const { ref } = request.params;
  const secret = (await request.server.ctx.payments.configured())?.sandboxSecret;
  if (secret === undefined || !isSandboxPageKey(secret, ref, request.query.key)) return null;
  const payment = await findPayment(request.server.ctx.db, ref);
  if (payment === undefined || payment.provider !== 'sandbox') return null;
  return { payment, pageUrl: sandboxPageUrl(secret, ref) };
}

async function paymentDescription(
  request: FastifyRequest,
  locale: Locale,
  payment: PaymentRow,
): Promise<string> {
  const { internal_currency } = await currentSettings(request.server.ctx.db);
  const coins = formatCoins(payment.coinsMinor, locale, internal_currency.name);
  return payment.orderId === null
    ? t(locale, 'payment.topUp', { coins })
    : t(locale, 'payment.order', { id: payment.orderId, coins });
}

const DECISION_REDIRECT = { pay: '/success-payment', decline: '/fail-payment' } as const;

export const paymentHandlers = {
  topUpBalance: async (request) => topUp(request),

  getPayment: async (request) => {
    const { user } = requireAuth(request);
    const { id } = request.params;
    const payment = await findUserPayment(request.server.ctx.db, user.id, id);
    if (payment === undefined) throw new HttpError(404, t(request.locale, 'error.notFound'));
    return { status: 'OK', payload: paymentView(payment) };
  },

  paymentWebhook: async (request) => webhook(request),

  sandboxPaymentPage: async (request, reply) => {
    const found = await sandboxPayment(request);
    if (found === null) return sendHtml(reply, 404, sandboxNotFoundPage(request.locale));
    const { payment, pageUrl } = found;
    const description = await paymentDescription(request, request.locale, payment);
    return sendHtml(reply, 200, sandboxPaymentPage(request.locale, payment, description, pageUrl));
  },

  /**
   * Delivers the choice as a signed event through the same verification and processing as a
   * provider's webhook call, then sends the browser to the storefront's result page.
   */
  sandboxPaymentDecision: async (request, reply) => {
    const found = await sandboxPayment(request);
    if (found === null) return sendHtml(reply, 404, sandboxNotFoundPage(request.locale));
    const { payment } = found;
    if (payment.status !== 'pending') throw new HttpError(409, t(request.locale, 'payment.settled'));
    const { choice } = request.body;
    if (choice === 'pending') return reply.redirect(`/pending-payment?payment=${payment.ref}`, 303);

    const { provider, sandboxSecret } = await request.server.ctx.payments.required();
    if (sandboxSecret === undefined) throw new Error('The sandbox provider has no signing secret');
    const nowSeconds = Math.floor(Date.now() / 1000);
    const event = newSandboxEvent(
      choice === 'pay' ? 'payment.succeeded' : 'payment.failed',
      payment.ref,
      nowSeconds,
    );
    const rawBody = JSON.stringify(event);
    const signature = signSandboxBody(sandboxSecret, rawBody, nowSeconds);
    try {
      await receiveWebhook(request.server.ctx.db, provider, rawBody, {
        [SANDBOX_SIGNATURE_HEADER.toLowerCase()]: signature,
      });
    } catch (error) {
      if (error instanceof PaymentSettledError)
        throw new HttpError(409, t(request.locale, 'payment.settled'));
      throw error;
    }
    return reply.redirect(`${DECISION_REDIRECT[choice]}?payment=${payment.ref}`, 303);
  },
} satisfies Partial<ContractHandlers>;
