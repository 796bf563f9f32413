/** What a checkout sends to a payment provider. */
export interface CheckoutPayment {
  /** Our reference (`pay_…`): the provider's idempotency key and the key of its events. */
  ref: string;
  kind: 'top_up' | 'order';
  /** Charged, in minor units of `currency`, VAT included. */
  amountMinor: number;
  currency: string;
  /** A line for the provider's page, in the customer's language. */
  description: string;
  customerEmail: string;
  /** Ask the provider to keep the card for later payments. */
  savePaymentMethod: boolean;
}

/** Where the provider sends the customer back: absolute URLs on PUBLIC_URL. */
export interface CheckoutUrls {
  success: string;
  cancel: string;
}

export interface CheckoutSession {
  /** An absolute URL of the provider, or a path on this origin (the sandbox). */
  redirectUrl: string;
  /** The provider's own id of the session, when it has one. */
  providerRef?: string;
  /**
   * What the provider charges, in minor units, when it is not the payment's amount (Stripe takes
   * three-decimal currencies only in tens of minor units): the payment records this amount.
   */
  chargedMinor?: number;
}

/** A verified provider event, reduced to what changes a payment. */
export interface PaymentEvent {
  /** The provider's event id (unique per provider): a second delivery changes nothing. */
  id: string;
  outcome: 'succeeded' | 'failed' | 'ignored';
  /** Our payment reference, when the event names one. */
  paymentRef?: string;
  /** The payload as received, kept with the event. */
  payload: unknown;
}

/** Part or all of a paid payment, back to the card it was made with. */
export interface CardRefund {
  /** The payment: our reference and the provider's id of its checkout. */
  payment: { ref: string; providerRef: string | null };
  /** Minor units of the payment's currency. */
  amountMinor: number;
  /** The provider's idempotency key: however often it is sent, the card gets the refund once. */
  key: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(payment: CheckoutPayment, urls: CheckoutUrls): Promise<CheckoutSession>;
  /**
   * Closes an open checkout at the provider (a payment cancelled or expired here), when the
   * provider can: afterwards it takes no payment for it. Absent: nothing to close there.
   */
  cancelCheckout?(providerRef: string): Promise<void>;
  /**
   * The page of a checkout opened before, to pay it later. Absent: `createCheckout` again gives
   * the same page (the sandbox's is derived from the payment).
   */
  resumeCheckout?(providerRef: string): Promise<string>;
  /**
   * Sends a refund to the card; answers the provider's id of it. Throws `PaymentsUnavailableError`
   * when the provider cannot be reached (send it again later, with the same key) and
   * `PaymentProviderRefusedError` when it will not refund.
   */
  refund(refund: CardRefund): Promise<{ providerRef: string }>;
  /** Checks the signature on the exact bytes received; throws `WebhookSignatureError` otherwise. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Card payments cannot be taken now: no provider is configured, or the provider cannot be
 * reached. Answered as a 503 with a clear message; nothing is charged and nothing settled, so the
 * customer can try again.
 */
export class PaymentsUnavailableError extends Error {
  constructor(
    readonly reason: 'not-configured' | 'unreachable',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'not-configured'
        ? 'No payment provider is configured'
        : 'The payment provider cannot be reached',
      options,
    );
    this.name = 'PaymentsUnavailableError';
  }
}

/** The provider answered, and refused to open the payment (a bad key, a currency it does not take). */
export class PaymentProviderRefusedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The payment provider refused to open the payment', options);
    this.name = 'PaymentProviderRefusedError';
  }
}
