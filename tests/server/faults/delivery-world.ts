// A store process with a game server, a product that carries one command for it, an operator and a
// customer with coins, and the RCON double: what the agent fault tests (agent.faults.ts) run on.
// Every paid order puts one delivery into the queue whose command names the order, so the RCON
// double's record tells how many times each delivery ran.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEnv } from '../../support/agent-process';
import { type RconServer, startRconServer } from '../../support/rcon-server';
import { PASSWORD } from '../support/accounts';
import { type ServerProcess, startServer } from './server-process';
import { Api, faultStore, Shopper, seededRandom } from './shopper';

export const RCON_PASSWORD = 'faults-rcon-password';
/** Short leases, so a crashed agent's deliveries come back within the test. */
export const LEASE_SECONDS = 5;

export interface DeliveryRow {
  id: number;
  order_id: number;
  command: string;
  state: 'queued' | 'leased' | 'done' | 'failed' | 'uncertain';
  attempt: number;
  lease_count: number;
  started_at: string | null;
  reply: string | null;
}

export interface DeliveryWorld {
  dataDir: string;
  store: ServerProcess;
  port: number;
  rcon: RconServer;
  secret: string;
  /** Pays `count` orders for Steve, one at a time; their ids, with the time each was paid. */
  payOrders(count: number): Promise<Array<{ orderId: number; paidAt: number }>>;
  deliveries(orderIds: number[]): Promise<DeliveryRow[]>;
  /** The command the delivery of `orderId` runs. */
  commandOf(orderId: number): string;
  restartStore(): Promise<void>;
  agentEnv(journal: string): AgentEnv;
  close(): Promise<void>;
}

const random = seededRandom(22);

async function ok(answer: Promise<{ status: number; body: Record<string, unknown> }>, what: string) {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

export async function startDeliveryWorld(name: string): Promise<DeliveryWorld> {
  const { dataDir, env: storeEnv } = faultStore(name);
  const env = { ...storeEnv, DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS) };
  let store = await startServer(`${name}-store`, env);
  const port = Number(new URL(store.baseURL).port);
  const api = new Api(store.baseURL, random);
  const rcon = await startRconServer({ password: RCON_PASSWORD, players: ['Steve'] });

  // An operator (the role through the running server's admin key, as `npm run operator` does).
  const countries = (await api.send('GET', '/countries')).body.payload as { id: number; iso: string }[];
  const country = countries.find((c) => c.iso === 'DE')?.id ?? 1;
  const operator = new Shopper(api, `operator.${process.pid}@example.com`, random);
  await operator.join(dataDir, country);
  const admin = JSON.parse(readFileSync(join(dataDir, 'admin.json'), 'utf8')) as { key: string };
  await ok(
    api.send('POST', '/admin/operators', {
      body: { email: operator.email },
      headers: { 'blockfront-admin-key': admin.key },
    }),
    'grant operator',
  );
  const signedIn = await ok(
    api.send('POST', '/login', { body: { username: operator.email, password: PASSWORD } }),
    'operator sign-in',
  );
  const operatorToken = String(signedIn.access_token);
  const created = await ok(
    api.send('POST', '/operator/game-servers', { token: operatorToken, body: { name: `survival-${name}` } }),
    'game server',
  );
  const { id: gameServerId, secret } = created.payload as { id: number; secret: string };

  // The cheapest product carries one command that names its order.
  type Product = { id: number; price: number };
  const page = await ok(api.send('GET', '/products?per_page=60'), 'products');
  const list = (page.payload as { items: Product[] }).items;
  const product = [...list].sort((a, b) => a.price - b.price)[0];
  if (!product) throw new Error('no product to sell');
  await ok(
    api.send('PUT', `/operator/products/${product.id}/commands`, {
      token: operatorToken,
      body: {
        commands: [
          { game_server_id: gameServerId, template: 'give {player} diamond {order}', condition: 'any' },
        ],
      },
    }),
    'product commands',
  );

  const customer = new Shopper(api, `steve.${process.pid}@example.com`, random);
  await customer.join(dataDir, country);

  const payOrders = async (count: number) => {
    const paid: Array<{ orderId: number; paidAt: number }> = [];
    for (let i = 0; i < count; i++) {
      while ((await customer.balance()) < product.price) await customer.topUpAndPay();
      await ok(
        api.send('POST', '/cart/add', { token: customer.token, body: { id: product.id, count: 1 } }),
        'cart',
      );
      const order = await ok(
        api.send('POST', '/orders/checkout', {
          token: customer.token,
          body: { payment_method: 'balance', player: 'Steve' },
          headers: { 'idempotency-key': `faults-${name}-${Date.now()}-${i}-${random()}` },
        }),
        'checkout',
      );
      paid.push({ orderId: Number(order.order_id), paidAt: Date.now() });
    }
    return paid;
  };

  const deliveries = async (orderIds: number[]) => {
    const rows: DeliveryRow[] = [];
    for (const orderId of orderIds) {
      const body = await ok(
        api.send('GET', `/operator/deliveries?order_id=${orderId}`, { token: operatorToken }),
        'deliveries',
      );
      rows.push(...(body.payload as DeliveryRow[]));
    }
    return rows;
  };

  return {
    dataDir,
    get store() {
      return store;
    },
    port,
    rcon,
    secret,
    payOrders,
    deliveries,
    commandOf: (orderId) => `give Steve diamond ${orderId}`,
    async restartStore() {
      store = await startServer(`${name}-store`, env, port);
      api.baseURL = store.baseURL;
    },
    agentEnv: (journal) => ({
      BLOCKFRONT_URL: `http://127.0.0.1:${port}`,
      BLOCKFRONT_SECRET: secret,
      RCON_HOST: rcon.host,
      RCON_PORT: String(rcon.port),
      RCON_PASSWORD,
      AGENT_JOURNAL: journal,
      // Short long-polls and a short backoff keep the faults quick; the loop is the same.
      AGENT_WAIT_SECONDS: '2',
      AGENT_LEASE_MARGIN_SECONDS: '1',
    }),
    async close() {
      await store.kill('SIGKILL');
      await rcon.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
