// A customer driving the API over HTTP, and what the answers acknowledged: the model the fault
// tests compare the server against after a crash. One request at a time per shopper, so every
// write is either acknowledged (its answer arrived) or the one request in flight.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboxDir } from '../../../server/mail/mailer';
import { newSandboxEvent, type SandboxEvent, signSandboxBody } from '../../../server/payments/sandbox';
import { decoded, PASSWORD, verificationTokenIn } from '../support/accounts';

export const SANDBOX_SECRET = 'faults-sandbox-secret-0123456789abcdef';

/**
 * A fresh data folder and the environment of a store under fault load: the sandbox pays, and
 * each request comes from its own address (X-Forwarded-For), as many customers would.
 */
export function faultStore(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `blockfront-faults-${name}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    PAYMENT_PROVIDER: 'sandbox',
    SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
    TRUST_PROXY: 'true',
  };
  return { dataDir, env };
}

export interface CartLine {
  id: number;
  item_id: number;
  count: number;
  item: { price: number };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** The Location of a redirect. */
  location: string | null;
}

/** A random client address per request: the rate limits count per address (TRUST_PROXY=true). */
function clientAddress(random: () => number): string {
  const octet = () => 1 + Math.floor(random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** A request that never got its answer: the server died while it ran. */
export class Unanswered extends Error {
  constructor(readonly what: string) {
    super(`no answer to ${what}`);
  }
}

export class Api {
  constructor(
    public baseURL: string,
    private readonly random: () => number,
  ) {}

  async send(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      'x-forwarded-for': clientAddress(this.random),
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined || options.body !== undefined) {
      body = options.raw ?? JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await fetch(`${this.baseURL}/api${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new Unanswered(`${method} ${path}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new Unanswered(`${method} ${path} (body)`);
    }
    const json = response.headers.get('content-type')?.includes('json')
      ? (JSON.parse(text) as Record<string, unknown>)
      : {};
    return { status: response.status, body: json, location: response.headers.get('location') };
  }
}

export interface PaymentModel {
  coins: number;
  /** The outcome the server acknowledged ('pending' until a delivery answered 'Processed'). */
  status: 'pending' | 'paid' | 'failed';
  /** Every event sent for it, to deliver again after a crash (a provider retries until a 2xx). */
  events: SandboxEvent[];
}

/** What the acknowledged answers say the customer's account holds. */
export interface Model {
  balance: number;
  cart: CartLine[];
  orders: Map<number, number>;
  payments: Map<string, PaymentModel>;
}

/** The one operation a shopper had in flight when the server died, to reconcile after restart. */
export type InFlight =
  | { op: 'add'; productId: number; count: number }
  | { op: 'checkout' }
  | { op: 'topUp' }
  | { op: 'deliver'; ref: string; event: SandboxEvent };

const now = () => Math.floor(Date.now() / 1000);

export class Shopper {
  token = '';
  model: Model = { balance: 0, cart: [], orders: new Map(), payments: new Map() };
  inFlight: InFlight | undefined;

  constructor(
    readonly api: Api,
    readonly email: string,
    private readonly random: () => number,
  ) {}

  /** Signs up, opens the verification link from the outbox (the welcome bonus), and reads the balance. */
  async join(dataDir: string, countryId: number): Promise<void> {
    const registered = await this.api.send('POST', '/register', {
      body: {
        name: 'Alex',
        surname: 'Stone',
        email: this.email,
        phone: '+49 30 901820',
        phoneE164: '+4930901820',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        city: 'Berlin',
        country: countryId,
      },
    });
    if (registered.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(registered.body)}`);
    this.token = String(registered.body.access_token);
    const mail = outboxMailTo(dataDir, this.email);
    const verified = await this.api.send('GET', `/email/verify/${verificationTokenIn(mail)}`);
    // Every link answers 302 (openapi.yaml verifyEmail): only the target tells a verified address.
    if (!String(verified.location).startsWith('/email/verify/success')) {
      throw new Error(`verification failed with ${verified.status} to ${verified.location}`);
    }
    this.model.balance = await this.balance();
  }

  async balance(): Promise<number> {
    const profile = await this.api.send('GET', '/user/profile', { token: this.token });
    if (profile.status !== 200) throw new Error(`profile: ${profile.status}`);
    return (profile.body.payload as { balance: number }).balance;
  }

  /** One random operation, updating the model from its answer. */
  async step(products: { id: number }[]): Promise<void> {
    const roll = this.random();
    if (roll < 0.45) await this.add(products[Math.floor(this.random() * products.length)]?.id ?? 1);
    else if (roll < 0.65) await this.checkout();
    else if (roll < 0.85) await this.topUpAndPay();
    else await this.balance();
  }

  private async run<T>(inFlight: InFlight, request: () => Promise<T>): Promise<T> {
    this.inFlight = inFlight;
    const result = await request();
    this.inFlight = undefined;
    return result;
  }

  async add(productId: number): Promise<void> {
    const count = 1 + Math.floor(this.random() * 2);
    const answer = await this.run({ op: 'add', productId, count }, () =>
      this.api.send('POST', '/cart/add', { token: this.token, body: { id: productId, count } }),
    );
    if (answer.status === 200) this.model.cart = answer.body.cart as CartLine[];
    else if (answer.status !== 422)
      throw new Error(`cart add: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  async checkout(): Promise<void> {
    const answer = await this.run({ op: 'checkout' }, () =>
      // The demo products deliver in game: an order names the player it is for (ADR 0031).
      this.api.send('POST', '/orders/checkout', {
        token: this.token,
        body: { payment_method: 'balance', player: 'Shopper' },
      }),
    );
    if (answer.status === 200) {
      const total = cartTotal(this.model.cart);
      this.model.orders.set(Number(answer.body.order_id), total);
      this.model.balance -= total;
      this.model.cart = [];
    } else if (
      answer.status !== 409 &&
      !(answer.status === 422 && answer.body.code === 'insufficient_funds')
    ) {
      // An empty cart (409) or too few coins are the only refusals a shopper meets.
      throw new Error(`checkout: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }

  /**
   * A card top-up and the provider's deliveries for it: the success, often again (a duplicate),
   * sometimes a second success event, sometimes a late failure, in a random order.
   */
  async topUpAndPay(): Promise<void> {
    const created = await this.run({ op: 'topUp' }, () =>
      this.api.send('POST', '/balance/top-up', {
        token: this.token,
        body: { amount: 2000, currency: 'EUR', payment_method: 'card' },
      }),
    );
    if (created.status !== 200) throw new Error(`top-up: ${created.status} ${JSON.stringify(created.body)}`);
    const ref = String(created.body.payment_id);
    const success = newSandboxEvent('payment.succeeded', ref, now());
    const events = [success];
    if (this.random() < 0.5) events.push(success);
    if (this.random() < 0.3) events.push(newSandboxEvent('payment.succeeded', ref, now()));
    if (this.random() < 0.3) events.push(newSandboxEvent('payment.failed', ref, now()));
    events.sort(() => this.random() - 0.5);
    const payment: PaymentModel = { coins: 0, status: 'pending', events };
    this.model.payments.set(ref, payment);
    payment.coins = await this.coinsOf(ref);
    for (const event of events) await this.deliver(ref, event);
  }

  async coinsOf(ref: string): Promise<number> {
    return (await this.payment(ref)).coins;
  }

  async payment(ref: string): Promise<{ coins: number; status: PaymentModel['status'] }> {
    const answer = await this.api.send('GET', `/payments/${ref}`, { token: this.token });
    if (answer.status !== 200) throw new Error(`payment ${ref}: ${answer.status}`);
    return answer.body.payload as { coins: number; status: PaymentModel['status'] };
  }

  /** One signed delivery; 'Processed' settles the payment in the model, 409 contradicts a settled one. */
  async deliver(ref: string, event: SandboxEvent): Promise<void> {
    const raw = JSON.stringify(event);
    const answer = await this.run({ op: 'deliver', ref, event }, () =>
      this.api.send('POST', '/payments/webhook/sandbox', {
        raw,
        headers: { 'blockfront-signature': signSandboxBody(SANDBOX_SECRET, raw, now()) },
      }),
    );
    const payment = this.model.payments.get(ref);
    if (payment === undefined) throw new Error(`no payment ${ref} in the model`);
    if (answer.status === 200 && answer.body.message === 'Processed') {
      if (payment.status !== 'pending') throw new Error(`${ref} was settled twice`);
      payment.status = event.type === 'payment.succeeded' ? 'paid' : 'failed';
      if (payment.status === 'paid') this.model.balance += payment.coins;
    } else if (answer.status !== 200 && answer.status !== 409) {
      throw new Error(`webhook: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
}

export function cartTotal(cart: CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.item.price * line.count, 0);
}

function outboxMailTo(dataDir: string, address: string): string {
  const dir = outboxDir(dataDir);
  const mails = readdirSync(dir)
    .sort()
    .map((file) => decoded(readFileSync(join(dir, file), 'utf8')))
    .filter((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim() === address.toLowerCase());
  const last = mails.at(-1);
  if (last === undefined) throw new Error(`no mail to ${address} in ${dir}`);
  return last;
}

/** A small seeded PRNG (mulberry32): the same seed, the same load. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
