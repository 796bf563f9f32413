/**
 * The store's agent API (openapi.yaml, tag "game"), authenticated with the game server's secret:
 * lease deliveries (long-poll), report results. The agent talks to the store like any game server
 * would, over HTTP only.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { AgentFailure, DeliveryResult, LeasedDelivery } from '../machines/agent';
import { deliveryKey } from '../machines/agent';

export interface StoreOptions {
  url: string;
  secret: string;
  /** Long-poll: how long the store may hold a lease request with nothing to hand out (≤ 25). */
  waitSeconds: number;
  /** Deliveries per lease. */
  batch: number;
  /** Recorded by the store as the lease holder (host and process). */
  agent: string;
  /** An empty answer sooner than this is followed by a pause, so a store that does not hold the request is not asked in a loop. */
  minPollMs?: number;
}

/** The contract's limits: results per report, characters of a reply. */
const REPORT_LIMIT = 100;
const REPLY_LIMIT = 4000;

const failure = (
  kind: AgentFailure['kind'],
  message: string,
  status?: number,
): AgentFailure & { status?: number } =>
  status === undefined ? { kind, message } : { kind, message, status };

export class StoreClient {
  /** Per leased attempt, when its lease ends on this machine's clock. */
  private readonly deadlines = new Map<string, number>();

  constructor(private readonly options: StoreOptions) {}

  private async call(path: string, body: unknown, timeoutMs: number, signal?: AbortSignal) {
    const url = new URL(
      `api/game/deliveries/${path}`,
      this.options.url.endsWith('/') ? this.options.url : `${this.options.url}/`,
    );
    const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw failure('network', `${url.origin}: ${cause ?? (error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    let parsed: { status?: string; message?: string; payload?: unknown } = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (response.status === 401 || response.status === 403) {
      throw failure(
        'unauthorized',
        `The store refused the game server secret (${response.status} ${parsed.message ?? ''}).`.replace(
          ' )',
          ')',
        ),
      );
    }
    if (!response.ok || parsed.status !== 'OK') {
      throw failure(
        'server',
        `${path}: ${response.status} ${parsed.message ?? text.slice(0, 200)}`.trim(),
        response.status,
      );
    }
    return { parsed, date: response.headers.get('date') };
  }

  /** Leases up to `batch` deliveries whose condition holds for `onlinePlayers`; waits up to `waitSeconds`. */
  async lease(onlinePlayers: string[], signal?: AbortSignal): Promise<LeasedDelivery[]> {
    const asked = Date.now();
    const { parsed, date } = await this.call(
      'lease',
      {
        // The contract takes up to 1,000 names of at most 32 characters; longer ones are no players.
        online_players: onlinePlayers.filter((name) => name.length <= 32).slice(0, 1000),
        wait: this.options.waitSeconds,
        max: this.options.batch,
        agent: this.options.agent,
      },
      (this.options.waitSeconds + 15) * 1000,
      signal,
    );
    const deliveries = (parsed.payload ?? []) as LeasedDelivery[];
    // The store's clock may differ from ours: its Date header says by how much (to the second).
    const now = Date.now();
    const storeNow = date ? Date.parse(date) : Number.NaN;
    const skew = Number.isNaN(storeNow) ? 0 : storeNow - now;
    for (const d of deliveries) {
      this.deadlines.set(deliveryKey(d), Date.parse(d.lease_expires_at) - skew - 1000);
    }
    const minPoll = this.options.minPollMs ?? 1000;
    if (deliveries.length === 0 && now - asked < minPoll) {
      await delay(minPoll - (now - asked), undefined, { signal }).catch(() => undefined);
    }
    return deliveries;
  }

  /** How long this agent still holds the attempt's lease, in ms (negative: it has expired). */
  heldFor(d: LeasedDelivery): number {
    const deadline = this.deadlines.get(deliveryKey(d)) ?? Date.parse(d.lease_expires_at);
    return deadline - Date.now();
  }

  /**
   * The start mark (the store's delivery ADR): true — this agent, and nobody else, may run the attempt once;
   * false (409) — it must not run it (the lease expired, another agent started it, the operator
   * requeued or resolved it).
   */
  async start(d: LeasedDelivery, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.call('start', { delivery_id: d.delivery_id, attempt: d.attempt }, 15_000, signal);
      return true;
    } catch (error) {
      if ((error as { status?: number }).status === 409) return false;
      throw error;
    }
  }

  /** Reports results (at most 100 a call); the store takes each once, so a repeat changes nothing. */
  async report(results: DeliveryResult[], signal?: AbortSignal): Promise<void> {
    for (let i = 0; i < results.length; i += REPORT_LIMIT) {
      const chunk = results
        .slice(i, i + REPORT_LIMIT)
        .map((r) =>
          r.reply !== undefined && r.reply.length > REPLY_LIMIT
            ? { ...r, reply: r.reply.slice(0, REPLY_LIMIT) }
            : r,
        );
      await this.call('report', { results: chunk }, 15_000, signal);
    }
    for (const r of results) this.deadlines.delete(deliveryKey(r));
  }
}
