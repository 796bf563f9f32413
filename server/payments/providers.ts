import type { AppContext } from '../app';
import type { PaymentConfig } from '../config';
import { getOrCreateSecret } from '../db/secrets';
import { type PaymentProvider, PaymentsUnavailableError } from './provider';
import { createSandboxProvider, SANDBOX_SECRET_NAME } from './sandbox';
import { createStripeProvider } from './stripe';

/** The payment provider of an app, and the sandbox's signing secret when it is the sandbox. */
export interface Payments {
  provider: PaymentProvider;
  /** Set only for the sandbox: its page signs the events it delivers with it. */
  sandboxSecret?: string;
}

const byApp = new WeakMap<AppContext, Promise<Payments | undefined>>();

async function fromConfig(ctx: AppContext): Promise<Payments | undefined> {
  const { payment } = ctx.config;
  if (payment.provider === 'none') return undefined;
  if (payment.provider === 'stripe') {
    return {
      provider: createStripeProvider({ secretKey: payment.secretKey, webhookSecret: payment.webhookSecret }),
    };
  }
  const sandboxSecret = payment.webhookSecret ?? (await getOrCreateSecret(ctx.db, SANDBOX_SECRET_NAME));
  return { provider: createSandboxProvider(sandboxSecret), sandboxSecret };
}

/**
 * The provider of the config (server/config.ts), built once per app (the sandbox secret is read
 * once); undefined when the store takes no card payments.
 */
export function configuredPayments(ctx: AppContext): Promise<Payments | undefined> {
  let payments = byApp.get(ctx);
  if (payments === undefined) {
    payments = fromConfig(ctx);
    payments.catch(() => byApp.delete(ctx));
    byApp.set(ctx, payments);
  }
  return payments;
}

/** The provider that takes a payment now; `PaymentsUnavailableError` (a 503) when there is none. */
export async function paymentsOf(ctx: AppContext): Promise<Payments> {
  const payments = await configuredPayments(ctx);
  if (payments === undefined) throw new PaymentsUnavailableError('not-configured');
  return payments;
}

/** The start-log line about payments: loud for the sandbox, a warning when there are none. */
export function paymentNotice(payment: PaymentConfig): { level: 'info' | 'warn'; message: string } {
  switch (payment.provider) {
    case 'stripe':
      return { level: 'info', message: 'payments: Stripe Checkout' };
    case 'sandbox':
      return {
        level: 'warn',
        message:
          `!!! SANDBOX PAYMENTS ${payment.because === 'local' ? '(PUBLIC_URL is local)' : '(PAYMENT_PROVIDER=sandbox)'}: ` +
          'card payments are simulated and any signed-in customer can add coins for free. ' +
          'Never run a real store like this: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. !!!',
      };
    case 'none':
      return {
        level: 'warn',
        message:
          payment.because === 'explicit'
            ? 'payments: none (PAYMENT_PROVIDER=none); top-ups and card checkouts answer 503'
            : 'payments: none configured, so top-ups and card checkouts answer 503. Set STRIPE_SECRET_KEY ' +
              'and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=sandbox for a demo (it lets anyone add coins).',
      };
  }
}

/** Replaces an app's provider (an embedding server with its own client, or a test double). */
export function usePayments(ctx: AppContext, payments: Payments): void {
  byApp.set(ctx, Promise.resolve(payments));
}
