import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type preHandlerAsyncHookHandler,
  type preValidationAsyncHookHandler,
  type RouteOptions,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { authenticate } from './auth/authenticate';
import { newToken } from './auth/tokens';
import { catalogueGeneration } from './catalogue/catalogue-changes';
import { type Config, isLocalUrl } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { authenticateAdmin, authenticateGameServer } from './delivery/authenticate';
import { longPolls } from './delivery/long-poll';
import { handlers as allHandlers, type Handlers, missingHandlers, unknownHandlers } from './handlers';
import { registerApiDocs } from './http/api-docs';
import { bodyGuard, registerBodyParsers } from './http/body';
import { rewriteToCanonicalUrl } from './http/canonical-url';
import { registerCompression } from './http/compression';
import {
  bodyTooLarge,
  frameworkErrorHandler,
  registerErrorHandler,
  registerNotFoundHandler,
  registerOptionsAnswer,
} from './http/error-handler';
import { allowedMethods } from './http/methods';
import { listOperations, loadContract, type OpenApiDocument, type OperationInfo } from './http/openapi';
import { queryGuard } from './http/query';
import {
  defaultRateLimits,
  type HitStore,
  PostgresHitStore,
  type RateLimits,
  registerGlobalRateLimit,
} from './http/rate-limit';
import { type CspOptions, registerSecurity } from './http/security';
import { sensitiveLimiters } from './http/sensitive-limits';
import { builtFileAt, firstScreenOf, registerStaticApp, servesApp } from './http/static-app';
import { validatorCompiler } from './http/validation';
import { createLocaleResolver, requestedLangId } from './i18n/locale';
import { createMailer, type Mailer, mailNotice } from './mail/mailer';
import { createMailSender, type MailSenderOptions } from './mail/queue';
import { paths } from './paths';
import { paymentNotice, paymentSlot } from './payments/providers';
import { loadRenderEntry, renderEntryPath } from './render/app-page';
import { cachedRenderEntry } from './render/render-cache';
import { renderingInWorker } from './render/render-worker';
import { startupAnswers, visitorChoices } from './render/startup-answers';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Handlers by operationId (default: all of server/handlers). */
  handlers?: Handlers;
  /** Default: a mailer built from the config (SMTP or the outbox). */
  mailer?: Mailer;
  /** The mail queue's sender (server/mail/queue.ts): its timings, or `auto: false` for tests. */
  mailSender?: Pick<MailSenderOptions, 'auto' | 'sweepMs' | 'leaseMs' | 'backoffMs' | 'batch'>;
  /** The built storefront to serve; null serves none. Default: dist/app when it exists. */
  staticDir?: string | null;
  rateLimits?: Partial<RateLimits>;
  /** Where the sensitive-operation counters live (default: the database, shared by every node). */
  hitStore?: HitStore;
  /**
   * Whether the API's per-address limit counts across every node on the database (default: on
   * PostgreSQL, where several nodes may run; PGlite serves one process, which counts in memory).
   */
  sharedApiLimit?: boolean;
  /** The `google_tag` setting, whose scripts the storefront's CSP allows. */
  googleTag?: () => Promise<string | null> | string | null;
  csp?: CspOptions;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes (default 64 KiB). */
  bodyLimit?: number;
  /** Which X-Forwarded-For hops to believe for the client IP (default: `config.trustProxy`). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The contract (default: openapi.yaml of the project). */
  openapi?: OpenApiDocument;
  /** Default: a new random key. */
  adminKey?: string;
  /** How long a page waits for its first screen before it goes out unrendered (default `RENDER_TIMEOUT_MS`). */
  renderTimeoutMs?: number;
}

/** The limits: the defaults, then the operator's (RATE_LIMIT_*), then the caller's (tests). */
function rateLimitsOf(config: Config, overrides: Partial<RateLimits> = {}): RateLimits {
  const limits: RateLimits = { ...defaultRateLimits };
  for (const [name, max] of Object.entries(config.rateLimitMax) as [keyof RateLimits, number][]) {
    limits[name] = { ...limits[name], max };
  }
  return { ...limits, ...overrides };
}

/** Every operation of the contract has a handler, and every handler answers an operation. */
function handlerCheck(operations: OperationInfo[], handlers: Handlers): void {
  const ids = operations.map((op) => op.operationId);
  const unknown = unknownHandlers(handlers, ids);
  if (unknown.length > 0)
    throw new Error(`Handlers without an operation in openapi.yaml: ${unknown.join(', ')}`);
  const missing = missingHandlers(handlers, ids);
  if (missing.length > 0) {
    throw new Error(`Operations of openapi.yaml without a handler: ${missing.join(', ')}`);
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const document = options.openapi ?? loadContract();
  const operations = listOperations(document);
  const handlers = options.handlers ?? allHandlers;
  handlerCheck(operations, handlers);
  const limits = rateLimitsOf(options.config, options.rateLimits);
  const hitStore = options.hitStore ?? new PostgresHitStore(options.database.db);
  const { database } = options;
  const resolveLocale = createLocaleResolver(database.db);
  const staticDir = options.staticDir === undefined ? paths.appDist : options.staticDir;
  const methodsOf = allowedMethods(operations, '/api', servesApp(staticDir), builtFileAt(staticDir));

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    trustProxy: options.trustProxy ?? options.config.trustProxy,
    // Path parameters carry tokens of up to 128 characters (openapi.yaml); Fastify's default is 100.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(resolveLocale),
    rewriteUrl: rewriteToCanonicalUrl,
  });

  app.setValidatorCompiler(validatorCompiler);
  const mailer = options.mailer ?? createMailer(options.config, app.log);
  const adminKey = options.adminKey ?? newToken();
  const polls = longPolls(database.db);
  const mailSender = createMailSender({
    db: database.db,
    mailer,
    publicUrl: options.config.publicUrl,
    log: app.log,
    ...options.mailSender,
  });
  app.decorate('ctx', {
    config: options.config,
    database,
    db: database.db,
    mailer,
    mailSender,
    adminKey,
    longPolls: polls,
    payments: paymentSlot(options.config.payment, database.db),
  } satisfies AppContext);
  app.addHook('onClose', async () => polls.close());
  app.decorateRequest('auth', null);
  app.decorateRequest('gameServer', null);
  app.decorateRequest('locale', 'en');
  app.decorateRequest('mailBudgetSpent', false);
  // The sender stops before the mailer it sends with closes (hooks run in order).
  app.addHook('onClose', async () => mailSender.stop());
  app.addHook('onClose', async () => mailer.close());
  for (const notice of [
    paymentNotice(options.config.payment),
    mailNotice({ ...options.config, local: isLocalUrl(options.config.publicUrl) }),
  ]) {
    app.log[notice.level](notice.message);
  }

  registerErrorHandler(app, resolveLocale, methodsOf);
  await registerBodyParsers(app);
  app.addHook('preValidation', async (request) => {
    request.locale = await resolveLocale(requestedLangId(request.query, request.body));
  });

  registerOptionsAnswer(app, resolveLocale, methodsOf);
  await registerSecurity(app, {
    publicUrl: options.config.publicUrl,
    googleTag: options.googleTag ?? (() => null),
    csp: options.csp,
  });
  const sharedApiLimit = options.sharedApiLimit ?? database.driver === 'pg';
  await registerGlobalRateLimit(app, limits.global, sharedApiLimit ? database.db : undefined);
  await registerCompression(app);

  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const authenticateBearer = authenticate(database.db);
  const authenticateAgent = authenticateGameServer(database.db);
  const authenticateCli = authenticateAdmin(adminKey);
  await app.register(openapiGlue, {
    specification: document,
    prefix: '/api',
    operationResolver: (operationId) => {
      const operation = byId.get(operationId);
      if (operation === undefined) throw new Error(`openapi.yaml changed while loading: ${operationId}`);
      const limiters = sensitiveLimiters(operationId, {
        store: hitStore,
        limits,
        secureCookies: options.config.publicUrl.startsWith('https:'),
      });
      const preValidation: preValidationAsyncHookHandler[] = [];
      const preHandler: preHandlerAsyncHookHandler[] = [];
      if (limiters) preValidation.push(limiters.perIp);
      preValidation.push(bodyGuard(operation, resolveLocale, bodyTooLarge));
      if (operation.needsBearer) preValidation.push(authenticateBearer);
      if (operation.needsGameServer) preValidation.push(authenticateAgent);
      if (operation.needsAdminKey) preValidation.push(authenticateCli);
      const closedQuery = queryGuard(operation);
      if (closedQuery) preValidation.push(closedQuery);
      if (limiters) preHandler.push(limiters.perAccount);
      const handler = handlers[operationId];
      if (handler === undefined) throw new Error(`No handler for ${operationId}`);
      const route: Pick<RouteOptions, 'handler' | 'preValidation' | 'preHandler' | 'onSend' | 'bodyLimit'> = {
        handler,
        preValidation,
        preHandler,
        ...(operation.bodyLimit === undefined ? {} : { bodyLimit: operation.bodyLimit }),
        ...(limiters?.onSend === undefined ? {} : { onSend: limiters.onSend }),
      };
      // fastify-openapi-glue adds the method, url and schema of the operation.
      return route as RouteOptions;
    },
  });

  await registerApiDocs(app, { document, specFile: paths.openapi });
  // The app page carries its first screen where the build emitted the render entry (ADR 0021),
  // rendered in a worker thread (ADR 0055).
  const renderEntry = servesApp(staticDir) ? await loadRenderEntry(staticDir) : null;
  const rendering =
    renderEntry === null || staticDir === null
      ? null
      : renderingInWorker(renderEntryPath(staticDir), renderEntry);
  if (rendering !== null) app.addHook('onClose', rendering.close);
  const firstScreen =
    rendering === null
      ? undefined
      : firstScreenOf(
          cachedRenderEntry(rendering, { generation: () => catalogueGeneration(database.db) }),
          {
            answer: startupAnswers(database.db, app.log, options.config.payment.provider !== 'none'),
            choices: visitorChoices(database.db),
          },
          options.renderTimeoutMs,
        );
  const spaFallback = await registerStaticApp(app, staticDir, firstScreen);
  registerNotFoundHandler(app, resolveLocale, spaFallback, methodsOf);
  return app;
}
