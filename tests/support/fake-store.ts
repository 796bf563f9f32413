/**
 * A stand-in for the store's agent API (openapi.yaml, tag "game": lease, start, report) over HTTP on
 * loopback, with the contract's rules in memory: leases expire (unstarted → queued again, started →
 * uncertain), an `online` delivery goes only to a listed player, a later command of an order waits
 * behind an earlier one that is not settled, start is refused (409) unless the caller holds the
 * unexpired lease, reports are idempotent and count for the current attempt of an unsettled row.
 * The agent's own tests run against it; the fault suite runs the agent against the real server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeRow {
  delivery_id: number;
  attempt: number;
  order_id: number;
  player: string;
  command: string;
  condition: 'online' | 'any';
  state: 'queued' | 'leased' | 'done' | 'failed' | 'uncertain';
  holder: string | null;
  expiresAt: number;
  started: boolean;
  leaseCount: number;
  reply: string | null;
  /** Every report that changed this row, and every one that did not. */
  reports: number;
}

export interface FakeStore {
  url: string;
  secret: string;
  rows: FakeRow[];
  /** Queues a delivery; returns its id. */
  add(row: Pick<FakeRow, 'order_id' | 'player' | 'command' | 'condition'>): number;
  /** Every request, by path. */
  calls: Array<{ path: string; body: unknown; status: number }>;
  leaseSeconds: number;
  /** Answer this many of the next requests to `path` with 503. */
  failNext(path: 'lease' | 'start' | 'report', times: number): void;
  close(): Promise<void>;
}

const SETTLED = new Set(['done', 'failed']);

export async function startFakeStore(options: { secret: string; leaseSeconds?: number }): Promise<FakeStore> {
  const rows: FakeRow[] = [];
  const calls: FakeStore['calls'] = [];
  const failures = new Map<string, number>();
  const store = { leaseSeconds: options.leaseSeconds ?? 60 };

  const sweep = () => {
    const now = Date.now();
    for (const row of rows) {
      if (row.state === 'leased' && row.expiresAt <= now) {
        row.state = row.started ? 'uncertain' : 'queued';
        row.holder = null;
        if (!row.started) row.leaseCount += 1;
      }
    }
  };

  const leasable = (online: string[]) => {
    const blocked = new Set<number>();
    const out: FakeRow[] = [];
    for (const row of [...rows].sort((a, b) => a.order_id - b.order_id || a.delivery_id - b.delivery_id)) {
      if (blocked.has(row.order_id)) continue;
      if (row.state === 'queued' && (row.condition === 'any' || online.includes(row.player))) out.push(row);
      if (!SETTLED.has(row.state)) blocked.add(row.order_id);
    }
    return out;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', date: new Date().toUTCString() });
    res.end(JSON.stringify(body));
  };

  const handle = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Record<string, unknown>,
  ) => {
    if (req.headers.authorization !== `Bearer ${options.secret}`) {
      return send(res, 401, { status: 'ERROR', message: 'Unauthenticated.' });
    }
    const fail = failures.get(path) ?? 0;
    if (fail > 0) {
      failures.set(path, fail - 1);
      return send(res, 503, { status: 'ERROR', message: 'Service unavailable.' });
    }
    const holder = String(body.agent ?? 'agent');
    if (path === 'lease') {
      const online = (body.online_players as string[] | undefined) ?? [];
      const max = Number(body.max ?? 10);
      const until = Date.now() + Number(body.wait ?? 0) * 1000;
      for (;;) {
        sweep();
        const picked = leasable(online).slice(0, max);
        if (picked.length > 0 || Date.now() >= until) {
          for (const row of picked) {
            row.state = 'leased';
            row.holder = holder;
            row.expiresAt = Date.now() + store.leaseSeconds * 1000;
            row.started = false;
          }
          return send(res, 200, {
            status: 'OK',
            payload: picked.map((r) => ({
              delivery_id: r.delivery_id,
              attempt: r.attempt,
              order_id: r.order_id,
              player: r.player,
              command: r.command,
              condition: r.condition,
              lease_expires_at: new Date(r.expiresAt).toISOString(),
            })),
          });
        }
        // The agent gave up waiting (stopped): nobody to answer.
        if (res.destroyed || req.socket.destroyed) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    if (path === 'start') {
      sweep();
      const row = rows.find((r) => r.delivery_id === body.delivery_id);
      if (!row || row.attempt !== body.attempt || row.state !== 'leased' || row.started) {
        return send(res, 409, { status: 'ERROR', message: 'This attempt cannot be started.' });
      }
      row.started = true;
      return send(res, 200, { status: 'OK' });
    }
    if (path === 'report') {
      sweep();
      for (const result of (body.results as Array<Record<string, unknown>>) ?? []) {
        const row = rows.find((r) => r.delivery_id === result.delivery_id);
        if (!row) continue;
        row.reports += 1;
        if (row.attempt !== result.attempt || SETTLED.has(row.state)) continue;
        row.state = result.outcome as FakeRow['state'];
        row.reply = (result.reply as string | undefined) ?? null;
        row.holder = null;
      }
      return send(res, 200, { status: 'OK' });
    }
    return send(res, 404, { status: 'ERROR', message: 'Not found.' });
  };

  const server: Server = createServer((req, res) => {
    const match = /^\/api\/game\/deliveries\/(lease|start|report)$/.exec(req.url ?? '');
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const path = match?.[1] ?? req.url ?? '';
      let body: Record<string, unknown> = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return send(res, 400, { status: 'ERROR', message: 'Bad JSON.' });
      }
      res.on('finish', () => calls.push({ path, body, status: res.statusCode }));
      void handle(req, res, path, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    secret: options.secret,
    rows,
    calls,
    get leaseSeconds() {
      return store.leaseSeconds;
    },
    set leaseSeconds(seconds: number) {
      store.leaseSeconds = seconds;
    },
    add(row) {
      const id = rows.length + 1;
      rows.push({
        ...row,
        delivery_id: id,
        attempt: 1,
        state: 'queued',
        holder: null,
        expiresAt: 0,
        started: false,
        leaseCount: 0,
        reply: null,
        reports: 0,
      });
      return id;
    },
    failNext(path, times) {
      failures.set(path, times);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
