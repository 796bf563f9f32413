// Figures of delivery to game servers (ADR 0031), measured on loopback with a real store process, a real agent process and the
// RCON double; opt-in (`AGENT_FIGURES=1 npx vitest run --config tests/server/faults/vitest.config.ts
// tests/server/faults/agent-figures.faults.ts`), as they take a minute and want a quiet machine:
// - deliveries per second one agent sustains: N orders paid first, then one agent works through them;
// - seconds from a paid order (its checkout answered) to its command at the RCON double, with the
//   agent idle in its long-poll, orders paid one at a time at random intervals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentProcess, startAgent } from '../../support/agent-process';
import { type DeliveryWorld, startDeliveryWorld } from './delivery-world';

const THROUGHPUT_ORDERS = Number(process.env.AGENT_FIGURES_ORDERS ?? 300);
const LATENCY_ORDERS = Number(process.env.AGENT_FIGURES_LATENCY_ORDERS ?? 100);

describe.runIf(process.env.AGENT_FIGURES)('agent figures', () => {
  let world: DeliveryWorld;
  const dir = mkdtempSync(join(tmpdir(), 'blockfront-agent-figures-'));
  const agents: AgentProcess[] = [];
  beforeAll(async () => {
    world = await startDeliveryWorld('figures');
  });
  afterAll(async () => {
    for (const agent of agents) await agent.kill('SIGKILL');
    await world?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const quantile = (sorted: number[], q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

  it(`deliveries per second of one agent (${THROUGHPUT_ORDERS} queued orders)`, async () => {
    const paid = await world.payOrders(THROUGHPUT_ORDERS);
    const commands = new Set(paid.map((p) => world.commandOf(p.orderId)));
    const started = Date.now();
    const agent = startAgent({ ...world.agentEnv(join(dir, 'throughput.jsonl')), AGENT_BATCH: '100' });
    agents.push(agent);
    const ids = paid.map((p) => p.orderId);
    for (;;) {
      const rows = await world.deliveries(ids);
      if (rows.every((r) => r.state === 'done')) break;
      await delay(100);
    }
    const allDone = Date.now();
    const received = world.rcon.received.filter((r) => commands.has(r.command));
    expect(received).toHaveLength(THROUGHPUT_ORDERS);
    const first = received[0]?.at ?? 0;
    const last = received.at(-1)?.at ?? 0;
    const commandRate = (THROUGHPUT_ORDERS - 1) / ((last - first) / 1000);
    const endToEnd = THROUGHPUT_ORDERS / ((allDone - started) / 1000);
    console.log(
      `agent throughput: ${commandRate.toFixed(0)} commands/s at the RCON double (first to last command); ` +
        `${endToEnd.toFixed(0)} deliveries/s from the agent's start to every delivery done at the store ` +
        `(${THROUGHPUT_ORDERS} deliveries, ${((allDone - started) / 1000).toFixed(1)} s, agent start included)`,
    );
    agent.child.kill('SIGTERM');
    await agent.exited;
  });

  it(`seconds from a paid order to its command (${LATENCY_ORDERS} orders, long-poll)`, async () => {
    const agent = startAgent({ ...world.agentEnv(join(dir, 'latency.jsonl')), AGENT_WAIT_SECONDS: '25' });
    agents.push(agent);
    await agent.waitFor(/ready: waiting for deliveries/);
    await delay(1000);
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_ORDERS; i++) {
      const [order] = await world.payOrders(1);
      if (!order) throw new Error('no order');
      const command = world.commandOf(order.orderId);
      const deadline = Date.now() + 30_000;
      let arrived: number | undefined;
      while (arrived === undefined && Date.now() < deadline) {
        arrived = world.rcon.received.find((r) => r.command === command)?.at;
        if (arrived === undefined) await delay(5);
      }
      if (arrived === undefined) throw new Error(`order ${order.orderId} never reached the game server`);
      latencies.push((arrived - order.paidAt) / 1000);
      await delay(50 + Math.random() * 400);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `paid order → command at the RCON double: median ${quantile(sorted, 0.5).toFixed(3)} s, ` +
        `p99 ${quantile(sorted, 0.99).toFixed(3)} s, max ${sorted.at(-1)?.toFixed(3)} s (${LATENCY_ORDERS} orders)`,
    );
    expect(quantile(sorted, 0.5)).toBeLessThan(5);
    agent.child.kill('SIGTERM');
    await agent.exited;
  });
});
