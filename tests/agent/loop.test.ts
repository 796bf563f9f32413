// The agent's loop with its real effects — journal file, RCON over rcon-client, the store client over
// HTTP — against the RCON double and a stand-in of the store's agent API (tests/support/fake-store.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { agentActors } from '../../agent/effects';
import { faultsFrom } from '../../agent/faults';
import { Journal } from '../../agent/journal';
import { RconConsole } from '../../agent/rcon';
import { StoreClient } from '../../agent/store';
import { type AgentEmitted, agentMachine } from '../../machines/agent';
import { type FakeStore, startFakeStore } from '../support/fake-store';
import { type RconServer, type RconServerOptions, startRconServer } from '../support/rcon-server';
import { SAFETY_NET } from '../support/timeouts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(rconOptions: Partial<RconServerOptions> = {}, leaseSeconds = 60) {
  const dir = mkdtempSync(join(tmpdir(), 'blockfront-agent-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = await startFakeStore({ secret: 'gs_test', leaseSeconds });
  cleanups.push(() => store.close());
  const rcon = await startRconServer({ password: 'hunter2', players: ['Steve'], ...rconOptions });
  cleanups.push(() => rcon.close());
  return { dir, store, rcon, journalPath: join(dir, 'journal.jsonl') };
}

function run(
  { store, rcon, journalPath }: { store: FakeStore; rcon: RconServer; journalPath: string },
  options: { leaseMarginMs?: number; rconTimeoutMs?: number } = {},
) {
  const journal = Journal.open(journalPath);
  const console = new RconConsole({
    host: rcon.host,
    port: rcon.port,
    password: 'hunter2',
    timeoutMs: options.rconTimeoutMs ?? 2000,
  });
  const client = new StoreClient({
    url: store.url,
    secret: store.secret,
    waitSeconds: 0.2,
    batch: 10,
    agent: 'test-agent',
    minPollMs: 20,
  });
  const emitted: AgentEmitted[] = [];
  const actor = createActor(
    agentMachine.provide({
      delays: { backoff: 20 },
      actors: agentActors({
        journal,
        console,
        store: client,
        faults: faultsFrom(undefined),
        leaseMarginMs: options.leaseMarginMs ?? 1000,
      }),
    }),
  );
  actor.on('*', (event) => emitted.push(event as AgentEmitted));
  actor.start();
  cleanups.push(async () => {
    actor.stop();
    await console.close();
    journal.close();
  });
  return {
    actor,
    emitted,
    async stopWhen(done: () => boolean, timeoutMs = SAFETY_NET.agentMs) {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        if (Date.now() > deadline)
          throw new Error(
            `timed out in ${JSON.stringify(actor.getSnapshot().value)}; rows: ${JSON.stringify(store.rows)}; events: ${JSON.stringify(emitted).slice(0, 2000)}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
      actor.send({ type: 'STOP' });
      return waitFor(actor, (s) => s.status === 'done', { timeout: timeoutMs });
    },
  };
}

const settled = (store: FakeStore) => () =>
  store.rows.every((r) => r.state !== 'queued' && r.state !== 'leased');
const journalLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('the agent loop against the RCON double and the store API', () => {
  it('runs every command once, in order, journals started before and done after, and reports each', async () => {
    const world = await setup({ players: ['Steve'], reply: (c) => `ok: ${c}` });
    world.store.add({
      order_id: 1,
      player: 'Steve',
      command: 'lp user Steve parent add vip',
      condition: 'online',
    });
    world.store.add({
      order_id: 1,
      player: 'Steve',
      command: 'crate key give Steve common 3',
      condition: 'any',
    });
    world.store.add({ order_id: 2, player: 'Alex', command: 'eco give Alex 100', condition: 'any' });
    world.store.add({ order_id: 3, player: 'Alex', command: 'kit vip Alex', condition: 'online' });
    const agent = run(world);
    await agent.stopWhen(() => world.store.rows.slice(0, 3).every((r) => r.state === 'done'));
    // Each command once; an order's commands in their order (orders may interleave).
    expect([...world.rcon.commands()].sort()).toEqual([
      'crate key give Steve common 3',
      'eco give Alex 100',
      'lp user Steve parent add vip',
    ]);
    const commands = world.rcon.commands();
    expect(commands.indexOf('lp user Steve parent add vip')).toBeLessThan(
      commands.indexOf('crate key give Steve common 3'),
    );
    // Alex is not online: their `online` command waits in the queue.
    expect(world.store.rows.map((r) => [r.state, r.reply])).toEqual([
      ['done', 'ok: lp user Steve parent add vip'],
      ['done', 'ok: crate key give Steve common 3'],
      ['done', 'ok: eco give Alex 100'],
      ['queued', null],
    ]);
    const lines = journalLines(world.journalPath);
    const kinds = (id: number) =>
      lines
        .filter((l) => l.delivery_id === id)
        .map((l) => ['started', 'done', 'reported'].find((k) => k in l));
    for (const id of [1, 2, 3]) expect(kinds(id)).toEqual(['started', 'done', 'reported']);
    expect(kinds(4)).toEqual([]);
    // The start mark went to the store between journaling started and sending.
    expect(
      world.store.calls
        .filter((c) => c.path === 'start')
        .map((c) => (c.body as { delivery_id: number }).delivery_id)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('a player who leaves between the lease and the command: the `online` command is not run and stays with the store', async () => {
    const world = await setup({ players: ['Steve'] });
    let lists = 0;
    world.rcon.options.onCommand = (command) => {
      if (command === 'list' && ++lists === 2) world.rcon.players = [];
    };
    world.store.add({
      order_id: 1,
      player: 'Steve',
      command: 'lp user Steve parent add vip',
      condition: 'online',
    });
    const agent = run(world);
    await agent.stopWhen(() => agent.emitted.some((e) => e.type === 'skipped'));
    expect(world.rcon.commands()).toEqual([]);
    expect(
      agent.emitted.filter((e) => e.type === 'skipped').map((e) => e.type === 'skipped' && e.reason),
    ).toEqual(['player-left']);
    expect(world.store.rows[0]?.started).toBe(false);
    expect(world.store.calls.filter((c) => c.path === 'start')).toEqual([]);
  });

  it('RCON closing mid-command: that command is reported uncertain and never sent again; the rest run after a reconnect', async () => {
    // A 2 s lease: the agent counts a lease as ending a second early (the store's Date header has
    // whole seconds), so a 1 s lease left it 0–1 s by the phase of the clock, and at a bad phase
    // every new lease of the rest of the batch was lost again before it could start.
    const world = await setup({ closeOn: (_, index) => index === 1 }, 2);
    for (const n of [1, 2, 3])
      world.store.add({ order_id: n, player: 'Steve', command: `say ${n}`, condition: 'any' });
    const agent = run(world, { leaseMarginMs: 100 });
    await agent.stopWhen(settled(world.store));
    expect(world.rcon.commands()).toEqual(['say 1', 'say 2', 'say 3']);
    expect(world.store.rows.map((r) => r.state)).toEqual(['done', 'uncertain', 'done']);
    expect(world.store.rows[1]?.reply).toMatch(/Connection closed/);
    expect(world.rcon.stats.connections).toBe(2);
  });

  it('a store answering 503 is retried; the report arrives once the store is back', async () => {
    const world = await setup();
    world.store.add({ order_id: 1, player: 'Steve', command: 'say hi', condition: 'any' });
    world.store.failNext('lease', 2);
    world.store.failNext('report', 3);
    const agent = run(world);
    await agent.stopWhen(settled(world.store));
    expect(world.rcon.commands()).toEqual(['say hi']);
    expect(world.store.rows[0]?.state).toBe('done');
    expect(world.store.calls.filter((c) => c.path === 'report').map((c) => c.status)).toEqual([
      503, 503, 503, 200,
    ]);
    expect(agent.emitted.filter((e) => e.type === 'storeDown')).toHaveLength(5);
  });

  it('a lease that runs out while the agent works: the rest of the batch is not started, and runs once when leased again', async () => {
    const world = await setup({ delayMs: 700 }, 1);
    for (const n of [1, 2, 3])
      world.store.add({ order_id: n, player: 'Steve', command: `say ${n}`, condition: 'any' });
    const agent = run(world, { leaseMarginMs: 200 });
    await agent.stopWhen(settled(world.store));
    expect(world.rcon.commands()).toEqual(['say 1', 'say 2', 'say 3']);
    expect(world.store.rows.map((r) => r.state)).toEqual(['done', 'done', 'done']);
    expect(agent.emitted.some((e) => e.type === 'skipped' && e.reason === 'lease-lost')).toBe(true);
    expect(world.store.rows.some((r) => r.leaseCount > 0)).toBe(true);
  });

  it('a command with a line break is failed, never sent', async () => {
    const world = await setup();
    world.store.add({ order_id: 1, player: 'Steve', command: 'say Steve\nop Steve', condition: 'any' });
    const agent = run(world);
    await agent.stopWhen(settled(world.store));
    expect(world.rcon.commands()).toEqual([]);
    expect([world.store.rows[0]?.state, world.store.rows[0]?.reply]).toEqual([
      'failed',
      'The command has a line break or a NUL: it would run as two commands.',
    ]);
  });

  it('after a crash between started and done: reports the attempt uncertain on start and never runs it', async () => {
    const world = await setup({}, 1);
    world.store.add({ order_id: 1, player: 'Steve', command: 'say once', condition: 'any' });
    const crashed = Journal.open(world.journalPath);
    crashed.started({ delivery_id: 1, attempt: 1 });
    crashed.close();
    const agent = run(world);
    await agent.stopWhen(settled(world.store));
    expect(world.rcon.commands()).toEqual([]);
    expect(world.store.rows[0]?.state).toBe('uncertain');
  });

  it('claim: an attempt the journal shows is neither marked at the store nor sent again; a new one is journaled, then marked', async () => {
    const world = await setup();
    for (const n of [1, 2, 3])
      world.store.add({ order_id: n, player: 'Steve', command: `say ${n}`, condition: 'any' });
    const journal = Journal.open(world.journalPath);
    cleanups.push(() => journal.close());
    const client = new StoreClient({
      url: world.store.url,
      secret: world.store.secret,
      waitSeconds: 0,
      batch: 10,
      agent: 'a',
    });
    const [started, done, fresh] = await client.lease([]);
    if (!started || !done || !fresh) throw new Error('three deliveries expected');
    journal.started(started);
    journal.started(done);
    journal.done(done, 'Gave 1 diamond');
    const actors = agentActors({
      journal,
      console: {
        connect: async () => {},
        send: async () => 'sent',
        players: async () => [],
        close: async () => {},
      },
      store: client,
      faults: faultsFrom(undefined),
      leaseMarginMs: 1000,
    });
    const claim = (delivery: typeof started) =>
      toPromise(createActor(actors.claim, { input: { delivery } }).start());
    expect(await claim(started)).toEqual({ kind: 'started' });
    expect(await claim(done)).toEqual({ kind: 'done', reply: 'Gave 1 diamond' });
    expect(world.store.calls.filter((c) => c.path === 'start')).toEqual([]);
    expect(await claim(fresh)).toEqual({ kind: 'new' });
    expect(journal.get(fresh)?.started).toBeDefined();
    expect(world.store.calls.filter((c) => c.path === 'start').map((c) => c.body)).toEqual([
      { delivery_id: 3, attempt: 1 },
    ]);
    expect(world.store.rows[2]?.started).toBe(true);
  });
});
