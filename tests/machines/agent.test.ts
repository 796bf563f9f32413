import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import {
  type AgentFailure,
  agentMachine,
  BACKOFF_MAX_MS,
  backoffMs,
  type ClaimResult,
  type DeliveryResult,
  type LeasedDelivery,
  replyOutcome,
} from '../../machines/agent';
import { type AfterEvent, describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';

const delivery = (id: number, condition: 'online' | 'any', order = 7): LeasedDelivery => ({
  delivery_id: id,
  attempt: 1,
  order_id: order,
  player: 'Steve',
  command: `say ${id} {Steve}`.replace('{Steve}', 'Steve'),
  condition,
  lease_expires_at: '2026-11-26T09:00:00.000Z',
});
// Two `online` commands around an `any` one, all of one order: enough to take every branch.
const batch = [delivery(1, 'online'), delivery(2, 'any'), delivery(3, 'online')];
const recovered: DeliveryResult[] = [{ delivery_id: 9, attempt: 1, outcome: 'uncertain' }];
const network: AgentFailure = { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:3000' };
const refused: AgentFailure = { kind: 'unauthorized', message: 'The game server secret was refused.' };
const journal: AgentFailure = { kind: 'journal', message: 'ENOSPC: no space left on device' };
const closed: AgentFailure = { kind: 'rcon', message: 'Connection closed' };
const after = (state: string) => ({ type: `xstate.after.backoff.agent.${state}` }) as unknown as AfterEvent;

type Snapshot = SnapshotFrom<typeof agentMachine>;

describePaths(
  'agent paths',
  pathPlan(agentMachine, {
    events: [
      { type: 'STOP' },
      doneEvent('recover', []),
      doneEvent('recover', recovered),
      errorEvent('recover', journal),
      doneEvent('report'),
      errorEvent('report', network),
      errorEvent('report', refused),
      doneEvent('connectRcon'),
      errorEvent('connectRcon', closed),
      doneEvent('listPlayers', ['Steve', 'Alex']),
      doneEvent('listPlayers', ['Alex']),
      errorEvent('listPlayers', closed),
      doneEvent('lease', []),
      doneEvent('lease', batch),
      errorEvent('lease', network),
      errorEvent('lease', refused),
      doneEvent('claim', { kind: 'new' } satisfies ClaimResult),
      doneEvent('claim', { kind: 'done', reply: 'Gave 1 [Common Key] to Steve' } satisfies ClaimResult),
      doneEvent('claim', { kind: 'started' } satisfies ClaimResult),
      doneEvent('claim', { kind: 'lost' } satisfies ClaimResult),
      doneEvent('claim', { kind: 'unsafe', reason: 'The command has a line break.' } satisfies ClaimResult),
      errorEvent('claim', journal),
      errorEvent('claim', refused),
      errorEvent('claim', network),
      doneEvent('runCommand', 'Added Steve to group vip'),
      doneEvent('runCommand', 'Unknown or incomplete command, see below for error'),
      errorEvent('runCommand', closed),
      doneEvent('recordDone'),
      errorEvent('recordDone', journal),
      after('reportRetry'),
      after('rconRetry'),
      after('leaseRetry'),
    ],
    // Which delivery of the batch is next matters only through its condition and its order's state.
    key: (snapshot: Snapshot) => {
      const { context } = snapshot;
      const current = context.deliveries[context.index];
      return {
        value: snapshot.value,
        current: current ? current.condition : 'none',
        orderStopped: current ? context.stoppedOrders.includes(current.order_id) : false,
        results: context.results.length > 0,
        connected: context.connected,
        stopping: context.stopping,
        failing: context.failures > 0,
        error: context.error !== null,
      };
    },
  }),
);

interface World {
  queue: LeasedDelivery[];
  players: string[];
  /** Journal: key → 'started' | reply. */
  journal: Map<string, string>;
  sent: string[];
  reports: DeliveryResult[][];
  fail: Partial<Record<'lease' | 'report' | 'runCommand' | 'connect' | 'list', AgentFailure[]>>;
  /** After this many RCON commands the player leaves. */
  leaveAfter?: number;
}

const key = (d: { delivery_id: string | number; attempt: number }) => `${d.delivery_id}#${d.attempt}`;

/** The machine against an in-memory store, journal and game server that behave like the real ones. */
function startAgent(world: World) {
  const failNext = (op: keyof World['fail']) => {
    const error = world.fail[op]?.shift();
    if (error) throw error;
  };
  const emitted: AnyEventObject[] = [];
  const actor = createActor(
    agentMachine.provide({
      delays: { backoff: 1 },
      actors: {
        recover: fromPromise(async () =>
          [...world.journal].flatMap(([k, v]): DeliveryResult[] => {
            const [id = '', attempt = '1'] = k.split('#');
            return v === 'started'
              ? [{ delivery_id: Number(id), attempt: Number(attempt), outcome: 'uncertain' }]
              : [];
          }),
        ),
        connectRcon: fromPromise(async () => failNext('connect')),
        listPlayers: fromPromise(async () => {
          failNext('list');
          return world.players;
        }),
        lease: fromPromise(async () => {
          failNext('lease');
          const leased = world.queue.filter((d) => d.condition === 'any' || world.players.includes(d.player));
          world.queue = world.queue.filter((d) => !leased.includes(d));
          if (leased.length === 0) actor.send({ type: 'STOP' });
          return leased;
        }),
        claim: fromPromise<ClaimResult, { delivery: LeasedDelivery }>(async ({ input }) => {
          const seen = world.journal.get(key(input.delivery));
          if (seen === 'started') return { kind: 'started' };
          if (seen !== undefined) return { kind: 'done', reply: seen };
          world.journal.set(key(input.delivery), 'started');
          return { kind: 'new' };
        }),
        runCommand: fromPromise<string, { delivery: LeasedDelivery }>(async ({ input }) => {
          failNext('runCommand');
          world.sent.push(input.delivery.command);
          if (world.leaveAfter !== undefined && world.sent.length >= world.leaveAfter) world.players = [];
          return `ran ${input.delivery.command}`;
        }),
        recordDone: fromPromise<void, { delivery: LeasedDelivery; reply: string }>(async ({ input }) => {
          world.journal.set(key(input.delivery), input.reply);
        }),
        report: fromPromise<void, { results: DeliveryResult[] }>(async ({ input }) => {
          failNext('report');
          world.reports.push(input.results);
        }),
      },
    }),
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

const world = (queue: LeasedDelivery[], extra: Partial<World> = {}): World => ({
  queue,
  players: ['Steve'],
  journal: new Map(),
  sent: [],
  reports: [],
  fail: {},
  ...extra,
});

describe('agent loop', () => {
  it('runs each command once, in order, journals it before and after, and reports every result', async () => {
    const w = world([delivery(1, 'online'), delivery(2, 'any'), delivery(3, 'online', 8)]);
    const { actor } = startAgent(w);
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(end.value).toBe('stopped');
    expect(w.sent).toEqual(['say 1 Steve', 'say 2 Steve', 'say 3 Steve']);
    expect(w.reports.flat().map((r) => [r.delivery_id, r.outcome, r.reply])).toEqual([
      [1, 'done', 'ran say 1 Steve'],
      [2, 'done', 'ran say 2 Steve'],
      [3, 'done', 'ran say 3 Steve'],
    ]);
    expect([...w.journal.values()]).toEqual(['ran say 1 Steve', 'ran say 2 Steve', 'ran say 3 Steve']);
  });

  it('never runs an attempt the journal shows: started → uncertain, done → its recorded reply', async () => {
    const w = world([delivery(1, 'any'), delivery(2, 'any'), delivery(3, 'any')], {
      journal: new Map([
        ['1#1', 'started'],
        ['2#1', 'Gave 1 key'],
      ]),
    });
    const { actor } = startAgent(w);
    await waitFor(actor, (s) => s.status === 'done');
    expect(w.sent).toEqual(['say 3 Steve']);
    expect(w.reports[0]).toEqual([{ delivery_id: 1, attempt: 1, outcome: 'uncertain' }]);
    expect(w.reports.slice(1).flat()).toEqual([
      { delivery_id: 1, attempt: 1, outcome: 'uncertain' },
      { delivery_id: 2, attempt: 1, outcome: 'done', reply: 'Gave 1 key' },
      { delivery_id: 3, attempt: 1, outcome: 'done', reply: 'ran say 3 Steve' },
    ]);
  });

  it("stops an order's `online` commands once its player left, and still runs its `any` commands", async () => {
    const w = world(
      [delivery(1, 'online'), delivery(2, 'online'), delivery(3, 'any'), delivery(4, 'online')],
      { leaveAfter: 1 },
    );
    const { actor, emitted } = startAgent(w);
    await waitFor(actor, (s) => s.status === 'done');
    expect(w.sent).toEqual(['say 1 Steve', 'say 3 Steve']);
    expect(w.reports.flat().map((r) => r.delivery_id)).toEqual([1, 3]);
    expect(
      emitted.filter((e) => e.type === 'skipped').map((e) => [e.delivery.delivery_id, e.reason]),
    ).toEqual([
      [2, 'player-left'],
      [4, 'player-left'],
    ]);
  });

  it('reports a command whose RCON connection dropped as uncertain, never sends it again, and reconnects', async () => {
    const w = world([delivery(1, 'any'), delivery(2, 'any')], { fail: { runCommand: [closed] } });
    const { actor } = startAgent(w);
    await waitFor(actor, (s) => s.status === 'done');
    expect(w.sent).toEqual([]);
    expect(w.reports[0]).toEqual([
      { delivery_id: 1, attempt: 1, outcome: 'uncertain', reply: 'Connection closed' },
    ]);
    // The rest of the batch stays with the store (its lease expires); nothing else ran.
    expect(w.reports.flat().map((r) => r.delivery_id)).toEqual([1]);
  });

  it('retries the store and RCON with backoff, and the same report until the store takes it', async () => {
    const w = world([delivery(1, 'any')], {
      fail: { lease: [network], report: [network, network], connect: [closed], list: [closed] },
    });
    const { actor, emitted } = startAgent(w);
    await waitFor(actor, (s) => s.status === 'done');
    expect(w.sent).toEqual(['say 1 Steve']);
    expect(w.reports).toEqual([[{ delivery_id: 1, attempt: 1, outcome: 'done', reply: 'ran say 1 Steve' }]]);
    expect(emitted.filter((e) => e.type === 'storeDown')).toHaveLength(3);
    expect(emitted.filter((e) => e.type === 'rconDown')).toHaveLength(2);
  });

  it('gives up when the store refuses the secret', async () => {
    const w = world([delivery(1, 'any')], { fail: { lease: [refused] } });
    const { actor } = startAgent(w);
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect([end.value, end.context.error]).toEqual(['refused', refused.message]);
  });

  it('STOP mid-command finishes the command, journals and reports it, then stops', async () => {
    const w = world([delivery(1, 'any'), delivery(2, 'any')]);
    const { actor } = startAgent(w);
    await waitFor(actor, (s) => s.matches({ delivering: 'sending' }));
    actor.send({ type: 'STOP' });
    const end = await waitFor(actor, (s) => s.status === 'done');
    expect(end.value).toBe('stopped');
    expect(w.sent).toEqual(['say 1 Steve']);
    expect(w.reports.flat().map((r) => r.delivery_id)).toEqual([1]);
  });
});

describe('agent rules', () => {
  it('reads refused replies of a vanilla or Paper server as failed, everything else as done', () => {
    expect(replyOutcome('Unknown or incomplete command, see below for error')).toBe('failed');
    expect(replyOutcome('§cNo player was found')).toBe('failed');
    expect(replyOutcome('Incorrect argument for command')).toBe('failed');
    expect(replyOutcome('Gave 1 [Diamond] to Steve')).toBe('done');
    expect(replyOutcome('')).toBe('done');
  });

  it('backs off 0.5 s, doubling, up to 30 s', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(40)).toBe(BACKOFF_MAX_MS);
  });
});
