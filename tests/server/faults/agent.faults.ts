// The store agent under faults: a real agent process (agent/main.ts) against a real
// store process (server/main.ts) and the RCON double on loopback, which records every command it
// receives. Each delivery's command names its order, so the record says how often it ran. The
// promise: every command ran exactly once, or it is `uncertain` for the operator — never twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KILL_POINTS } from '../../../agent/faults';
import { type AgentProcess, startAgent } from '../../support/agent-process';
import { type DeliveryRow, type DeliveryWorld, LEASE_SECONDS, startDeliveryWorld } from './delivery-world';

let world: DeliveryWorld;
const journals = mkdtempSync(join(tmpdir(), 'blockfront-faults-journals-'));
const running = new Set<AgentProcess>();

beforeAll(async () => {
  world = await startDeliveryWorld('agent');
});
afterAll(async () => {
  for (const agent of running) await agent.kill('SIGKILL');
  await world?.close();
  rmSync(journals, { recursive: true, force: true });
});

let journalCount = 0;
const newJournal = () => join(journals, `journal-${++journalCount}.jsonl`);

function agent(journal: string, env: Record<string, string> = {}): AgentProcess {
  const process = startAgent({ ...world.agentEnv(journal), ...env });
  running.add(process);
  void process.exited.then(() => running.delete(process));
  return process;
}

const SETTLED = new Set(['done', 'failed', 'uncertain']);

/**
 * Waits until every delivery of the orders is settled (or, with `final`, in the state it must end in:
 * a started row whose lease ran out is `uncertain` until the agent's report of it arrives).
 */
async function settled(
  orderIds: number[],
  timeoutMs = 60_000,
  final?: (row: DeliveryRow) => boolean,
): Promise<DeliveryRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await world.deliveries(orderIds);
    if (rows.length === orderIds.length && rows.every((r) => (final ? final(r) : SETTLED.has(r.state)))) {
      return rows;
    }
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(rows)}`);
    await delay(200);
  }
}

const runs = (orderId: number) => world.rcon.commands().filter((c) => c === world.commandOf(orderId)).length;

/** The promise, per delivery: ran once and done/failed, or ran at most once and uncertain. */
function expectOnceOrUncertain(rows: DeliveryRow[]) {
  for (const row of rows) {
    const count = runs(row.order_id);
    expect(count, `order ${row.order_id} ran ${count} times`).toBeLessThanOrEqual(1);
    if (row.state !== 'uncertain') {
      expect([row.order_id, row.state, count]).toEqual([row.order_id, 'done', 1]);
    }
  }
}

async function stop(process: AgentProcess) {
  // Past its start (and the report of what its journal held): SIGTERM is the agent's to handle.
  await process.waitFor(/ready: waiting for deliveries/);
  process.child.kill('SIGTERM');
  const { code } = await process.exited;
  expect(code, process.output()).toBe(0);
}

describe('the agent killed with kill -9 at each point of its loop, then restarted on its journal', () => {
  // What the first of two deliveries must end as after a kill at each point, and how many results
  // the restarted agent finds in its journal unacknowledged.
  const expected: Record<
    (typeof KILL_POINTS)[number],
    { state: 'done' | 'uncertain'; runs: number; journal: RegExp | null }
  > = {
    lease: { state: 'done', runs: 1, journal: null },
    'journal-started': {
      state: 'uncertain',
      runs: 0,
      journal: /journal: 1 result\(s\) .*, 1 of them uncertain/,
    },
    'rcon-reply': { state: 'uncertain', runs: 1, journal: /journal: 1 result\(s\) .*, 1 of them uncertain/ },
    'journal-done': { state: 'done', runs: 1, journal: /journal: 1 result\(s\) .*, 0 of them uncertain/ },
    report: { state: 'done', runs: 1, journal: /journal: 2 result\(s\) .*, 0 of them uncertain/ },
  };

  it.each(KILL_POINTS)(
    'killed after %s: every command ran once or is uncertain, never twice',
    async (point) => {
      const orders = await world.payOrders(2);
      const ids = orders.map((o) => o.orderId);
      const journal = newJournal();
      const first = agent(journal, { AGENT_KILL_AT: `${point}:1` });
      const { signal } = await first.exited;
      expect(signal, first.output()).toBe('SIGKILL');
      const second = agent(journal);
      const rows = await settled(ids, (LEASE_SECONDS + 30) * 1000);
      await stop(second);
      expectOnceOrUncertain(rows);
      // The kill hits the first delivery the agent claims: the first of the batch, or the second when
      // the first's lease had too little time left to start it (a loaded machine). The other one was
      // never started before the kill: it runs once.
      const outcomes = ids.map((id) => `${rows.find((r) => r.order_id === id)?.state} ${runs(id)}`);
      expect(outcomes.sort()).toEqual([`${expected[point].state} ${expected[point].runs}`, 'done 1'].sort());
    },
  );
});

describe('faults around the agent', () => {
  it('the store killed mid-report: the agent retries until the store is back, and the delivery is done once', async () => {
    const [order] = await world.payOrders(1);
    const orderId = order?.orderId ?? 0;
    const journal = newJournal();
    let killed: Promise<unknown> | undefined;
    world.rcon.options.onCommand = (command) => {
      // The reply goes out, and the report that follows it meets a dead store.
      if (command === world.commandOf(orderId) && !killed) killed = world.store.kill('SIGKILL');
    };
    const running = agent(journal);
    const deadline = Date.now() + 30_000;
    while (!killed && Date.now() < deadline) await delay(20);
    await killed;
    world.rcon.options.onCommand = undefined;
    await running.waitFor(/store: .*retrying/);
    await world.restartStore();
    // The lease ran out while the store was down, so the row is `uncertain` until the report lands.
    const rows = await settled([orderId], 60_000, (row) => row.state === 'done');
    await stop(running);
    expectOnceOrUncertain(rows);
    expect([rows[0]?.state, runs(orderId)]).toEqual(['done', 1]);
  });

  it('RCON closing the connection mid-command: that delivery is uncertain and never sent again; the next runs once', async () => {
    const orders = await world.payOrders(2);
    const [one, two] = orders.map((o) => o.orderId);
    world.rcon.options.closeOn = (command) => command === world.commandOf(one ?? 0);
    const running = agent(newJournal());
    const rows = await settled([one ?? 0, two ?? 0], (LEASE_SECONDS + 30) * 1000, (row) =>
      row.order_id === one ? row.state === 'uncertain' : row.state === 'done',
    );
    world.rcon.options.closeOn = undefined;
    await stop(running);
    expectOnceOrUncertain(rows);
    expect(rows.map((r) => [r.order_id, r.state])).toEqual(
      expect.arrayContaining([
        [one, 'uncertain'],
        [two, 'done'],
      ]),
    );
    expect([runs(one ?? 0), runs(two ?? 0)]).toEqual([1, 1]);
  });

  it('two agents with the same secret: every delivery runs exactly once', async () => {
    const orders = await world.payOrders(20);
    const ids = orders.map((o) => o.orderId);
    const a = agent(newJournal(), { AGENT_BATCH: '3' });
    const b = agent(newJournal(), { AGENT_BATCH: '3' });
    const rows = await settled(ids, 60_000, (row) => row.state === 'done');
    await Promise.all([stop(a), stop(b)]);
    expectOnceOrUncertain(rows);
    expect(rows.every((r) => r.state === 'done')).toBe(true);
    expect(ids.map(runs)).toEqual(ids.map(() => 1));
    // Both took part.
    const holders = `${a.output()}\n${b.output()}`;
    expect(a.output()).toMatch(/done delivery/);
    expect(b.output()).toMatch(/done delivery/);
    expect(holders).not.toMatch(/UNCERTAIN/);
  });

  it('a lease expiring while the agent still holds it: the slow command is reported once, the rest of the batch is not started and runs once later', async () => {
    const orders = await world.payOrders(2);
    const [one, two] = orders.map((o) => o.orderId);
    // The first reply comes after the lease has run out.
    world.rcon.options.delayMs = (LEASE_SECONDS + 1) * 1000;
    const running = agent(newJournal());
    const deadline = Date.now() + 30_000;
    while (runs(one ?? 0) === 0 && Date.now() < deadline) await delay(50);
    await delay(500);
    world.rcon.options.delayMs = 0;
    const rows = await settled(
      [one ?? 0, two ?? 0],
      (LEASE_SECONDS * 4 + 30) * 1000,
      (row) => row.state === 'done',
    );
    await stop(running);
    expectOnceOrUncertain(rows);
    expect([runs(one ?? 0), runs(two ?? 0)]).toEqual([1, 1]);
    expect(rows.find((r) => r.order_id === two)?.state).toBe('done');
    expect(running.output()).toMatch(/skipped delivery .*the lease is no longer ours/);
  });
});
