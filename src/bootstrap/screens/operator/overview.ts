import { fromPromise } from 'xstate';
import {
  OVERVIEW_DAYS,
  type Overview,
  operatorOverviewMachine,
} from '../../../../machines/operator/overview';
import type { ApiClient } from '../../../api';
import { payloadOf } from './requests';

/** /operator: the overview (docs/architecture.md §3b). */
export const overviewScreens = {
  /** GET /operator/overview?days=30. */
  operatorOverview: (api: ApiClient) =>
    operatorOverviewMachine.provide({
      actors: {
        fetchOverview: fromPromise<Overview>(async ({ signal }) =>
          payloadOf(api.GET('/operator/overview', { params: { query: { days: OVERVIEW_DAYS } }, signal })),
        ),
      },
    }),
};
