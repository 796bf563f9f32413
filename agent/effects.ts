/**
 * The agent machine's effects (machines/agent.ts), on the journal, the game server's console and the
 * store's agent API. The order inside `claim` is the promise of docs/decisions/0029: journal
 * `started` (fsynced) and the store's start mark both come before the command is sent.
 */
import { fromPromise } from 'xstate';
import type { ClaimResult, DeliveryResult, LeasedDelivery } from '../machines/agent';
import type { Faults } from './faults';
import type { Journal } from './journal';
import { type GameConsole, unsafeCommand } from './rcon';
import type { StoreClient } from './store';

export interface AgentDeps {
  journal: Journal;
  console: GameConsole;
  store: StoreClient;
  faults: Faults;
  /** An attempt is not started with less than this left of its lease. */
  leaseMarginMs: number;
}

export function agentActors({ journal, console, store, faults, leaseMarginMs }: AgentDeps) {
  return {
    recover: fromPromise<DeliveryResult[]>(async () => journal.unreported()),
    connectRcon: fromPromise<void>(async () => console.connect()),
    listPlayers: fromPromise<string[]>(async () => console.players()),
    lease: fromPromise<LeasedDelivery[], { onlinePlayers: string[] }>(async ({ input, signal }) => {
      const leased = await store.lease(input.onlinePlayers, signal);
      if (leased.length > 0) faults.reached('lease');
      return leased;
    }),
    claim: fromPromise<ClaimResult, { delivery: LeasedDelivery }>(async ({ input: { delivery } }) => {
      const known = journal.get(delivery);
      if (known?.done !== undefined) return { kind: 'done', reply: known.reply ?? '' };
      if (known?.started !== undefined) return { kind: 'started' };
      const unsafe = unsafeCommand(delivery.command);
      if (unsafe) return { kind: 'unsafe', reason: unsafe };
      if (store.heldFor(delivery) < leaseMarginMs) return { kind: 'lost' };
      journal.started(delivery);
      faults.reached('journal-started');
      if (!(await store.start(delivery))) {
        journal.abandoned(delivery, 'the store refused the start mark');
        return { kind: 'lost' };
      }
      return { kind: 'new' };
    }),
    runCommand: fromPromise<string, { delivery: LeasedDelivery }>(async ({ input }) => {
      const reply = await console.send(input.delivery.command);
      faults.reached('rcon-reply');
      return reply;
    }),
    recordDone: fromPromise<void, { delivery: LeasedDelivery; reply: string }>(async ({ input }) => {
      journal.done(input.delivery, input.reply);
      faults.reached('journal-done');
    }),
    report: fromPromise<void, { results: DeliveryResult[] }>(async ({ input, signal }) => {
      await store.report(input.results, signal);
      faults.reached('report');
      journal.reported(input.results);
    }),
  };
}
