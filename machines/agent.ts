import { assign, emit, fromPromise, or, setup } from 'xstate';

/**
 * The store agent's loop (docs/decisions/0029-delivery-agent-journal.md): the program in
 * agent/ provides every effect (journal, RCON, the store's agent API) as an invoked actor; this machine
 * only decides what happens next.
 */

/** One delivery as `POST /api/game/deliveries/lease` hands it out. */
export interface LeasedDelivery {
  delivery_id: string | number;
  attempt: number;
  order_id: string | number;
  player: string;
  command: string;
  condition: 'online' | 'any';
  lease_expires_at: string;
}

export type DeliveryOutcome = 'done' | 'failed' | 'uncertain';

/** One entry of `POST /api/game/deliveries/report`'s `results`. */
export interface DeliveryResult {
  delivery_id: string | number;
  attempt: number;
  outcome: DeliveryOutcome;
  reply?: string;
}

/**
 * What claiming an attempt found: `new` — the journal had no trace of it, the store accepted the start
 * (where it supports a start mark) and the journal now says started (fsynced), so the command may be
 * sent; `done` — it ran before and its reply is in the journal; `started` — it was started before and
 * may or may not have run; `lost` — the lease is gone (expired here, or the store gave it to another);
 * `unsafe` — the command cannot go over RCON as it is (a line break, too long): it is failed, unsent.
 */
export type ClaimResult =
  | { kind: 'new' }
  | { kind: 'done'; reply: string }
  | { kind: 'started' }
  | { kind: 'lost' }
  | { kind: 'unsafe'; reason: string };

/** Failures the effects throw. `unauthorized`: the store refused the secret; `journal`: the disk failed. */
export interface AgentFailure {
  kind: 'unauthorized' | 'journal' | 'network' | 'server' | 'rcon';
  message: string;
}

export type AgentEmitted =
  | { type: 'delivered'; delivery: LeasedDelivery; outcome: DeliveryOutcome; reply: string }
  | { type: 'skipped'; delivery: LeasedDelivery; reason: 'player-left' | 'lease-lost' }
  | { type: 'uncertain'; delivery: LeasedDelivery; reason: 'started-before' | 'connection-lost' }
  | { type: 'unsafe'; delivery: LeasedDelivery; reason: string }
  | { type: 'rconDown'; message: string }
  | { type: 'storeDown'; message: string };

export interface AgentContext {
  /** The leased batch being worked through, in the store's order (oldest order first). */
  deliveries: LeasedDelivery[];
  index: number;
  /** Results not yet acknowledged by the store. */
  results: DeliveryResult[];
  /** Player names from the last RCON `list`. */
  online: string[];
  /** Orders of this batch whose player left: their `online` commands after that point are not run. */
  stoppedOrders: Array<string | number>;
  /** The RCON reply to the command in flight, until it is journaled. */
  reply: string;
  connected: boolean;
  stopping: boolean;
  /** Failures in a row, for the backoff. */
  failures: number;
  /** Why the agent gave up (refused or broken). */
  error: string | null;
}

export type AgentEvent = { type: 'STOP' };

/** The first retry waits this long; each failure in a row doubles it, up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 30_000;

export const backoffMs = (failures: number): number =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failures, 16) - 1));

/**
 * Replies of a vanilla (or Paper/Spigot) server that mean the command was parsed and refused, so it
 * did not take effect: the delivery is `failed` for the operator, not `done`.
 */
const REFUSED_REPLIES = [
  /^Unknown or incomplete command/i,
  /^Unknown command/i,
  /^Incorrect argument for command/i,
  /^Expected (whitespace|integer|float|boolean|value)/i,
  /^No player was found/i,
  /^That player does not exist/i,
  /^Player not found/i,
];

export const replyOutcome = (reply: string): 'done' | 'failed' =>
  REFUSED_REPLIES.some((pattern) => pattern.test(reply.replace(/§./g, '').trim())) ? 'failed' : 'done';

const keyOf = (d: { delivery_id: string | number; attempt: number }) => `${d.delivery_id}#${d.attempt}`;

const failureOf = (error: unknown): AgentFailure => {
  if (typeof error === 'object' && error !== null && 'kind' in error && 'message' in error) {
    return error as AgentFailure;
  }
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
};

const isOnlineCommand = (d: LeasedDelivery | undefined) => d?.condition === 'online';

export const agentMachine = setup({
  types: {
    context: {} as AgentContext,
    events: {} as AgentEvent,
    emitted: {} as AgentEmitted,
  },
  actors: {
    recover: fromPromise<DeliveryResult[]>(async () => {
      throw new Error('recover is not provided');
    }),
    connectRcon: fromPromise<void>(async () => {
      throw new Error('connectRcon is not provided');
    }),
    listPlayers: fromPromise<string[]>(async () => {
      throw new Error('listPlayers is not provided');
    }),
    lease: fromPromise<LeasedDelivery[], { onlinePlayers: string[] }>(async () => {
      throw new Error('lease is not provided');
    }),
    claim: fromPromise<ClaimResult, { delivery: LeasedDelivery }>(async () => {
      throw new Error('claim is not provided');
    }),
    runCommand: fromPromise<string, { delivery: LeasedDelivery }>(async () => {
      throw new Error('runCommand is not provided');
    }),
    recordDone: fromPromise<void, { delivery: LeasedDelivery; reply: string }>(async () => {
      throw new Error('recordDone is not provided');
    }),
    report: fromPromise<void, { results: DeliveryResult[] }>(async () => {
      throw new Error('report is not provided');
    }),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.failures),
  },
  guards: {
    hasResults: ({ context }) => context.results.length > 0,
    isStopping: ({ context }) => context.stopping,
    isDisconnected: ({ context }) => !context.connected,
    batchDone: ({ context }) => context.index >= context.deliveries.length,
    orderStopped: ({ context }) => {
      const d = context.deliveries[context.index];
      return isOnlineCommand(d) && context.stoppedOrders.includes(d?.order_id ?? '');
    },
    needsPlayer: ({ context }) => isOnlineCommand(context.deliveries[context.index]),
    leasedNothing: ({ event }) => 'output' in event && (event.output as LeasedDelivery[]).length === 0,
    playerOnline: ({ context, event }) =>
      'output' in event &&
      (event.output as string[]).some(
        (name) => name.toLowerCase() === context.deliveries[context.index]?.player.toLowerCase(),
      ),
    claimedNew: ({ event }) => 'output' in event && (event.output as ClaimResult).kind === 'new',
    claimedDone: ({ event }) => 'output' in event && (event.output as ClaimResult).kind === 'done',
    claimedStarted: ({ event }) => 'output' in event && (event.output as ClaimResult).kind === 'started',
    claimedUnsafe: ({ event }) => 'output' in event && (event.output as ClaimResult).kind === 'unsafe',
    refused: ({ event }) => 'error' in event && failureOf(event.error).kind === 'unauthorized',
    journalBroken: ({ event }) => 'error' in event && failureOf(event.error).kind === 'journal',
  },
  actions: {
    requestStop: assign({ stopping: true }),
    fail: assign({ failures: ({ context }) => context.failures + 1 }),
    recovered: assign({
      results: ({ event }) => ('output' in event ? (event.output as DeliveryResult[]) : []),
    }),
    reported: assign({ results: [], failures: 0 }),
    connected: assign({ connected: true, failures: 0 }),
    disconnected: assign({ connected: false }),
    online: assign({ online: ({ event }) => ('output' in event ? (event.output as string[]) : []) }),
    leased: assign({
      deliveries: ({ event }) => ('output' in event ? (event.output as LeasedDelivery[]) : []),
      index: 0,
      stoppedOrders: [],
      failures: 0,
    }),
    batchOver: assign({ deliveries: [], index: 0, stoppedOrders: [], reply: '' }),
    next: assign({ index: ({ context }) => context.index + 1, reply: '' }),
    playerLeft: assign({
      stoppedOrders: ({ context }) => [
        ...context.stoppedOrders,
        context.deliveries[context.index]?.order_id ?? '',
      ],
    }),
    giveUp: assign({ error: ({ event }) => ('error' in event ? failureOf(event.error).message : null) }),
    addRanBefore: assign({
      results: ({ context, event }) => {
        const d = context.deliveries[context.index];
        if (!d || !('output' in event)) return context.results;
        const { reply } = event.output as { reply: string };
        return [
          ...context.results,
          { delivery_id: d.delivery_id, attempt: d.attempt, outcome: replyOutcome(reply), reply },
        ];
      },
    }),
    addUnsafe: assign({
      results: ({ context, event }) => {
        const d = context.deliveries[context.index];
        if (!d || !('output' in event)) return context.results;
        const { reason } = event.output as { reason: string };
        return [
          ...context.results,
          { delivery_id: d.delivery_id, attempt: d.attempt, outcome: 'failed', reply: reason },
        ];
      },
    }),
    emitUnsafe: emit(({ context, event }) => ({
      type: 'unsafe' as const,
      delivery: context.deliveries[context.index] as LeasedDelivery,
      reason: 'output' in event ? (event.output as { reason: string }).reason : '',
    })),
    addUncertain: assign({
      results: ({ context, event }) => {
        const d = context.deliveries[context.index];
        if (!d) return context.results;
        const reply = 'error' in event ? failureOf(event.error).message : undefined;
        const result: DeliveryResult = {
          delivery_id: d.delivery_id,
          attempt: d.attempt,
          outcome: 'uncertain',
        };
        return [...context.results, reply === undefined ? result : { ...result, reply }];
      },
    }),
    addDone: assign({
      results: ({ context }) => {
        const d = context.deliveries[context.index];
        const reply = context.reply;
        if (!d) return context.results;
        return [
          ...context.results,
          { delivery_id: d.delivery_id, attempt: d.attempt, outcome: replyOutcome(reply), reply },
        ];
      },
    }),
    emitDelivered: emit(({ context }) => {
      const reply = context.reply;
      return {
        type: 'delivered' as const,
        delivery: context.deliveries[context.index] as LeasedDelivery,
        outcome: replyOutcome(reply),
        reply,
      };
    }),
    emitRanBefore: emit(({ context, event }) => {
      const reply = 'output' in event ? (event.output as { reply: string }).reply : '';
      return {
        type: 'delivered' as const,
        delivery: context.deliveries[context.index] as LeasedDelivery,
        outcome: replyOutcome(reply),
        reply,
      };
    }),
    emitSkipped: emit(({ context }, params: { reason: 'player-left' | 'lease-lost' }) => ({
      type: 'skipped' as const,
      delivery: context.deliveries[context.index] as LeasedDelivery,
      reason: params.reason,
    })),
    emitUncertain: emit(({ context }, params: { reason: 'started-before' | 'connection-lost' }) => ({
      type: 'uncertain' as const,
      delivery: context.deliveries[context.index] as LeasedDelivery,
      reason: params.reason,
    })),
    emitRconDown: emit(({ event }) => ({
      type: 'rconDown' as const,
      message: 'error' in event ? failureOf(event.error).message : 'RCON is down',
    })),
    emitStoreDown: emit(({ event }) => ({
      type: 'storeDown' as const,
      message: 'error' in event ? failureOf(event.error).message : 'the store is down',
    })),
    keepReply: assign({ reply: ({ event }) => ('output' in event ? String(event.output) : '') }),
  },
}).createMachine({
  id: 'agent',
  description: [
    'The store agent beside one game server. It first reads its journal and reports what the store has',
    'not acknowledged (done attempts as done or failed, started-but-not-done ones as uncertain). Then it',
    'loops: connect RCON, list the online players, lease deliveries (long-poll), and for each delivery in',
    "order: an `online` one checks the player is still on (a player who left stops that order's later",
    "`online` commands), claim the attempt (journal started, fsynced, then the store's start mark; an attempt the journal shows started",
    'is never run again: done → its recorded result, started → uncertain; a lost lease → skipped; a command',
    'with a line break or too long for RCON → failed, unsent), send',
    'it over RCON, journal done with the reply; then report the results. A refused reply ("Unknown',
    'command", "No player was found") is `failed`. RCON lost mid-command: that attempt is uncertain, the',
    'batch ends, RCON reconnects with backoff. Store errors back off and retry (a report is idempotent);',
    'a refused secret or a broken journal stops the agent. STOP finishes the command in flight, reports',
    'and stops.',
  ].join(' '),
  context: {
    deliveries: [],
    index: 0,
    results: [],
    online: [],
    stoppedOrders: [],
    reply: '',
    connected: false,
    stopping: false,
    failures: 0,
    error: null,
  },
  on: { STOP: { actions: 'requestStop' } },
  initial: 'recovering',
  states: {
    recovering: {
      invoke: {
        id: 'recover',
        src: 'recover',
        onDone: { target: 'flushing', actions: 'recovered' },
        onError: { target: 'broken', actions: 'giveUp' },
      },
    },
    flushing: {
      // What is left of a batch is not claimed: its leases expire and the store hands it out again.
      entry: 'batchOver',
      always: [{ guard: 'hasResults', target: 'reporting' }, { target: 'next' }],
    },
    reporting: {
      invoke: {
        id: 'report',
        src: 'report',
        input: ({ context }) => ({ results: context.results }),
        onDone: { target: 'next', actions: 'reported' },
        onError: [
          { guard: 'refused', target: 'refused', actions: 'giveUp' },
          { target: 'reportRetry', actions: ['fail', 'emitStoreDown'] },
        ],
      },
    },
    reportRetry: {
      after: { backoff: 'reporting' },
      // The journal still has every result: the next start reports them.
      on: { STOP: 'stopped' },
    },
    next: {
      always: [
        { guard: 'isStopping', target: 'stopped' },
        { guard: 'isDisconnected', target: 'connecting' },
        { target: 'listing' },
      ],
    },
    connecting: {
      invoke: {
        id: 'connectRcon',
        src: 'connectRcon',
        onDone: { target: 'listing', actions: 'connected' },
        onError: { target: 'rconRetry', actions: ['fail', 'emitRconDown'] },
      },
      on: { STOP: 'stopped' },
    },
    rconRetry: {
      after: { backoff: 'connecting' },
      on: { STOP: 'stopped' },
    },
    listing: {
      invoke: {
        id: 'listPlayers',
        src: 'listPlayers',
        onDone: { target: 'leasing', actions: 'online' },
        onError: { target: 'rconRetry', actions: ['disconnected', 'fail', 'emitRconDown'] },
      },
      on: { STOP: 'stopped' },
    },
    leasing: {
      invoke: {
        id: 'lease',
        src: 'lease',
        input: ({ context }) => ({ onlinePlayers: context.online }),
        onDone: [
          { guard: 'leasedNothing', target: 'listing' },
          { target: 'delivering', actions: 'leased' },
        ],
        onError: [
          { guard: 'refused', target: 'refused', actions: 'giveUp' },
          { target: 'leaseRetry', actions: ['fail', 'emitStoreDown'] },
        ],
      },
      on: { STOP: 'stopped' },
    },
    leaseRetry: {
      after: { backoff: 'listing' },
      on: { STOP: 'stopped' },
    },
    delivering: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: or(['batchDone', 'isStopping']), target: '#agent.flushing' },
            { guard: 'orderStopped', target: 'skipping' },
            { guard: 'needsPlayer', target: 'checkingPlayer' },
            { target: 'claiming' },
          ],
        },
        skipping: {
          entry: { type: 'emitSkipped', params: { reason: 'player-left' } },
          always: { target: 'choosing', actions: 'next' },
        },
        checkingPlayer: {
          invoke: {
            id: 'listPlayers',
            src: 'listPlayers',
            onDone: [
              { guard: 'playerOnline', target: 'claiming', actions: 'online' },
              { target: 'skipping', actions: ['online', 'playerLeft'] },
            ],
            onError: { target: '#agent.flushing', actions: ['disconnected', 'emitRconDown'] },
          },
        },
        claiming: {
          invoke: {
            id: 'claim',
            src: 'claim',
            input: ({ context }) => ({ delivery: context.deliveries[context.index] as LeasedDelivery }),
            onDone: [
              { guard: 'claimedNew', target: 'sending' },
              {
                guard: 'claimedDone',
                target: 'choosing',
                actions: ['addRanBefore', 'emitRanBefore', 'next'],
              },
              {
                guard: 'claimedStarted',
                target: 'choosing',
                actions: [
                  'addUncertain',
                  { type: 'emitUncertain', params: { reason: 'started-before' } },
                  'next',
                ],
              },
              { guard: 'claimedUnsafe', target: 'choosing', actions: ['addUnsafe', 'emitUnsafe', 'next'] },
              {
                target: 'choosing',
                actions: [{ type: 'emitSkipped', params: { reason: 'lease-lost' } }, 'next'],
              },
            ],
            onError: [
              { guard: 'journalBroken', target: '#agent.broken', actions: 'giveUp' },
              { guard: 'refused', target: '#agent.refused', actions: 'giveUp' },
              // Nothing was sent: the attempt stays with the store (its lease expires).
              { target: '#agent.flushing', actions: ['fail', 'emitStoreDown'] },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'runCommand',
            src: 'runCommand',
            input: ({ context }) => ({ delivery: context.deliveries[context.index] as LeasedDelivery }),
            onDone: { target: 'recording', actions: 'keepReply' },
            // The command may have run: it is never sent again, the operator decides.
            onError: {
              target: '#agent.flushing',
              actions: [
                'addUncertain',
                { type: 'emitUncertain', params: { reason: 'connection-lost' } },
                'disconnected',
              ],
            },
          },
        },
        recording: {
          invoke: {
            id: 'recordDone',
            src: 'recordDone',
            input: ({ context }) => ({
              delivery: context.deliveries[context.index] as LeasedDelivery,
              reply: context.reply,
            }),
            onDone: { target: 'choosing', actions: ['addDone', 'emitDelivered', 'next'] },
            onError: { target: '#agent.broken', actions: 'giveUp' },
          },
        },
      },
    },
    refused: { type: 'final' },
    broken: { type: 'final' },
    stopped: { type: 'final' },
  },
});

export { keyOf as deliveryKey };
