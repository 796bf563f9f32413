import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CheckoutSession,
  headerValue,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from './provider';

export const SANDBOX_SIGNATURE_HEADER = 'Blockfront-Signature';
/** A signature older or newer than this is refused, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** Name of the secret in `server_secrets` when SANDBOX_WEBHOOK_SECRET is not set. */
export const SANDBOX_SECRET_NAME = 'sandbox_webhook_secret';

export type SandboxEventType = 'payment.succeeded' | 'payment.failed';

/** The body of a sandbox webhook delivery (openapi.yaml `SandboxWebhookEvent`). */
export interface SandboxEvent {
  id: string;
  type: SandboxEventType;
  payment_ref: string;
  created: number;
}

function hmac(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The `Blockfront-Signature` header value for a body: `t=<unix>,v1=<hex>`. */
export function signSandboxBody(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

export function newSandboxEvent(
  type: SandboxEventType,
  paymentRef: string,
  nowSeconds: number,
): SandboxEvent {
  return {
    id: `sbx_evt_${randomBytes(16).toString('hex')}`,
    type,
    payment_ref: paymentRef,
    created: nowSeconds,
  };
}

function parseSignature(header: string): { timestamp: number; signatures: string[] } {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError('The signature header is malformed');
  }
  return { timestamp, signatures };
}

/** Verifies a sandbox delivery: the HMAC of "<t>.<raw body>" with the secret, and a recent t. */
export function verifySandboxSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
): void {
  if (header === undefined) throw new WebhookSignatureError('The signature header is missing');
  const { timestamp, signatures } = parseSignature(header);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The signature timestamp is outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches) throw new WebhookSignatureError('The signature does not match');
}

function parseSandboxEvent(rawBody: string): SandboxEvent {
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('The body is not JSON');
  }
  const event = value as Partial<SandboxEvent> | null;
  if (
    typeof event?.id !== 'string' ||
    (event.type !== 'payment.succeeded' && event.type !== 'payment.failed') ||
    typeof event.payment_ref !== 'string'
  ) {
    throw new WebhookSignatureError('The body is not a sandbox event');
  }
  return event as SandboxEvent;
}

/**
 * The key of one payment's sandbox page: an HMAC of its ref under the sandbox secret, so only the
 * redirect URL handed to the payment's customer opens the page; knowing a ref is not enough.
 * Derived, not stored, so every node on the database checks it alike.
 */
export function sandboxPageKey(secret: string, ref: string): string {
  return createHmac('sha256', secret).update(`sandbox-page:${ref}`, 'utf8').digest('base64url');
}

export function isSandboxPageKey(secret: string, ref: string, key: string | undefined): boolean {
  if (key === undefined) return false;
  const expected = Buffer.from(sandboxPageKey(secret, ref));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The sandbox page of a payment, with its key: where the customer is sent, and where its form posts. */
export function sandboxPageUrl(secret: string, ref: string): string {
  return `/api/sandbox/pay/${encodeURIComponent(ref)}?key=${sandboxPageKey(secret, ref)}`;
}

/**
 * The built-in provider: its "checkout" is this server's own page `/api/sandbox/pay/{ref}?key=…`,
 * whose buttons post signed events to the same webhook logic a real provider would call.
 */
export function createSandboxProvider(secret: string, now: () => number = Date.now): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(payment): Promise<CheckoutSession> {
      return { redirectUrl: sandboxPageUrl(secret, payment.ref), providerRef: `sandbox:${payment.ref}` };
    },
    // The sandbox moves no money: a refund is taken at once, named after its key.
    async refund(refund) {
      return { providerRef: `sandbox:${refund.key}` };
    },
    verifyWebhook(rawBody, headers): PaymentEvent {
      const header = headerValue(headers, SANDBOX_SIGNATURE_HEADER);
      verifySandboxSignature(secret, rawBody, header, Math.floor(now() / 1000));
      const event = parseSandboxEvent(rawBody);
      return {
        id: event.id,
        outcome: event.type === 'payment.succeeded' ? 'succeeded' : 'failed',
        paymentRef: event.payment_ref,
        payload: event,
      };
    },
  };
}
