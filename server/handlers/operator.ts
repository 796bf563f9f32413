import type { FastifyRequest } from 'fastify';
import type { TemplateProblem } from '../../domain/delivery-command';
import { formatCoins } from '../../domain/money-text';
import { TOP_UP_PRESETS_MAX } from '../../domain/settings-rules';
import { currentSettings } from '../catalogue/settings-cache';
import { requireOperator } from '../delivery/authenticate';
import {
  createGameServer,
  listGameServers,
  NameTakenError,
  renameGameServer,
  rotateGameServerSecret,
} from '../delivery/game-servers';
import { expireLeases } from '../delivery/lease';
import {
  ALLOWED_PLACEHOLDERS,
  type CommandProblems,
  commandProblems,
  DeliveryStateError,
  grantOperator,
  listDeliveries,
  productCommandsOf,
  productSlug,
  requeueDelivery,
  resolveDelivery,
  setProductCommands,
} from '../delivery/operator';
import { fieldErrors, HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import { type IdempotencyClaim, IdempotencyKeyReusedError, requestFingerprint } from '../ledger/idempotency';
import { InsufficientFundsError } from '../ledger/ledger';
import { type Actor, listAudit } from '../operator/audit';
import { adjustBalance } from '../operator/balance';
import { newVerificationLink, signOutEverywhere } from '../operator/customer-care';
import { customerDetail, listCustomers } from '../operator/customers';
import { listOrders, orderDetail } from '../operator/orders';
import { overview } from '../operator/overview';
import {
  NoCardRefundError,
  OrderNotPaidError,
  RefundBeyondPaidError,
  recordRefund,
} from '../operator/refunds';
import {
  changeSettings,
  InvalidSettingError,
  readVersionedSettings,
  SettingsChangedError,
} from '../operator/settings';
import { sendCardRefund } from '../payments/card-refunds';
import { sendVerificationMail } from '../users/mails';
import type { ContractHandlers } from './types';

/** A contract Timestamp of the query, as a time. */
const timeOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** Coin minor units as the customer reads them, with the store's coin name. */
async function coinsText(request: FastifyRequest, minor: number): Promise<string> {
  const coin = (await currentSettings(request.server.ctx.db)).internal_currency.name;
  return formatCoins(minor, request.locale, coin);
}

/**
 * The operator's Idempotency-Key for this change; the operation, its path and its body tell one
 * request from another. The router has checked the header against the contract (present, one
 * visible-ASCII key), and an operator's request always has a signed-in actor.
 */
function operatorClaim(
  operation: 'adjustCustomerBalance' | 'refundOrder',
  request: FastifyRequest<{ Params: { id: number }; Body: Record<string, unknown> }>,
  actor: Actor,
): IdempotencyClaim {
  if (actor.userId === null) throw new Error('an operator request without its account');
  return {
    userId: actor.userId,
    key: String(request.headers['idempotency-key']),
    fingerprint: requestFingerprint(operation, { ...request.body, id: request.params.id }),
  };
}

/** What the operator is told of a refund, by where it went and how far it got. */
const REFUND_MESSAGES = {
  balance: { succeeded: 'refund.done', pending: 'refund.done', failed: 'refund.done' },
  card: { succeeded: 'refund.cardDone', pending: 'refund.cardPending', failed: 'refund.cardRefused' },
} as const;

const notFound = (request: FastifyRequest) => new HttpError(404, t(request.locale, 'error.notFound'));

function nameTaken(request: FastifyRequest, error: unknown): unknown {
  return error instanceof NameTakenError
    ? fieldErrors({ name: [t(request.locale, 'gameServer.nameTaken')] })
    : error;
}

function problemText(request: FastifyRequest, problem: TemplateProblem | { kind: 'unknownServer' }): string {
  switch (problem.kind) {
    case 'unknownPlaceholder':
      return t(request.locale, 'template.unknownPlaceholder', {
        placeholder: `{${problem.name}}`,
        allowed: ALLOWED_PLACEHOLDERS,
      });
    case 'notOneCommand':
      return t(request.locale, 'template.notOneCommand');
    case 'empty':
      return t(request.locale, 'template.empty');
    case 'tooLong':
      return t(request.locale, 'template.tooLong', { longest: problem.longest, limit: problem.limit });
    case 'unknownServer':
      return t(request.locale, 'template.unknownServer');
  }
}

function refusal(request: FastifyRequest, problems: CommandProblems): HttpError | undefined {
  const entries = Object.entries(problems);
  if (entries.length === 0) return undefined;
  return fieldErrors(
    Object.fromEntries(entries.map(([field, problem]) => [field, [problemText(request, problem)]])),
  );
}

function stateConflict(
  request: FastifyRequest,
  error: unknown,
  key: 'delivery.notRequeueable' | 'delivery.notResolvable',
) {
  return error instanceof DeliveryStateError ? new HttpError(409, t(request.locale, key)) : error;
}

/** The operator's operations (ADR 0031): every change writes an audit row in its transaction. */
export const operatorHandlers = {
  getOperatorSettings: async (request, reply) => {
    requireOperator(request);
    const { settings, version } = await readVersionedSettings(request.server.ctx.db);
    reply.header('etag', version);
    return { status: 'OK', payload: settings };
  },

  updateOperatorSettings: async (request, reply) => {
    const actor = requireOperator(request);
    try {
      const { settings, version } = await changeSettings(
        request.server.ctx.db,
        actor,
        request.headers['if-match'] ?? '',
        request.body,
      );
      reply.header('etag', version);
      return { status: 'OK', payload: settings };
    } catch (error) {
      if (error instanceof SettingsChangedError) {
        reply.header('etag', error.current);
        throw new HttpError(412, t(request.locale, 'settings.changedMeanwhile'));
      }
      if (error instanceof InvalidSettingError) {
        const message =
          error.problem === undefined
            ? t(request.locale, 'settings.invalid')
            : t(request.locale, `settings.topUpPresets.${error.problem}`, { max: TOP_UP_PRESETS_MAX });
        throw fieldErrors({ [error.key]: [message] });
      }
      throw error;
    }
  },

  listAuditLog: async (request) => {
    requireOperator(request);
    const { entity, entity_id, actor, from, until, before_id, limit } = request.query;
    return {
      status: 'OK',
      payload: await listAudit(request.server.ctx.db, {
        entity,
        entity_id,
        actor,
        from: timeOf(from),
        until: timeOf(until),
        before_id,
        limit: limit ?? 50,
      }),
    };
  },

  listCustomers: async (request) => {
    requireOperator(request);
    const { q, before_id, limit } = request.query;
    return {
      status: 'OK',
      payload: await listCustomers(request.server.ctx.db, { q, before_id, limit: limit ?? 50 }),
    };
  },

  getCustomer: async (request) => {
    requireOperator(request);
    const detail = await customerDetail(request.server.ctx.db, request.params.id);
    if (detail === null) throw notFound(request);
    return { status: 'OK', payload: detail };
  },

  listOperatorOrders: async (request) => {
    requireOperator(request);
    const { q, status, from, until, before_id, limit } = request.query;
    return {
      status: 'OK',
      payload: await listOrders(request.server.ctx.db, {
        q,
        status,
        from: timeOf(from),
        until: timeOf(until),
        before_id,
        limit: limit ?? 50,
      }),
    };
  },

  getOperatorOrder: async (request) => {
    requireOperator(request);
    const detail = await orderDetail(request.server.ctx.db, request.params.id);
    if (detail === null) throw notFound(request);
    return { status: 'OK', payload: detail };
  },

  adjustCustomerBalance: async (request) => {
    const actor = requireOperator(request);
    const { locale } = request;
    const { amount, reason } = request.body;
    try {
      const adjusted = await adjustBalance(
        request.server.ctx.db,
        actor,
        request.params.id,
        { amount, reason: reason.trim() },
        operatorClaim('adjustCustomerBalance', request, actor),
      );
      if (adjusted === null) throw notFound(request);
      return {
        status: 'OK',
        message: t(locale, 'balance.adjusted'),
        payload: {
          customer_id: adjusted.customerId,
          entry_id: adjusted.entryId,
          amount: adjusted.amount,
          balance: adjusted.balance,
        },
      };
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        const balance = await coinsText(request, error.balanceMinor);
        throw fieldErrors({ amount: [t(locale, 'balance.adjustBeyondBalance', { balance })] });
      }
      if (error instanceof IdempotencyKeyReusedError) {
        throw fieldErrors({ idempotency_key: [t(locale, 'balance.adjustKeyReused')] });
      }
      throw error;
    }
  },

  getOperatorOverview: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: await overview(request.server.ctx.db, request.query.days ?? 30) };
  },

  revokeCustomerSessions: async (request) => {
    const actor = requireOperator(request);
    const revoked = await signOutEverywhere(request.server.ctx.db, actor, request.params.id);
    if (revoked === null) throw notFound(request);
    return {
      status: 'OK',
      message: t(request.locale, 'customer.signedOutEverywhere'),
      payload: { revoked },
    };
  },

  resendCustomerVerification: async (request) => {
    const actor = requireOperator(request);
    const { locale } = request;
    const link = await newVerificationLink(request.server.ctx.db, actor, request.params.id);
    if (link === null) throw notFound(request);
    if (link.kind === 'verified') throw new HttpError(409, t(locale, 'customer.alreadyVerified'));
    await sendVerificationMail(request, link.to, link.token);
    return { status: 'OK', message: t(locale, 'customer.verificationSent', { email: link.to.email }) };
  },

  refundOrder: async (request) => {
    const actor = requireOperator(request);
    const { db } = request.server.ctx;
    const { locale } = request;
    const { amount, to, reason } = request.body;
    // Checked before anything is recorded: without a provider nothing goes to a card (a 503).
    const cardProvider = to === 'card' ? (await request.server.ctx.payments.required()).provider : undefined;
    try {
      const refunded = await recordRefund(
        db,
        actor,
        request.params.id,
        { amount, to, reason: reason.trim() },
        operatorClaim('refundOrder', request, actor),
      );
      if (refunded === null) throw notFound(request);
      // A retry of a card refund still pending sends it again, with the same key at the provider.
      const state =
        cardProvider !== undefined && refunded.to === 'card' && refunded.state === 'pending'
          ? await sendCardRefund(db, cardProvider, refunded.refundId)
          : refunded.state;
      return {
        status: 'OK',
        message: t(locale, REFUND_MESSAGES[refunded.to][state]),
        payload: {
          refund_id: refunded.refundId,
          order_id: refunded.orderId,
          amount: refunded.amount,
          to: refunded.to,
          state,
          card: refunded.card,
          refunded: state === 'failed' ? refunded.refunded - refunded.amount : refunded.refunded,
          refundable: state === 'failed' ? refunded.refundable + refunded.amount : refunded.refundable,
        },
      };
    } catch (error) {
      if (error instanceof OrderNotPaidError) throw new HttpError(409, t(locale, 'refund.notPaid'));
      if (error instanceof NoCardRefundError) {
        if (error.why === 'notByCard') throw new HttpError(409, t(locale, 'refund.notByCard'));
        throw fieldErrors({ amount: [t(locale, 'refund.tooSmallForCard')] });
      }
      if (error instanceof RefundBeyondPaidError) {
        const left = await coinsText(request, error.refundable);
        throw fieldErrors({ amount: [t(locale, 'refund.beyondPaid', { left })] });
      }
      if (error instanceof IdempotencyKeyReusedError) {
        throw fieldErrors({ idempotency_key: [t(locale, 'refund.keyReused')] });
      }
      throw error;
    }
  },

  listGameServers: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: await listGameServers(request.server.ctx.db) };
  },

  createGameServer: async (request, reply) => {
    const actor = requireOperator(request);
    const created = await createGameServer(request.server.ctx.db, actor, request.body.name.trim()).catch(
      (error: unknown) => {
        throw nameTaken(request, error);
      },
    );
    reply.code(201);
    return { status: 'OK', payload: created };
  },

  renameGameServer: async (request) => {
    const actor = requireOperator(request);
    const renamed = await renameGameServer(
      request.server.ctx.db,
      actor,
      request.params.id,
      request.body.name.trim(),
    ).catch((error: unknown) => {
      throw nameTaken(request, error);
    });
    if (renamed === null) throw notFound(request);
    return { status: 'OK', payload: renamed };
  },

  rotateGameServerSecret: async (request) => {
    const actor = requireOperator(request);
    const rotated = await rotateGameServerSecret(request.server.ctx.db, actor, request.params.id);
    if (rotated === null) throw notFound(request);
    return { status: 'OK', payload: rotated };
  },

  getProductCommands: async (request) => {
    requireOperator(request);
    const { db } = request.server.ctx;
    const { id } = request.params;
    if ((await productSlug(db, id)) === null) throw notFound(request);
    return { status: 'OK', payload: { product_id: id, commands: await productCommandsOf(db, id) } };
  },

  setProductCommands: async (request) => {
    const actor: Actor = requireOperator(request);
    const { db } = request.server.ctx;
    const { id } = request.params;
    const slug = await productSlug(db, id);
    if (slug === null) throw notFound(request);
    const { commands } = request.body;
    const refused = refusal(request, await commandProblems(db, slug, commands));
    if (refused) throw refused;
    const saved = await setProductCommands(db, actor, id, commands);
    return { status: 'OK', payload: { product_id: id, commands: saved } };
  },

  listDeliveries: async (request) => {
    requireOperator(request);
    const { db, config } = request.server.ctx;
    await expireLeases(db, config.delivery.maxLeases);
    const { state, game_server_id, order_id, player, before_id, limit } = request.query;
    return {
      status: 'OK',
      payload: await listDeliveries(db, {
        state,
        game_server_id,
        order_id,
        player,
        before_id,
        limit: limit ?? 50,
      }),
    };
  },

  requeueDelivery: async (request) => {
    const actor = requireOperator(request);
    const { db, config } = request.server.ctx;
    await expireLeases(db, config.delivery.maxLeases);
    const requeued = await requeueDelivery(db, actor, request.params.id, request.body?.note).catch(
      (error: unknown) => {
        throw stateConflict(request, error, 'delivery.notRequeueable');
      },
    );
    if (requeued === null) throw notFound(request);
    return { status: 'OK', payload: requeued };
  },

  resolveDelivery: async (request) => {
    const actor = requireOperator(request);
    const { db, config } = request.server.ctx;
    await expireLeases(db, config.delivery.maxLeases);
    const { outcome, note } = request.body;
    const resolved = await resolveDelivery(db, actor, request.params.id, outcome, note).catch(
      (error: unknown) => {
        throw stateConflict(request, error, 'delivery.notResolvable');
      },
    );
    if (resolved === null) throw notFound(request);
    return { status: 'OK', payload: resolved };
  },

  grantOperator: async (request) => {
    const { email } = request.body;
    const granted = await grantOperator(request.server.ctx.db, { userId: null, label: 'cli' }, email);
    if (!granted) throw notFound(request);
    return { status: 'OK', message: t(request.locale, 'operator.granted', { email: email.toLowerCase() }) };
  },
} satisfies Partial<ContractHandlers>;
