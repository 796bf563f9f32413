import { requireGameServer } from '../delivery/authenticate';
import { expireLeases, leaseDeliveries, reportResults, startDelivery } from '../delivery/lease';
import { POLL_MS } from '../delivery/long-poll';
import { HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import type { ContractHandlers } from './types';

/** The store agent's operations (ADR 0031): lease (long-poll), start, report. */
export const gameHandlers = {
  leaseDeliveries: async (request) => {
    const server = requireGameServer(request);
    const { body } = request;
    const { db, config, longPolls } = request.server.ctx;
    const options = {
      gameServerId: server.id,
      onlinePlayers: (body.online_players ?? []).map((name) => name.toLowerCase()),
      max: body.max ?? 10,
      holder: body.agent === undefined ? server.name : `${server.name}/${body.agent}`,
      leaseMs: config.delivery.leaseMs,
    };
    const deadline = Date.now() + (body.wait ?? 0) * 1000;
    for (;;) {
      await expireLeases(db, config.delivery.maxLeases);
      const payload = await leaseDeliveries(db, options);
      const left = deadline - Date.now();
      // Stop waiting for a caller that went away (its socket: the request stream itself counts as
      // destroyed once its body is read).
      if (payload.length > 0 || left <= 0 || longPolls.closed || request.raw.socket?.destroyed === true) {
        return { status: 'OK', payload };
      }
      await longPolls.pause(Math.min(POLL_MS, left));
    }
  },

  startDelivery: async (request) => {
    const server = requireGameServer(request);
    const { delivery_id, attempt } = request.body;
    const { db, config } = request.server.ctx;
    await expireLeases(db, config.delivery.maxLeases);
    if (!(await startDelivery(db, server.id, delivery_id, attempt))) {
      throw new HttpError(409, t(request.locale, 'delivery.notStartable'));
    }
    return { status: 'OK' };
  },

  reportDeliveries: async (request) => {
    const server = requireGameServer(request);
    await reportResults(request.server.ctx.db, server.id, request.body.results);
    return { status: 'OK' };
  },
} satisfies Partial<ContractHandlers>;
