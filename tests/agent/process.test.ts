// `npm run agent` as a network runs it: settings, dry run, a refused secret, a graceful stop.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DRY_RUN_REPLY } from '../../agent/rcon';
import { type AgentProcess, startAgent } from '../support/agent-process';
import { type FakeStore, startFakeStore } from '../support/fake-store';
import { startRconServer } from '../support/rcon-server';
import { SAFETY_NET } from '../support/timeouts';

const cleanups: Array<() => unknown> = [];
const agents: AgentProcess[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world() {
  const dir = mkdtempSync(join(tmpdir(), 'blockfront-agent-process-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = await startFakeStore({ secret: 'gs_process' });
  cleanups.push(() => store.close());
  return { dir, store, journal: join(dir, 'journal.jsonl') };
}

const run = (...args: Parameters<typeof startAgent>) => {
  const agent = startAgent(...args);
  agents.push(agent);
  return agent;
};

const settled = async (store: FakeStore, timeoutMs = SAFETY_NET.agentMs) => {
  const deadline = Date.now() + timeoutMs;
  while (store.rows.some((r) => r.state === 'queued' || r.state === 'leased')) {
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(store.rows)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('npm run agent', () => {
  it('refuses unusable settings with every problem named, exit 2, and never prints the secret', async () => {
    const agent = run({
      BLOCKFRONT_URL: 'ftp://shop.example',
      BLOCKFRONT_SECRET: 'gs_do_not_print',
      AGENT_JOURNAL: '/tmp/unused.jsonl',
      RCON_PORT: '99999',
    });
    expect((await agent.exited).code).toBe(2);
    const output = agent.output();
    expect(output).toMatch(/BLOCKFRONT_URL \(url\) must be the store’s http\(s\) address/);
    expect(output).toMatch(/RCON_PORT \(rcon_port\)/);
    expect(output).toMatch(/RCON_PASSWORD \(rcon_password\) is required \(or use --dry-run\)/);
    expect(output).not.toContain('gs_do_not_print');
  });

  it('--dry-run with a config file: logs each command, sends nothing, reports it with the dry-run reply', async () => {
    const { dir, store, journal } = await world();
    const rcon = await startRconServer({ password: 'hunter2' });
    cleanups.push(() => rcon.close());
    store.add({ order_id: 1, player: 'Steve', command: 'lp user Steve parent add vip', condition: 'online' });
    const config = join(dir, 'agent.json');
    writeFileSync(
      config,
      JSON.stringify({
        url: store.url,
        journal,
        dry_run_players: ['Steve'],
        wait_seconds: 1,
        rcon_port: rcon.port,
      }),
    );
    // The file overrides the environment (a wrong address and journal there).
    const agent = run(
      {
        BLOCKFRONT_URL: 'http://127.0.0.1:9',
        BLOCKFRONT_SECRET: store.secret,
        AGENT_JOURNAL: join(dir, 'other.jsonl'),
      },
      ['--config', config, '--dry-run'],
    );
    await settled(store);
    await agent.waitFor(/dry run, not sent: lp user Steve parent add vip/);
    expect(store.rows[0]).toMatchObject({ state: 'done', reply: DRY_RUN_REPLY });
    expect(rcon.received).toEqual([]);
    expect(readFileSync(journal, 'utf8')).toContain('"started"');
    agent.child.kill('SIGTERM');
    expect((await agent.exited).code).toBe(0);
  });

  it('stops with exit 3 when the store refuses the secret', async () => {
    const { store, journal } = await world();
    const agent = run({ BLOCKFRONT_URL: store.url, BLOCKFRONT_SECRET: 'gs_wrong', AGENT_JOURNAL: journal }, [
      '--dry-run',
    ]);
    expect((await agent.exited).code).toBe(3);
    expect(agent.output()).toMatch(
      /The store refused the game server secret \(401 Unauthenticated\.\).*BLOCKFRONT_SECRET/,
    );
    expect(agent.output()).not.toContain('gs_wrong');
  });

  it('SIGTERM mid-command: the command finishes, is journaled and reported, then the agent exits 0', async () => {
    const { store, journal } = await world();
    const rcon = await startRconServer({ password: 'hunter2', delayMs: 800 });
    cleanups.push(() => rcon.close());
    store.add({ order_id: 1, player: 'Steve', command: 'say slow', condition: 'any' });
    store.add({ order_id: 2, player: 'Steve', command: 'say next', condition: 'any' });
    const agent = run({
      BLOCKFRONT_URL: store.url,
      BLOCKFRONT_SECRET: store.secret,
      AGENT_JOURNAL: journal,
      RCON_HOST: rcon.host,
      RCON_PORT: String(rcon.port),
      RCON_PASSWORD: 'hunter2',
    });
    const deadline = Date.now() + SAFETY_NET.agentMs;
    while (rcon.commands().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    agent.child.kill('SIGTERM');
    expect((await agent.exited).code).toBe(0);
    expect(rcon.commands()).toEqual(['say slow']);
    expect(store.rows.map((r) => r.state)).toEqual(['done', 'leased']);
    expect(agent.output()).toMatch(/SIGTERM: finishing the command in flight/);
  });
});
