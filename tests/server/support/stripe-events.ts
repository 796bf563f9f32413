import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';

const fixtures = path.join(import.meta.dirname, '../fixtures/stripe');

/**
 * A recorded-shape event (tests/server/fixtures/stripe/<name>.json) for our payment, as Stripe
 * would send it: raw JSON and its signature with `secret`. Each call is a new event (its own id),
 * as each of Stripe's events is.
 */
export function stripeEvent(name: string, ref: string, secret: string, at = Math.floor(Date.now() / 1000)) {
  const fixture = readFileSync(path.join(fixtures, `${name}.json`), 'utf8');
  const recordedId = (JSON.parse(fixture) as { id: string }).id;
  const raw = fixture
    .replaceAll('PAYMENT_REF', ref)
    .replace(recordedId, `evt_${randomBytes(12).toString('hex')}`);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret, timestamp: at });
  return { raw, signature, id: (JSON.parse(raw) as { id: string }).id };
}
