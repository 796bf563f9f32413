import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { registrationForm } from '../support/fixtures';
import { openapi, operations, schemaValidator, validatorFor } from '../support/openapi';

const ERROR_SCHEMAS = new Set(['#/components/schemas/ApiError', '#/components/schemas/ValidationError']);

describe('openapi.yaml', () => {
  it('states the email rule the server keeps, not only a format each validator reads its own way', () => {
    // A client or fuzzer that checks JSON Schema without `format` still learns that the domain
    // needs a dot; Ajv's `email` format (the server's) accepts exactly these.
    const { format: _format, ...rule } = openapi.components.schemas.Email as Record<string, unknown>;
    const byPattern = validatorFor(rule);
    const byServer = schemaValidator('Email');
    for (const address of ['0@com', 'steve@localhost', 'a@b', 'no-at.example.com', 'a@-b.com', 'a@b.c-']) {
      expect(byPattern(address), address).toBe(false);
      expect(byServer(address), address).toBe(false);
    }
    for (const address of ['steve@example.com', '0@b.co', "o'neil+shop@mail.example.de", 'A.B@X-Y.ORG']) {
      expect(byPattern(address), address).toBe(true);
      expect(byServer(address), address).toBe(true);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(readFileSync('openapi.yaml', 'utf8'));
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
  });

  it('gives every operation a unique operationId, a declared tag, a summary and a description', () => {
    const declaredTags = new Set(openapi.tags.map((tag) => tag.name));
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) {
      expect(op.operationId, `${op.method} ${op.path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.tags.length, op.operationId).toBeGreaterThan(0);
      for (const tag of op.tags) expect(declaredTags, op.operationId).toContain(tag);
      expect(op.summary, op.operationId).toBeTruthy();
      // The API reference (/api/docs) shows it under the summary: what the call does and when it fails.
      expect(op.description?.trim(), op.operationId).toBeTruthy();
    }
  });

  it('documents the error responses of every operation', () => {
    for (const op of operations) {
      const statuses = Object.keys(op.responses);
      const where = `${op.operationId} (${op.method} ${op.path})`;
      expect(statuses, where).toContain('429');
      expect(statuses, where).toContain('500');
      expect(statuses, where).toContain('503');
      if (op.hasInput) expect(statuses, where).toContain('400');
      if (op.needsBearer) expect(statuses, where).toContain('401');
      // Every operation refuses a query parameter it does not declare (docs/decisions/0030).
      expect(statuses, where).toContain('422');
      expect(
        statuses.some((status) => status.startsWith('2') || status.startsWith('3')),
        where,
      ).toBe(true);
    }
  });

  it('gives every JSON error response the ApiError shape, and 429 a Retry-After header', () => {
    for (const [name, response] of Object.entries(openapi.components.responses)) {
      const json = response.content?.['application/json'];
      if (!json) continue;
      expect(ERROR_SCHEMAS, name).toContain(json.schema.$ref);
    }
    const tooMany = openapi.components.responses.TooManyRequests;
    expect(tooMany?.headers?.['Retry-After']?.required).toBe(true);
    expect(openapi.components.responses.ValidationFailed?.content?.['application/json']?.schema.$ref).toBe(
      '#/components/schemas/ValidationError',
    );
  });

  it('documents the 422 of every operation by the one shared ValidationFailed response', () => {
    for (const [path, item] of Object.entries(openapi.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${op.operationId} (${method} ${path})`;
        expect(op.responses['422'], where).toEqual({ $ref: '#/components/responses/ValidationFailed' });
      }
    }
    const failed = openapi.components.responses.ValidationFailed;
    expect(failed?.description).toMatch(/query parameter the operation does not\s+declare/);
  });

  it('closes the query of every operation but the emailed verification link', () => {
    for (const op of operations) {
      const unknownQuery = (op as { 'x-unknown-query'?: unknown })['x-unknown-query'];
      expect([undefined, 'ignore'], op.operationId).toContain(unknownQuery);
      if (unknownQuery === 'ignore') expect(op.operationId).toBe('verifyEmail');
    }
  });

  it('accepts lang_id on every operation the storefront calls', () => {
    for (const op of operations) {
      if (op.operationId === 'paymentWebhook' || op.operationId === 'sandboxPaymentDecision') continue;
      if (op.method === 'get' || op.method === 'patch' || op.method === 'delete') {
        // A PATCH body holds only the fields it changes, a DELETE has none: the language comes in the query.
        expect(op.queryParameters, op.operationId).toContain('lang_id');
        expect(op.bodyProperties ?? [], op.operationId).not.toContain('lang_id');
      } else {
        expect(op.bodyProperties, op.operationId).toContain('lang_id');
      }
    }
  });

  it('closes every request body: unknown fields are not allowed', () => {
    for (const op of operations) {
      if (!op.requestSchema || op.operationId === 'paymentWebhook') continue;
      expect(op.requestSchema.additionalProperties, op.operationId).toBe(false);
    }
  });

  it('protects the customer operations with the Bearer scheme', () => {
    expect(openapi.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const protectedOps = operations.filter((op) => op.needsBearer).map((op) => op.operationId);
    expect(protectedOps.sort()).toEqual(
      [
        'addToCart',
        'cancelOrder',
        'getOrder',
        'listBalanceHistory',
        'changeEmail',
        'changePassword',
        'checkAuth',
        'checkout',
        'clearCart',
        'deleteAccount',
        'exportAccountData',
        'getCart',
        'getPayment',
        'getProfile',
        'listOrders',
        'logout',
        'payOrder',
        'removeFromCart',
        'resendVerification',
        'setCartLineCount',
        'topUpBalance',
        'updateProfile',
        // ADR 0031: the operator's operations need a signed-in operator (403 for a customer).
        'createGameServer',
        'getProductCommands',
        'listDeliveries',
        'listGameServers',
        'renameGameServer',
        'requeueDelivery',
        'resolveDelivery',
        'rotateGameServerSecret',
        'setProductCommands',
        'getOperatorSettings',
        'updateOperatorSettings',
        'listAuditLog',
        'adjustCustomerBalance',
        'refundOrder',
        'listCustomers',
        'getCustomer',
        'listOperatorOrders',
        'getOperatorOrder',
        'revokeCustomerSessions',
        'resendCustomerVerification',
        'getOperatorOverview',
        'listOperatorProducts',
        'getOperatorProduct',
        'createProduct',
        'updateProduct',
        'listOperatorCategories',
        'setProductImage',
        'listOperatorCurrencies',
        'getOperatorCurrency',
        'createCurrency',
        'updateCurrency',
        'listOperatorPages',
        'getOperatorPage',
        'createPage',
        'updatePage',
        'deletePage',
        'previewPage',
        'listOperatorLanguages',
        'createLanguage',
        'listLanguageMessages',
        'setLanguageMessage',
        'deleteLanguageMessage',
        'listOperatorSocialLinks',
        'createSocialLink',
        'updateSocialLink',
        'deleteSocialLink',
      ].sort(),
    );
  });
});

describe('openapi.yaml covers every call', () => {
  // docs/product.md §7, then the calls docs/architecture.md §3 adds, then the sandbox provider's page.
  const calls = [
    'GET /is-auth',
    'POST /login',
    'POST /register',
    'POST /logout',
    'GET /user/profile',
    'PUT /user/profile',
    'POST /user/change-password',
    'POST /user/reset-password',
    'PUT /user/restore-password',
    'GET /languages',
    'GET /localizations',
    'GET /settings',
    'GET /social-links',
    'GET /static-pages',
    'GET /static-pages/{idOrSlug}',
    'GET /countries',
    'GET /currencies',
    'GET /purchase/history',
    'POST /orders/checkout',
    'GET /cart/contents',
    'POST /cart/add',
    'POST /cart/remove',
    'POST /cart/clear',
    'GET /products',
    // docs/decisions/0022: the shop's category filter offers the categories the server has.
    'GET /products/categories',
    // Changing a cart line's quantity (docs/product.md §7, the grown calls).
    'POST /cart/set',
    // ADR 0015: the way in for a new device while its password sign-ins are throttled.
    'POST /login/link',
    'POST /login/link/confirm',
    // The reset page checks its link as it opens (docs/product.md §2, Reset password).
    'POST /user/reset-password/check',
    // "Your data" (docs/product.md §2): the customer's data as a download, and the account's deletion.
    'POST /user/data-export',
    'POST /user/delete',
    // A pending card order is paid again or cancelled from the cart and the order history (ADR 0028).
    'POST /orders/{id}/pay',
    'POST /orders/{id}/cancel',
    // The customer's order detail and receipt, and the balance history (their ledger).
    'GET /orders/{id}',
    'GET /balance/history',
    'POST /balance/top-up',
    'POST /user/change-email',
    'POST /email/verification-notification',
    'GET /email/verify/{token}',
    'GET /payments/{id}',
    'POST /payments/webhook/{provider}',
    'GET /health',
    'GET /sandbox/pay/{ref}',
    'POST /sandbox/pay/{ref}',
    // ADR 0031: the store agent's calls (a game server's secret) and the operator's.
    'POST /game/deliveries/lease',
    'POST /game/deliveries/start',
    'POST /game/deliveries/report',
    'GET /operator/game-servers',
    'POST /operator/game-servers',
    'PUT /operator/game-servers/{id}',
    'POST /operator/game-servers/{id}/rotate-secret',
    'GET /operator/products/{id}/commands',
    'PUT /operator/products/{id}/commands',
    'GET /operator/deliveries',
    'POST /operator/deliveries/{id}/requeue',
    'POST /operator/deliveries/{id}/resolve',
    'POST /admin/operators',
    // ADR 0037: the store settings an operator edits, and the audit log.
    'GET /operator/settings',
    'PATCH /operator/settings',
    'GET /operator/audit',
    // The console's customer care: accounts with their ledger and orders; adjustments and refunds are
    // ledger entries with their reasons audited.
    'POST /operator/customers/{id}/balance-adjustments',
    'POST /operator/orders/{id}/refunds',
    'GET /operator/customers',
    'GET /operator/customers/{id}',
    'GET /operator/orders',
    'GET /operator/orders/{id}',
    'POST /operator/customers/{id}/sign-out',
    'POST /operator/customers/{id}/verification-email',
    'GET /operator/overview',
    // The operator's catalogue: products with their texts and a version, and the categories in use.
    'GET /operator/products',
    'POST /operator/products',
    'GET /operator/products/{id}',
    'PATCH /operator/products/{id}',
    'GET /operator/categories',
    // Product images an operator uploads, in the database, served by every node at a content-named URL.
    'POST /operator/products/{id}/image',
    'GET /product-images/{name}',
    // The store's display currencies: exact rates, a version, hidden ones too.
    'GET /operator/currencies',
    'POST /operator/currencies',
    'GET /operator/currencies/{code}',
    'PATCH /operator/currencies/{code}',
    // The operator's static pages (ADR 0048): texts per language with a version, saved sanitized,
    // and the preview by the same rule.
    'GET /operator/pages',
    'POST /operator/pages',
    'POST /operator/pages/preview',
    'GET /operator/pages/{id}',
    'PATCH /operator/pages/{id}',
    'DELETE /operator/pages/{id}',
    // The console's translations (a language's messages beside the default language's, one set or
    // removed at a time) and the home page's social links.
    'GET /operator/languages',
    'POST /operator/languages',
    'GET /operator/languages/{id}/messages',
    'PUT /operator/languages/{id}/messages/{key}',
    'DELETE /operator/languages/{id}/messages/{key}',
    'GET /operator/social-links',
    'POST /operator/social-links',
    'PATCH /operator/social-links/{id}',
    'DELETE /operator/social-links/{id}',
  ];

  it('has exactly the calls of docs/product.md §7 and docs/architecture.md §3', () => {
    const documented = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`);
    expect(documented.sort()).toEqual([...calls].sort());
  });

  it('serves under /api', () => {
    expect(openapi.servers).toEqual([expect.objectContaining({ url: '/api' })]);
  });
});

describe('openapi.yaml encodes the docs/product.md §5 rules', () => {
  const password = schemaValidator('Password');
  const phone = schemaValidator('Phone');
  const register = schemaValidator('RegisterRequest');

  it.each([
    ['Diamond7', true],
    ['aB3456', true],
    ['aB3456789012', true],
    ['aB345', false],
    ['aB34567890123', false],
    ['diamond7', false],
    ['DIAMOND7', false],
    ['Diamonds', false],
    ['Diam ond7', false],
  ])('password %j valid: %s', (value, valid) => {
    expect(password(value)).toBe(valid);
  });

  it('caps the phone at 25 characters', () => {
    expect(phone('+1 555 0100 2233 4455 667')).toBe(true);
    expect(phone('+1 555 0100 2233 4455 6677')).toBe(false);
  });

  it('needs every field of the register payload and rejects unknown ones', () => {
    const valid = registrationForm;
    expect(register(valid)).toBe(true);
    expect(register({ ...valid, lang_id: 2, currency: 'EUR' })).toBe(true);
    expect(register({ ...valid, admin: true })).toBe(false);
    for (const field of Object.keys(valid)) {
      const { [field]: _dropped, ...rest } = valid as Record<string, unknown>;
      expect(register(rest), field).toBe(false);
    }
    expect(register({ ...valid, email: 'not-an-email' })).toBe(false);
  });

  it('validates every example against its schema', () => {
    for (const [name, schema] of Object.entries(openapi.components.schemas)) {
      const validate = schemaValidator(name);
      for (const example of (schema as { examples?: unknown[] }).examples ?? []) {
        expect(validate(example), `${name} example ${JSON.stringify(example)}`).toBe(true);
      }
    }
  });
});
