import { fromPromise } from 'xstate';
import {
  type PagePreview,
  type PageSaveRequest,
  pageEditorMachine,
} from '../../../../machines/operator/pageEditor';
import type { OperatorPage } from '../../../../machines/operator/pages';
import type { ApiClient } from '../../../api';
import { payloadOf } from './requests';

/** /operator/pages/new and /operator/pages/{id}: a static page's editor with its preview. */
export const pageEditorScreens = {
  /** GET /operator/pages/{id} (none for a new page); POST or PATCH /operator/pages; POST /operator/pages/preview. */
  pageEditor: (api: ApiClient) =>
    pageEditorMachine.provide({
      actors: {
        loadPage: fromPromise<OperatorPage | null, { id: number | null }>(async ({ input, signal }) =>
          input.id === null
            ? null
            : payloadOf(api.GET('/operator/pages/{id}', { params: { path: { id: input.id } }, signal })),
        ),
        savePage: fromPromise<OperatorPage, PageSaveRequest>(async ({ input, signal }) =>
          input.kind === 'create'
            ? payloadOf(api.POST('/operator/pages', { body: input.body, signal }))
            : payloadOf(
                api.PATCH('/operator/pages/{id}', {
                  params: { path: { id: input.id } },
                  body: input.body,
                  signal,
                }),
              ),
        ),
        previewPage: fromPromise<PagePreview, PagePreview>(async ({ input, signal }) => {
          const preview = await payloadOf(
            api.POST('/operator/pages/preview', { body: { content: input.content }, signal }),
          );
          return { code: input.code, content: preview.content };
        }),
      },
    }),
};
