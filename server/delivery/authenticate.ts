import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { bearerToken, requireAuth } from '../auth/authenticate';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import type { Actor } from '../operator/audit';
import { gameServerBySecret } from './game-servers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The game server whose secret the request carries, on the store agent's operations. */
    gameServer: { id: number; name: string } | null;
  }
}

/** Hook for operations with `gameServerAuth`: resolves the game server, or answers 401. */
export function authenticateGameServer(db: Database): preValidationAsyncHookHandler {
  return async (request) => {
    const secret = bearerToken(request.headers.authorization);
    const server = secret === undefined ? null : await gameServerBySecret(db, secret);
    if (server === null) throw new HttpError(401, t(request.locale, 'error.unauthenticated'));
    request.gameServer = server;
  };
}

export function requireGameServer(request: FastifyRequest): { id: number; name: string } {
  if (request.gameServer === null) throw new HttpError(401, t(request.locale, 'error.unauthenticated'));
  return request.gameServer;
}

/** The signed-in operator (401 without a session, 403 for a customer). */
export function requireOperator(request: FastifyRequest): Actor {
  const { user } = requireAuth(request);
  if (user.role !== 'operator') throw new HttpError(403, t(request.locale, 'operator.forbidden'));
  return { userId: user.id, label: user.email };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Hook for operations with `adminKey`: only a connection from this machine (its peer address,
 * never X-Forwarded-For) carrying the running server's key.
 */
export function authenticateAdmin(adminKey: string): preValidationAsyncHookHandler {
  const expected = Buffer.from(adminKey);
  return async (request) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    if (!LOOPBACK.has(peer)) throw new HttpError(403, t(request.locale, 'operator.loopbackOnly'));
    const header = request.headers['blockfront-admin-key'];
    const given = Buffer.from(typeof header === 'string' ? header : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, t(request.locale, 'error.unauthenticated'));
    }
  };
}
