import { fromPromise } from 'xstate';
import {
  type PagePreview,
  type PageSaveRequest,
  pageEditorMachine,
} from '../../../../machines/operator/pageEditor';
import type { ApiClient } from '../../../api';
import { answering, payloadOf, unlessNew } from './requests';

/** /operator/pages/new and /operator/pages/{id}: a static page's editor with its preview. */
export const pageEditorScreens = {
  /** GET /operator/pages/{id} (none for a new page); POST or PATCH /operator/pages; POST /operator/pages/preview. */
  pageEditor: (api: ApiClient) =>
    pageEditorMachine.provide({
      actors: {
        loadPage: unlessNew('id', (id: number, signal) =>
          api.GET('/operator/pages/{id}', { params: { path: { id } }, signal }),
        ),
        savePage: answering((input: PageSaveRequest, signal) =>
          input.kind === 'create'
            ? api.POST('/operator/pages', { body: input.body, signal })
            : api.PATCH('/operator/pages/{id}', {
                params: { path: { id: input.id } },
                body: input.body,
                signal,
              }),
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
