import { OVERVIEW_DAYS, operatorOverviewMachine } from '../../../../machines/operator/overview';
import type { ApiClient } from '../../../api';
import { answering } from './requests';

/** /operator: the overview (docs/architecture.md §3b). */
export const overviewScreens = {
  /** GET /operator/overview?days=30. */
  operatorOverview: (api: ApiClient) =>
    operatorOverviewMachine.provide({
      actors: {
        fetchOverview: answering((_, signal) =>
          api.GET('/operator/overview', { params: { query: { days: OVERVIEW_DAYS } }, signal }),
        ),
      },
    }),
};
