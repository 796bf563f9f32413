import type { PaymentConfig } from '../config';
import type { Database } from '../db/database';
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

/** An app's payment provider, on its context (server/context.ts). */
export interface PaymentSlot {
  /** The provider of the config, built once (the sandbox secret read once); undefined when the store takes no card payments. */
  configured(): Promise<Payments | undefined>;
  /** The provider that takes a payment now; `PaymentsUnavailableError` (a 503) when there is none. */
  required(): Promise<Payments>;
  /** Replaces the provider (an embedding server with its own client, or a test double); undefined takes none. */
  replace(payments: Payments | undefined): void;
}

async function fromConfig(payment: PaymentConfig, db: Database): Promise<Payments | undefined> {
  if (payment.provider === 'none') return undefined;
  if (payment.provider === 'stripe') {
    return {
      provider: createStripeProvider({ secretKey: payment.secretKey, webhookSecret: payment.webhookSecret }),
    };
  }
  const sandboxSecret = payment.webhookSecret ?? (await getOrCreateSecret(db, SANDBOX_SECRET_NAME));
  return { provider: createSandboxProvider(sandboxSecret), sandboxSecret };
}

/** The provider of the config (server/config.ts), built at its first use; a failed build is tried again. */
export function paymentSlot(payment: PaymentConfig, db: Database): PaymentSlot {
  let payments: Promise<Payments | undefined> | undefined;
  const configured = (): Promise<Payments | undefined> => {
    if (payments === undefined) {
      const building = fromConfig(payment, db);
      building.catch(() => {
        if (payments === building) payments = undefined;
      });
      payments = building;
    }
    return payments;
  };
  return {
    configured,
    async required() {
      const now = await configured();
      if (now === undefined) throw new PaymentsUnavailableError('not-configured');
      return now;
    },
    replace(replacement) {
      payments = Promise.resolve(replacement);
    },
  };
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
