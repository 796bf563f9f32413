import { fromPromise } from 'xstate';
import {
  type CommandsInput,
  type CommandsLoad,
  type CommandsRequest,
  type ProductCommand,
  productCommandsMachine,
} from '../../../../machines/operator/productCommands';
import {
  type EditorLoad,
  type ImageRequest,
  productEditorMachine,
  type SaveRequest,
} from '../../../../machines/operator/productEditor';
import type { ApiClient } from '../../../api';
import { answering, gameServersOf, payloadOf } from './requests';

/** /operator/products/new and /operator/products/{id}: a product's editor and its delivery commands. */
export const productEditorScreens = {
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
              : payloadOf(api.GET('/operator/products/{id}', { params: { path: { id: input.id } }, signal })),
            payloadOf(api.GET('/operator/categories', { signal })),
          ]);
          return { product, categories: categories.map((category) => category.slug) };
        }),
        saveProduct: answering((input: SaveRequest, signal) =>
          input.kind === 'create'
            ? api.POST('/operator/products', { body: input.body, signal })
            : api.PATCH('/operator/products/{id}', {
                params: { path: { id: input.id } },
                body: input.body,
                signal,
              }),
        ),
        uploadImage: answering(({ id, version, file }: ImageRequest, signal) =>
          api.POST('/operator/products/{id}/image', {
            params: { path: { id } },
            body: { version, file: '' },
            bodySerializer: () => {
              const form = new FormData();
              form.append('version', String(version));
              form.append('file', file);
              return form;
            },
            signal,
          }),
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
            payloadOf(api.GET('/operator/products/{id}/commands', { params: { path }, signal })),
            gameServersOf(api, signal),
          ]);
          return { commands: commands.commands, servers };
        }),
        saveCommands: fromPromise<ProductCommand[], CommandsRequest>(async ({ input, signal }) => {
          const answer = await payloadOf(
            api.PUT('/operator/products/{id}/commands', {
              params: { path: { id: input.productId } },
              body: { commands: input.commands },
              signal,
            }),
          );
          return answer.commands;
        }),
      },
    }),
};
