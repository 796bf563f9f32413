import Stripe from 'stripe';
import {
  type CheckoutSession,
  headerValue,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderRefusedError,
  PaymentsUnavailableError,
  WebhookSignatureError,
} from './provider';

/**
 * How long one call to Stripe may take, and no retry inside it: the storefront gives a top-up 6 s
 * (docs/product.md §9), and an answer that Stripe cannot be reached (503), which the customer can repeat
 * safely (the payment ref is the idempotency key), beats no answer.
 */
const stripeCallTimeoutMs = 5_000;

/** Stripe's errors that mean "not now" (unreachable, timed out, its own failure, too many requests). */
const UNAVAILABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

/** A Stripe error as the payments code knows it: unavailable (retry later) or refused; others as they are. */
function providerError(error: unknown): unknown {
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !type.startsWith('Stripe')) return error;
  if (UNAVAILABLE.has(type)) return new PaymentsUnavailableError('unreachable', { cause: error });
  return new PaymentProviderRefusedError({ cause: error });
}

/** The Stripe calls the adapter makes; a fake stands in for them in tests. */
export interface StripeCheckoutClient {
  checkout: {
    sessions: {
      create(
        params: Stripe.Checkout.SessionCreateParams,
        options?: Stripe.RequestOptions,
      ): Promise<Pick<Stripe.Checkout.Session, 'id' | 'url'>>;
      /** An open session's page, to pay it later; a paid one's payment intent, to refund it. */
      retrieve?(
        id: string,
      ): Promise<Pick<Stripe.Checkout.Session, 'id' | 'url' | 'status' | 'payment_intent'>>;
      /** Expires an open session: it takes no payment afterwards (ADR 0028). */
      expire?(id: string, params?: Stripe.Checkout.SessionExpireParams): Promise<unknown>;
    };
  };
  refunds?: {
    create(
      params: Stripe.RefundCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<Pick<Stripe.Refund, 'id'>>;
  };
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  client?: StripeCheckoutClient;
}

/**
 * Stripe's three-decimal currencies: it takes amounts in them only as multiples of 10 minor units
 * (https://docs.stripe.com/currencies#three-decimal).
 */
const THREE_DECIMAL_CURRENCIES = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** The amount Stripe is asked to charge: rounded up to the next ten for three-decimal currencies. */
export function stripeAmount(amountMinor: number, currency: string): number {
  return THREE_DECIMAL_CURRENCIES.has(currency.toUpperCase())
    ? Math.ceil(amountMinor / 10) * 10
    : amountMinor;
}

/** Our payment reference on a Checkout Session (set by `createCheckout`). */
function paymentRefOf(session: Stripe.Checkout.Session): string | undefined {
  return session.metadata?.payment_ref ?? session.client_reference_id ?? undefined;
}

/** What a Stripe event means for our payment; events we do not act on are 'ignored'. */
export function outcomeOf(event: Stripe.Event): PaymentEvent['outcome'] {
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid at completion; delayed methods finish with an async_payment event.
      return event.data.object.payment_status === 'unpaid' ? 'ignored' : 'succeeded';
    case 'checkout.session.async_payment_succeeded':
      return 'succeeded';
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return 'failed';
    default:
      return 'ignored';
  }
}

function isCheckoutSessionEvent(
  event: Stripe.Event,
): event is Extract<Stripe.Event, { data: { object: Stripe.Checkout.Session } }> {
  return event.type.startsWith('checkout.session.');
}

/**
 * Stripe Checkout: a hosted payment page per payment, created with our payment ref as the
 * idempotency key (a retried request never opens a second session), and the signed
 * `checkout.session.*` events as the outcome.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const client: StripeCheckoutClient =
    options.client ?? new Stripe(options.secretKey, { timeout: stripeCallTimeoutMs, maxNetworkRetries: 0 });
  return {
    name: 'stripe',
    async createCheckout(payment, urls): Promise<CheckoutSession> {
      const charged = stripeAmount(payment.amountMinor, payment.currency);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: payment.currency.toLowerCase(),
              unit_amount: charged,
              product_data: { name: payment.description },
            },
          },
        ],
        client_reference_id: payment.ref,
        metadata: { payment_ref: payment.ref, kind: payment.kind },
        customer_email: payment.customerEmail,
        success_url: urls.success,
        cancel_url: urls.cancel,
        ...(payment.savePaymentMethod
          ? { customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } }
          : {}),
      };
      let session: Pick<Stripe.Checkout.Session, 'id' | 'url'>;
      try {
        session = await client.checkout.sessions.create(params, { idempotencyKey: payment.ref });
      } catch (error) {
        throw providerError(error);
      }
      if (!session.url) throw new Error(`Stripe returned no URL for checkout session ${session.id}`);
      return {
        redirectUrl: session.url,
        providerRef: session.id,
        ...(charged === payment.amountMinor ? {} : { chargedMinor: charged }),
      };
    },
    async resumeCheckout(providerRef) {
      let session: Pick<Stripe.Checkout.Session, 'id' | 'url' | 'status'> | undefined;
      try {
        session = await client.checkout.sessions.retrieve?.(providerRef);
      } catch (error) {
        throw providerError(error);
      }
      if (!session?.url || session.status !== 'open') throw new PaymentProviderRefusedError();
      return session.url;
    },
    async cancelCheckout(providerRef) {
      // A session already completed or expired cannot be expired: Stripe refuses, and its events
      // (paid: credited as coins) say what happened.
      try {
        await client.checkout.sessions.expire?.(providerRef);
      } catch (error) {
        throw providerError(error);
      }
    },
    async refund({ payment, amountMinor, key }) {
      if (payment.providerRef === null) throw new PaymentProviderRefusedError();
      try {
        const session = await client.checkout.sessions.retrieve?.(payment.providerRef);
        const intent = session?.payment_intent;
        const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
        if (paymentIntent === undefined || client.refunds === undefined)
          throw new PaymentProviderRefusedError();
        const refund = await client.refunds.create(
          { payment_intent: paymentIntent, amount: amountMinor, metadata: { payment_ref: payment.ref } },
          { idempotencyKey: key },
        );
        return { providerRef: refund.id };
      } catch (error) {
        throw providerError(error);
      }
    },
    verifyWebhook(rawBody, headers): PaymentEvent {
      const signature = headerValue(headers, 'Stripe-Signature');
      if (signature === undefined) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const outcome = outcomeOf(event);
      const paymentRef = isCheckoutSessionEvent(event) ? paymentRefOf(event.data.object) : undefined;
      return { id: event.id, outcome, payload: event, ...(paymentRef === undefined ? {} : { paymentRef }) };
    },
  };
}
