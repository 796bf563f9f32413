import { operatorPagesMachine } from '../../../../machines/operator/pages';
import type { ApiClient } from '../../../api';
import { answering } from './requests';

/** /operator/pages: the static pages' list. */
export const pagesScreens = {
  /** GET /operator/pages. */
  operatorPages: (api: ApiClient) =>
    operatorPagesMachine.provide({
      actors: { fetchPages: answering((_, signal) => api.GET('/operator/pages', { signal })) },
    }),
};
