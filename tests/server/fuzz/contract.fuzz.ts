// Property-based fuzzing of every operation of openapi.yaml (docs/decisions/0014): inputs from the
// contract's schemas, valid and broken, signed in and out. No answer may be a 5xx or off-contract,
// and a refused request (4xx) must change nothing. FUZZ_RUNS (cases per operation) and FUZZ_SEED
// replay or widen a run; the counts per operation are printed at the end.
import { it } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { contractCheck } from '../support/api';
import { ledgerMismatches } from '../support/money';
import { caseOf, requestOf } from './cases';
import { type OperationSpec, operationSpecs } from './contract';
import { createWorld, type Snapshot, type World } from './world';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_111);

let world: World;
const counts = new Map<string, Map<number, number>>();
/** Answers with a status their operation does not document, and answers off their schema. */
let undocumented = 0;
let offSchema = 0;

beforeAll(async () => {
  world = await createWorld();
});

afterAll(async () => {
  await world?.close();
  const lines = [...counts].map(([operationId, byStatus]) => {
    const total = [...byStatus.values()].reduce((sum, n) => sum + n, 0);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    return `${operationId.padEnd(26)} ${String(total).padStart(5)}  ${statuses}`;
  });
  const total = [...counts.values()].flatMap((m) => [...m.values()]).reduce((sum, n) => sum + n, 0);
  const fiveHundreds = [...counts.values()]
    .flatMap((m) => [...m].filter(([status]) => status >= 500).map(([, n]) => n))
    .reduce((sum, n) => sum + n, 0);
  console.log(
    `fuzz: seed ${SEED}, ${total} cases over ${counts.size} operations, 5xx: ${fiveHundreds}, ` +
      `undocumented statuses: ${undocumented}, other off-contract answers: ${offSchema}\n${lines.join('\n')}`,
  );
});

function count(operationId: string, status: number): void {
  const byStatus = counts.get(operationId) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  counts.set(operationId, byStatus);
}

/**
 * Waits until the app's PostgreSQL pool has no query running or queued: what a handler set off
 * after answering (the reset mail's token) has then been written.
 */
async function settled(): Promise<void> {
  const native = world.api.database.native;
  if (native.driver !== 'pg') return;
  const busy = () => native.pool.totalCount !== native.pool.idleCount || native.pool.waitingCount > 0;
  for (let attempt = 0; attempt < 2_500; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (!busy()) return;
  }
  throw new Error('the connection pool stayed busy for 5 s');
}

/**
 * A query parameter the operation does not declare is refused (docs/decisions/0030): the request
 * never succeeds, and a 422 names it. Another refusal may come first (401, a body of another
 * media type, a rate limit).
 */
function unknownQueryProblems(
  op: OperationSpec,
  name: string | undefined,
  status: number,
  body: unknown,
): string[] {
  if (name === undefined || op.unknownQuery === 'ignore') return [];
  if (op.parameters.some((p) => p.in === 'query' && p.name === name)) return [];
  if (status < 400) return [`accepted the undeclared query parameter '${name}' with ${status}`];
  const errors = (body as { errors?: Record<string, unknown> } | null)?.errors;
  if (status === 422 && (errors === undefined || !Object.hasOwn(errors, name))) {
    return [`refused the undeclared query parameter '${name}' without naming it`];
  }
  return [];
}

function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}

describe('every operation of openapi.yaml under generated input', () => {
  it('sees a change of any watched table (the check a refused request must pass)', async () => {
    await world.customerFor({ auth: 'verified', balance: 'empty', cart: 'empty', pendingTopUp: false });
    const before = await world.snapshot();
    await world.api.database.db.execute(
      sql`update users set city = city where id = (select max(id) from users)`,
    );
    expect(changedTables(before, await world.snapshot())).toEqual(['users']);
  });

  operationSpecs.forEach((op, index) => {
    it.prop([caseOf(op)], { numRuns: RUNS, seed: SEED + index, endOnFailure: true })(
      `${op.operationId} (${op.method} ${op.path})`,
      async (fuzzCase) => {
        const customer = await world.customerFor(fuzzCase.customer);
        const request = requestOf(op, fuzzCase, customer);
        const before = await world.snapshot();
        const response = await world.api.app.inject(request);
        count(op.operationId, response.statusCode);
        const { body, problems } = contractCheck(op.operationId, response);
        if (problems.some((problem) => problem.includes('does not document status'))) undocumented += 1;
        else if (problems.length > 0) offSchema += 1;
        if (response.statusCode >= 500) problems.push(`${op.operationId} answered ${response.statusCode}`);
        problems.push(...unknownQueryProblems(op, fuzzCase.extraQuery?.name, response.statusCode, body));
        // A write the server starts after answering (the reset mail's token) must land before
        // the next case looks: the embedded database runs queries in order, PostgreSQL's pool not.
        if (response.statusCode < 400) await settled();
        if (response.statusCode >= 400) {
          const changed = changedTables(before, await world.snapshot());
          if (changed.length > 0)
            problems.push(`refused with ${response.statusCode} but changed ${changed.join(', ')}`);
        }
        expect(
          problems,
          `${request.method} ${request.url}\n${request.payload ?? ''}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`,
        ).toEqual([]);
      },
    );
  });

  it('kept every balance equal to the sum of its ledger', async () => {
    expect(await ledgerMismatches(world.api.database.db)).toEqual([]);
  });
});
