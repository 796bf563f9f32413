import { fromPromise } from 'xstate';
import { dayRange } from '../../../domain/days';
import { type RawSettings, withSettingsDefaults } from '../../../domain/settings';
import { operatorAccessMachine } from '../../../machines/operator/access';
import {
  AUDIT_PER_PAGE,
  type AuditEntry,
  type AuditSearch,
  operatorAuditMachine,
} from '../../../machines/operator/audit';
import {
  type AdjustmentAnswer,
  type AdjustmentRequest,
  balanceAdjustmentMachine,
} from '../../../machines/operator/balanceAdjustment';
import { type OperatorCurrency, operatorCurrenciesMachine } from '../../../machines/operator/currencies';
import { type CurrencySaveRequest, currencyEditorMachine } from '../../../machines/operator/currencyEditor';
import {
  type CustomerDetail,
  type CustomerInput,
  operatorCustomerMachine,
} from '../../../machines/operator/customer';
import {
  CUSTOMERS_PER_PAGE,
  type CustomersPage,
  type CustomersQuery,
  operatorCustomersMachine,
} from '../../../machines/operator/customers';
import {
  DELIVERIES_PER_PAGE,
  type DeliveriesSearch,
  type Delivery,
  type DeliveryActionRequest,
  deliveryActionMachine,
  operatorDeliveriesMachine,
} from '../../../machines/operator/deliveries';
import {
  type GameServerEntry,
  gameServerAddMachine,
  gameServerRenameMachine,
  operatorGameServersMachine,
  type RenameRequest,
  type SecretAnswer,
} from '../../../machines/operator/gameServers';
import {
  type LanguageMessage,
  languageAddMachine,
  languageMessagesMachine,
  MESSAGES_PER_PAGE,
  type MessagesInput,
  type MessagesLoad,
  type NewLanguageValues,
  type OperatorLanguage,
  operatorLanguagesMachine,
  type TranslationRequest,
  translationEditMachine,
} from '../../../machines/operator/languages';
import { type OrderDetail, type OrderInput, operatorOrderMachine } from '../../../machines/operator/order';
import {
  type OperatorOrder,
  ORDERS_PER_PAGE,
  type OrdersSearch,
  operatorOrdersMachine,
} from '../../../machines/operator/orders';
import { OVERVIEW_DAYS, type Overview, operatorOverviewMachine } from '../../../machines/operator/overview';
import {
  type PagePreview,
  type PageSaveRequest,
  pageEditorMachine,
} from '../../../machines/operator/pageEditor';
import { type OperatorPage, operatorPagesMachine } from '../../../machines/operator/pages';
import {
  type CommandsInput,
  type CommandsLoad,
  type CommandsRequest,
  type ProductCommand,
  productCommandsMachine,
} from '../../../machines/operator/productCommands';
import {
  type EditorLoad,
  type ImageRequest,
  productEditorMachine,
  type SaveRequest,
} from '../../../machines/operator/productEditor';
import { type OperatorProduct, operatorProductsMachine } from '../../../machines/operator/products';
import { type RefundAnswer, type RefundRequest, refundMachine } from '../../../machines/operator/refund';
import type { ListPage, ListQuery } from '../../../machines/operator/searchList';
import {
  operatorSettingsMachine,
  type SettingsRequest,
  type StoredSettings,
} from '../../../machines/operator/settings';
import {
  type LinkRequest,
  type OperatorSocialLink,
  operatorSocialLinksMachine,
  socialLinkFormMachine,
} from '../../../machines/operator/socialLinks';
import { type ApiClient, type ApiResult, call } from '../../api';

/**
 * The operator console (docs/architecture.md §3b, docs/decisions/0044-operator-console.md): loaded
 * with the first /operator route only, never with a customer's.
 */
export const operatorScreens = {
  /** GET /operator/customers?limit=1: 403 for a customer. */
  operatorAccess: (api: ApiClient) =>
    operatorAccessMachine.provide({
      actors: {
        checkAccess: fromPromise<void>(async ({ signal }) => {
          await call(api.GET('/operator/customers', { params: { query: { limit: 1 } }, signal }));
        }),
      },
    }),
  /** GET /operator/customers: one more than a page, to know whether another follows. */
  operatorCustomers: (api: ApiClient) =>
    operatorCustomersMachine.provide({
      actors: {
        findCustomers: fromPromise<CustomersPage, CustomersQuery>(async ({ input, signal }) => {
          const query = {
            limit: CUSTOMERS_PER_PAGE + 1,
            ...(input.search.q === '' ? {} : { q: input.search.q }),
            ...(input.beforeId === null ? {} : { before_id: input.beforeId }),
          };
          const found = (await call(api.GET('/operator/customers', { params: { query }, signal }))).payload;
          return { rows: found.slice(0, CUSTOMERS_PER_PAGE), more: found.length > CUSTOMERS_PER_PAGE };
        }),
      },
    }),
  /** GET /operator/customers/{id}. */
  operatorCustomer: (api: ApiClient) =>
    operatorCustomerMachine.provide({
      actors: {
        fetchCustomer: fromPromise<CustomerDetail, CustomerInput>(
          async ({ input, signal }) =>
            (await call(api.GET('/operator/customers/{id}', { params: { path: { id: input.id } }, signal })))
              .payload,
        ),
      },
    }),
  /** POST /operator/customers/{id}/balance-adjustments with the attempt's Idempotency-Key. */
  balanceAdjustment: (api: ApiClient) =>
    balanceAdjustmentMachine.provide({
      actors: {
        adjustBalance: fromPromise<AdjustmentAnswer, AdjustmentRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/customers/{id}/balance-adjustments', {
              params: {
                path: { id: input.customerId },
                header: { 'idempotency-key': input.idempotencyKey },
              },
              body: { amount: input.amount, reason: input.reason },
              signal,
            }),
          );
          return { message: answer.message, balance: answer.payload.balance };
        }),
      },
    }),
  /** GET /operator/overview?days=30. */
  operatorOverview: (api: ApiClient) =>
    operatorOverviewMachine.provide({
      actors: {
        fetchOverview: fromPromise<Overview>(
          async ({ signal }) =>
            (
              await call(
                api.GET('/operator/overview', { params: { query: { days: OVERVIEW_DAYS } }, signal }),
              )
            ).payload,
        ),
      },
    }),
  /** GET and PATCH /operator/settings, each answer with its ETag (the version to send back as If-Match). */
  operatorSettings: (api: ApiClient) =>
    operatorSettingsMachine.provide({
      actors: {
        fetchSettings: fromPromise<StoredSettings>(async ({ signal }) =>
          withEtag(api.GET('/operator/settings', { signal })),
        ),
        saveSettings: fromPromise<StoredSettings, SettingsRequest>(async ({ input, signal }) =>
          withEtag(
            api.PATCH('/operator/settings', {
              params: { header: { 'if-match': input.etag } },
              body: input.change,
              signal,
            }),
          ),
        ),
      },
    }),
  /** GET /operator/orders: one more than a page, to know whether another follows. */
  operatorOrders: (api: ApiClient) =>
    operatorOrdersMachine.provide({
      actors: {
        findOrders: fromPromise<ListPage<OperatorOrder>, ListQuery<OrdersSearch>>(
          async ({ input, signal }) => {
            const { q, status, from, until } = input.search;
            const query = {
              limit: ORDERS_PER_PAGE + 1,
              ...(q === '' ? {} : { q }),
              ...(status === '' ? {} : { status }),
              ...dayRange(from, until),
              ...(input.beforeId === null ? {} : { before_id: input.beforeId }),
            };
            const found = (await call(api.GET('/operator/orders', { params: { query }, signal }))).payload;
            return { rows: found.slice(0, ORDERS_PER_PAGE), more: found.length > ORDERS_PER_PAGE };
          },
        ),
      },
    }),
  /** GET /operator/orders/{id}. */
  operatorOrder: (api: ApiClient) =>
    operatorOrderMachine.provide({
      actors: {
        fetchOrder: fromPromise<OrderDetail, OrderInput>(
          async ({ input, signal }) =>
            (await call(api.GET('/operator/orders/{id}', { params: { path: { id: input.id } }, signal })))
              .payload,
        ),
      },
    }),
  /** POST /operator/orders/{id}/refunds with the attempt's Idempotency-Key. */
  refund: (api: ApiClient) =>
    refundMachine.provide({
      actors: {
        refundOrder: fromPromise<RefundAnswer, RefundRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/orders/{id}/refunds', {
              params: { path: { id: input.orderId }, header: { 'idempotency-key': input.idempotencyKey } },
              body: { amount: input.amount, to: input.to, reason: input.reason },
              signal,
            }),
          );
          return { message: answer.message, state: answer.payload.state };
        }),
      },
    }),
  /** GET /operator/audit: one more than a page, to know whether another follows. */
  operatorAudit: (api: ApiClient) =>
    operatorAuditMachine.provide({
      actors: {
        findAudit: fromPromise<ListPage<AuditEntry>, ListQuery<AuditSearch>>(async ({ input, signal }) => {
          const { entity, entity_id, actor, from, until } = input.search;
          const query = {
            limit: AUDIT_PER_PAGE + 1,
            ...(entity === '' ? {} : { entity }),
            ...(entity_id === '' ? {} : { entity_id }),
            ...(actor === '' ? {} : { actor }),
            ...dayRange(from, until),
            ...(input.beforeId === null ? {} : { before_id: input.beforeId }),
          };
          const found = (await call(api.GET('/operator/audit', { params: { query }, signal }))).payload;
          return { rows: found.slice(0, AUDIT_PER_PAGE), more: found.length > AUDIT_PER_PAGE };
        }),
      },
    }),
  /** GET /operator/deliveries: one more than a page, to know whether another follows. */
  operatorDeliveries: (api: ApiClient) =>
    operatorDeliveriesMachine.provide({
      actors: {
        findDeliveries: fromPromise<ListPage<Delivery>, ListQuery<DeliveriesSearch>>(
          async ({ input, signal }) => {
            const { state, game_server_id, order_id, player } = input.search;
            const query = {
              limit: DELIVERIES_PER_PAGE + 1,
              ...(state === '' ? {} : { state }),
              ...(game_server_id === '' ? {} : { game_server_id: Number(game_server_id) }),
              ...(order_id === '' ? {} : { order_id: Number(order_id) }),
              ...(player === '' ? {} : { player }),
              ...(input.beforeId === null ? {} : { before_id: input.beforeId }),
            };
            const found = (await call(api.GET('/operator/deliveries', { params: { query }, signal })))
              .payload;
            return { rows: found.slice(0, DELIVERIES_PER_PAGE), more: found.length > DELIVERIES_PER_PAGE };
          },
        ),
      },
    }),
  /** POST /operator/deliveries/{id}/requeue or …/resolve: the delivery as it is now. */
  deliveryAction: (api: ApiClient) =>
    deliveryActionMachine.provide({
      actors: {
        changeDelivery: fromPromise<Delivery, DeliveryActionRequest>(async ({ input, signal }) => {
          const path = { id: input.id };
          const answer =
            input.kind === 'resolve'
              ? await call(
                  api.POST('/operator/deliveries/{id}/resolve', {
                    params: { path },
                    body: { outcome: input.outcome, note: input.note },
                    signal,
                  }),
                )
              : await call(
                  api.POST('/operator/deliveries/{id}/requeue', {
                    params: { path },
                    body: input.note === '' ? {} : { note: input.note },
                    signal,
                  }),
                );
          return answer.payload;
        }),
      },
    }),
  /** GET /operator/products. */
  operatorProducts: (api: ApiClient) =>
    operatorProductsMachine.provide({
      actors: {
        fetchProducts: fromPromise<OperatorProduct[]>(
          async ({ signal }) => (await call(api.GET('/operator/products', { signal }))).payload,
        ),
      },
    }),
  /**
   * GET /operator/products/{id} (none for a new product) with GET /operator/categories; POST or
   * PATCH /operator/products; POST /operator/products/{id}/image as a form (ADR 0045).
   */
  productEditor: (api: ApiClient) =>
    productEditorMachine.provide({
      actors: {
        loadProduct: fromPromise<EditorLoad, { id: number | null }>(async ({ input, signal }) => {
          const [product, categories] = await Promise.all([
            input.id === null
              ? null
              : call(api.GET('/operator/products/{id}', { params: { path: { id: input.id } }, signal })).then(
                  (answer) => answer.payload,
                ),
            call(api.GET('/operator/categories', { signal })).then((answer) =>
              answer.payload.map((category) => category.slug),
            ),
          ]);
          return { product, categories };
        }),
        saveProduct: fromPromise<OperatorProduct, SaveRequest>(async ({ input, signal }) => {
          const answer =
            input.kind === 'create'
              ? await call(api.POST('/operator/products', { body: input.body, signal }))
              : await call(
                  api.PATCH('/operator/products/{id}', {
                    params: { path: { id: input.id } },
                    body: input.body,
                    signal,
                  }),
                );
          return answer.payload;
        }),
        uploadImage: fromPromise<OperatorProduct, ImageRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/products/{id}/image', {
              params: { path: { id: input.id } },
              body: { version: input.version, file: '' },
              bodySerializer: () => {
                const form = new FormData();
                form.append('version', String(input.version));
                form.append('file', input.file);
                return form;
              },
              signal,
            }),
          );
          return answer.payload;
        }),
      },
    }),
  /** GET /operator/currencies. */
  operatorCurrencies: (api: ApiClient) =>
    operatorCurrenciesMachine.provide({
      actors: {
        fetchCurrencies: fromPromise<OperatorCurrency[]>(
          async ({ signal }) => (await call(api.GET('/operator/currencies', { signal }))).payload,
        ),
      },
    }),
  /** GET /operator/currencies/{code} (none for a new currency); POST or PATCH /operator/currencies. */
  currencyEditor: (api: ApiClient) =>
    currencyEditorMachine.provide({
      actors: {
        loadCurrency: fromPromise<OperatorCurrency | null, { code: string | null }>(
          async ({ input, signal }) =>
            input.code === null
              ? null
              : (
                  await call(
                    api.GET('/operator/currencies/{code}', {
                      params: { path: { code: input.code } },
                      signal,
                    }),
                  )
                ).payload,
        ),
        saveCurrency: fromPromise<OperatorCurrency, CurrencySaveRequest>(async ({ input, signal }) => {
          const answer =
            input.kind === 'create'
              ? await call(api.POST('/operator/currencies', { body: input.body, signal }))
              : await call(
                  api.PATCH('/operator/currencies/{code}', {
                    params: { path: { code: input.code } },
                    body: input.body,
                    signal,
                  }),
                );
          return answer.payload;
        }),
      },
    }),
  /** GET /operator/pages. */
  operatorPages: (api: ApiClient) =>
    operatorPagesMachine.provide({
      actors: {
        fetchPages: fromPromise<OperatorPage[]>(
          async ({ signal }) => (await call(api.GET('/operator/pages', { signal }))).payload,
        ),
      },
    }),
  /** GET /operator/pages/{id} (none for a new page); POST or PATCH /operator/pages; POST /operator/pages/preview. */
  pageEditor: (api: ApiClient) =>
    pageEditorMachine.provide({
      actors: {
        loadPage: fromPromise<OperatorPage | null, { id: number | null }>(async ({ input, signal }) =>
          input.id === null
            ? null
            : (await call(api.GET('/operator/pages/{id}', { params: { path: { id: input.id } }, signal })))
                .payload,
        ),
        savePage: fromPromise<OperatorPage, PageSaveRequest>(async ({ input, signal }) => {
          const answer =
            input.kind === 'create'
              ? await call(api.POST('/operator/pages', { body: input.body, signal }))
              : await call(
                  api.PATCH('/operator/pages/{id}', {
                    params: { path: { id: input.id } },
                    body: input.body,
                    signal,
                  }),
                );
          return answer.payload;
        }),
        previewPage: fromPromise<PagePreview, PagePreview>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/pages/preview', { body: { content: input.content }, signal }),
          );
          return { code: input.code, content: answer.payload.content };
        }),
      },
    }),
  /** GET /operator/game-servers; POST …/{id}/rotate-secret, then the servers again; the clipboard. */
  operatorGameServers: (api: ApiClient) =>
    operatorGameServersMachine.provide({
      actors: {
        fetchGameServers: fromPromise<GameServerEntry[]>(async ({ signal }) => gameServersOf(api, signal)),
        rotateSecret: fromPromise<SecretAnswer, { id: number }>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/game-servers/{id}/rotate-secret', {
              params: { path: { id: input.id } },
              body: {},
              signal,
            }),
          );
          return { secret: answer.payload, servers: await gameServersOf(api, signal) };
        }),
        writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
          await navigator.clipboard.writeText(input.text);
        }),
      },
    }),
  /** POST /operator/game-servers, then the servers again. */
  gameServerAdd: (api: ApiClient) =>
    gameServerAddMachine.provide({
      actors: {
        createGameServer: fromPromise<SecretAnswer, { name: string }>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/operator/game-servers', { body: { name: input.name }, signal }),
          );
          return { secret: answer.payload, servers: await gameServersOf(api, signal) };
        }),
      },
    }),
  /** PUT /operator/game-servers/{id}. */
  gameServerRename: (api: ApiClient) =>
    gameServerRenameMachine.provide({
      actors: {
        renameGameServer: fromPromise<GameServerEntry, RenameRequest>(
          async ({ input, signal }) =>
            (
              await call(
                api.PUT('/operator/game-servers/{id}', {
                  params: { path: { id: input.id } },
                  body: { name: input.name },
                  signal,
                }),
              )
            ).payload,
        ),
      },
    }),
  /** GET /operator/products/{id}/commands with GET /operator/game-servers; PUT the whole list. */
  productCommands: (api: ApiClient) =>
    productCommandsMachine.provide({
      actors: {
        loadCommands: fromPromise<CommandsLoad, CommandsInput>(async ({ input, signal }) => {
          const path = { id: input.productId };
          const [commands, servers] = await Promise.all([
            call(api.GET('/operator/products/{id}/commands', { params: { path }, signal })),
            gameServersOf(api, signal),
          ]);
          return { commands: commands.payload.commands, servers };
        }),
        saveCommands: fromPromise<ProductCommand[], CommandsRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.PUT('/operator/products/{id}/commands', {
              params: { path: { id: input.productId } },
              body: { commands: input.commands },
              signal,
            }),
          );
          return answer.payload.commands;
        }),
      },
    }),
  /** GET /operator/languages. */
  operatorLanguages: (api: ApiClient) =>
    operatorLanguagesMachine.provide({
      actors: {
        fetchLanguages: fromPromise<OperatorLanguage[]>(
          async ({ signal }) => (await call(api.GET('/operator/languages', { signal }))).payload,
        ),
      },
    }),
  /** POST /operator/languages: every language as it is now. */
  languageAdd: (api: ApiClient) =>
    languageAddMachine.provide({
      actors: {
        createLanguage: fromPromise<OperatorLanguage[], NewLanguageValues>(
          async ({ input, signal }) =>
            (await call(api.POST('/operator/languages', { body: input, signal }))).payload,
        ),
      },
    }),
  /** GET /operator/languages (the language and its counts) with GET /operator/languages/{id}/messages. */
  languageMessages: (api: ApiClient) =>
    languageMessagesMachine.provide({
      actors: {
        loadMessages: fromPromise<MessagesLoad, MessagesInput>(async ({ input, signal }) => {
          const [languages, page] = await Promise.all([
            call(api.GET('/operator/languages', { signal })),
            call(
              api.GET('/operator/languages/{id}/messages', {
                params: {
                  path: { id: input.id },
                  query: {
                    ...(input.search.missing === '1' ? { missing: true } : {}),
                    ...(input.search.q === '' ? {} : { q: input.search.q }),
                    page: input.page,
                    per_page: MESSAGES_PER_PAGE,
                  },
                },
                signal,
              }),
            ),
          ]);
          const language = languages.payload.find((each) => each.id === input.id);
          // The messages' 404 has answered for an unknown language already.
          if (language === undefined) throw new Error(`language ${input.id} is not listed`);
          return { language, page: page.payload };
        }),
      },
    }),
  /** PUT /operator/languages/{id}/messages/{key}. */
  translationEdit: (api: ApiClient) =>
    translationEditMachine.provide({
      actors: {
        saveMessage: fromPromise<LanguageMessage, TranslationRequest>(
          async ({ input, signal }) =>
            (
              await call(
                api.PUT('/operator/languages/{id}/messages/{key}', {
                  params: { path: { id: input.languageId, key: input.key } },
                  body: { value: input.value },
                  signal,
                }),
              )
            ).payload,
        ),
      },
    }),
  /** GET /operator/social-links; DELETE one; PATCH the positions that changed. */
  operatorSocialLinks: (api: ApiClient) =>
    operatorSocialLinksMachine.provide({
      actors: {
        fetchSocialLinks: fromPromise<OperatorSocialLink[]>(
          async ({ signal }) => (await call(api.GET('/operator/social-links', { signal }))).payload,
        ),
        removeSocialLink: fromPromise<OperatorSocialLink[], { id: number }>(
          async ({ input, signal }) =>
            (
              await call(
                api.DELETE('/operator/social-links/{id}', { params: { path: { id: input.id } }, signal }),
              )
            ).payload,
        ),
        orderSocialLinks: fromPromise<OperatorSocialLink[], { links: OperatorSocialLink[] }>(
          async ({ input, signal }) => {
            let links = input.links;
            // One PATCH per link whose place changed, each its own audit row; the last answer is the list.
            for (const [position, link] of input.links.entries()) {
              if (link.position === position) continue;
              links = (
                await call(
                  api.PATCH('/operator/social-links/{id}', {
                    params: { path: { id: link.id } },
                    body: { position },
                    signal,
                  }),
                )
              ).payload;
            }
            return links;
          },
        ),
      },
    }),
  /** POST /operator/social-links, or PATCH /operator/social-links/{id}. */
  socialLinkForm: (api: ApiClient) =>
    socialLinkFormMachine.provide({
      actors: {
        saveSocialLink: fromPromise<OperatorSocialLink[], LinkRequest>(async ({ input, signal }) => {
          const { id, ...body } = input;
          const answer =
            id === null
              ? await call(api.POST('/operator/social-links', { body, signal }))
              : await call(
                  api.PATCH('/operator/social-links/{id}', { params: { path: { id } }, body, signal }),
                );
          return answer.payload;
        }),
      },
    }),
};

async function gameServersOf(api: ApiClient, signal: AbortSignal): Promise<GameServerEntry[]> {
  return (await call(api.GET('/operator/game-servers', { signal }))).payload;
}

/** The settings of an answer and the version it names (its ETag). */
async function withEtag(pending: Promise<ApiResult<{ payload: RawSettings }>>): Promise<StoredSettings> {
  let etag = '';
  const answer = await call(
    pending.then((result) => {
      etag = result.response.headers.get('etag') ?? '';
      return result;
    }),
  );
  return { settings: withSettingsDefaults(answer.payload), etag };
}
