import { fromPromise } from 'xstate';
import { type OperatorPage, operatorPagesMachine } from '../../../../machines/operator/pages';
import type { ApiClient } from '../../../api';
import { payloadOf } from './requests';

/** /operator/pages: the static pages' list. */
export const pagesScreens = {
  /** GET /operator/pages. */
  operatorPages: (api: ApiClient) =>
    operatorPagesMachine.provide({
      actors: {
        fetchPages: fromPromise<OperatorPage[]>(async ({ signal }) =>
          payloadOf(api.GET('/operator/pages', { signal })),
        ),
      },
    }),
};
