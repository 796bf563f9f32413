// 200 paid orders, 3 store agents leasing at once (ADR 0031): every delivery is run exactly once,
// and the commands of one order in their order. On PostgreSQL (npm run test:postgres) the three
// lessees run on separate connections of the pool, so `FOR UPDATE SKIP LOCKED` is what keeps them
// apart; on PGlite they interleave on one connection. Prints leases per second.
import { afterAll, beforeAll, it } from 'vitest';
import { createTestApi, type TestApi } from './support/api';
import { expectEachOnceInOrder, paidOrdersFor, raceAgents, raceFigures } from './support/delivery-race';
import { testRateLimits } from './support/money';

const ORDERS = 200;
const AGENTS = 3;
const SECRET = `gs_${'c'.repeat(43)}`;

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ rateLimits: testRateLimits });
}, 120_000);
afterAll(async () => {
  await api?.close();
});

async function call(operation: 'lease' | 'start' | 'report', body: unknown) {
  const response = await api.app.inject({
    method: 'POST',
    url: `/api/game/deliveries/${operation}`,
    headers: { authorization: `Bearer ${SECRET}` },
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json() as { payload?: unknown } };
}

it(`${ORDERS} paid orders, ${AGENTS} agents at once: every delivery done exactly once, in order`, async () => {
  const { db } = api.database;
  const setup = await paidOrdersFor(db, SECRET, ORDERS);
  const result = await raceAgents(AGENTS, () => call);
  await expectEachOnceInOrder(db, setup, result);
  console.log(
    raceFigures(`delivery concurrency (${api.database.driver}, app.inject)`, ORDERS * 2, AGENTS, result),
  );
}, 300_000);
