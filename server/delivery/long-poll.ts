import type { Database } from '../db/database';
import { onDeliveriesQueued } from './queue';

/**
 * The waiting of long-polling lease calls (ADR 0031). A waiting call looks again when this process
 * queued deliveries (`deliveriesQueued`), and otherwise every `POLL_MS`: another API node's orders
 * reach it through the database, so several nodes need nothing else (on PGlite there is one).
 */
export const POLL_MS = 500;

export interface LongPolls {
  /** Resolves after `ms`, when deliveries were queued here, or when the app closes. */
  pause(ms: number): Promise<void>;
  readonly closed: boolean;
  close(): void;
}

export function longPolls(_db: Database): LongPolls {
  const waiters = new Set<() => void>();
  let closed = false;
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  const unsubscribe = onDeliveriesQueued(wakeAll);
  return {
    get closed() {
      return closed;
    },
    pause(ms) {
      if (closed || ms <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        waiters.add(wake);
      });
    },
    close() {
      closed = true;
      unsubscribe();
      wakeAll();
    },
  };
}
