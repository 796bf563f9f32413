/**
 * The candidate events of the checkout machine's path plan (docs/architecture.md §5), shared by the machine
 * suite (tests/machines/checkout.test.ts) and the UI replay of its paths (tests/ui/pages).
 */
import type { ApiFailure } from '../../domain/api-failure';
import type { checkoutMachine, StoreFacts } from '../../machines/checkout';
import { doneEvent, errorEvent, type PlanOptions } from './paths';

/** A failure as the api client reports it; `serverMessage` only when the server sent one. */
export const checkoutFailure = (kind: ApiFailure['kind'], serverMessage?: string): ApiFailure => ({
  kind,
  message: serverMessage ?? kind,
  ...(serverMessage === undefined ? {} : { serverMessage }),
});

/** The coins do not cover the total: the one 422 with the code `insufficient_funds`. */
export const coinsShort: ApiFailure = {
  ...checkoutFailure('validation', 'You need 10.00 Coins but have 4.00 Coins.'),
  code: 'insufficient_funds',
};

/** Another 422 (the key sent before with another body): its own message, no shortfall. */
export const keyReused = checkoutFailure(
  'validation',
  'This checkout was already sent with other details. Please reload the page and try again.',
);

export const UNAVAILABLE_MESSAGE =
  'The payment service cannot be reached right now. Nothing was charged; please try again in a moment.';
export const paymentsUnavailable: ApiFailure = {
  ...checkoutFailure('server', UNAVAILABLE_MESSAGE),
  status: 503,
};

/** The store the plan's checkout opens on: a 10.00 total against a 4.00 balance, prices in US dollars. */
export const planStore: StoreFacts = {
  total: 1000,
  inGame: false,
  cartBusy: false,
  balance: 400,
  currency: 'USD',
};

/** The server refused the player the order is for: a 422 on the field. */
export const playerRefused: ApiFailure = {
  ...checkoutFailure('validation', 'Please check the highlighted fields.'),
  fieldErrors: { player: ['Please enter a valid player name: 3 to 16 letters, digits or underscores.'] },
};

export const checkoutPlan: PlanOptions<typeof checkoutMachine> = {
  inputs: [
    { methods: ['balance', 'card'], idempotencyKey: 'k1', store: planStore },
    { methods: ['card'], idempotencyKey: 'k2', store: planStore },
    { methods: [], idempotencyKey: 'k3', store: planStore },
  ],
  events: [
    { type: 'SELECT', method: 'card' },
    { type: 'SELECT', method: 'balance' },
    { type: 'SUBMIT' },
    { type: 'STORE', ...planStore, inGame: true },
    { type: 'STORE', ...planStore, cartBusy: true },
    { type: 'SUGGEST_PLAYER', player: 'Steve' },
    { type: 'PLAYER', value: 'Alex' },
    { type: 'PLAYER', value: ' ' },
    doneEvent('submitCheckout', { redirectUrl: '/success-payment' }),
    doneEvent('submitCheckout', { redirectUrl: 'https://pay.example/session/1' }),
    doneEvent('submitCheckout', { redirectUrl: 'javascript:alert(1)' }),
    errorEvent('submitCheckout', checkoutFailure('cancelled')),
    errorEvent('submitCheckout', checkoutFailure('unverified', 'Your email address is not verified.')),
    errorEvent('submitCheckout', coinsShort),
    errorEvent('submitCheckout', keyReused),
    errorEvent('submitCheckout', playerRefused),
    errorEvent('submitCheckout', checkoutFailure('server')),
    errorEvent('submitCheckout', paymentsUnavailable),
  ],
};
