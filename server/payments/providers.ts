import type { AppContext } from '../app';
import { getOrCreateSecret } from '../db/secrets';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, SANDBOX_SECRET_NAME } from './sandbox';
import { createStripeProvider } from './stripe';

/** The payment provider of an app, and the sandbox's signing secret when it is the sandbox. */
export interface Payments {
  provider: PaymentProvider;
  /** Set only for the sandbox: its page signs the events it delivers with it. */
  sandboxSecret?: string;
}

const byApp = new WeakMap<AppContext, Promise<Payments>>();

async function fromConfig(ctx: AppContext): Promise<Payments> {
  const { payment } = ctx.config;
  if (payment.provider === 'stripe') {
    return {
      provider: createStripeProvider({ secretKey: payment.secretKey, webhookSecret: payment.webhookSecret }),
    };
  }
  const sandboxSecret = payment.webhookSecret ?? (await getOrCreateSecret(ctx.db, SANDBOX_SECRET_NAME));
  return { provider: createSandboxProvider(sandboxSecret), sandboxSecret };
}

/** The provider chosen by PAYMENT_PROVIDER, built once per app (the sandbox secret is read once). */
export function paymentsOf(ctx: AppContext): Promise<Payments> {
  let payments = byApp.get(ctx);
  if (payments === undefined) {
    payments = fromConfig(ctx);
    payments.catch(() => byApp.delete(ctx));
    byApp.set(ctx, payments);
  }
  return payments;
}

/** Replaces an app's provider (an embedding server with its own client, or a test double). */
export function usePayments(ctx: AppContext, payments: Payments): void {
  byApp.set(ctx, Promise.resolve(payments));
}
