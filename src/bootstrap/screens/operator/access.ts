import { fromPromise } from 'xstate';
import { operatorAccessMachine } from '../../../../machines/operator/access';
import { type ApiClient, call } from '../../../api';

/**
 * The console's access check, started by every /operator route (docs/decisions/0044-operator-console.md):
 * kept apart from every screen's providers, so it stays small.
 */
export const accessScreens = {
  /** GET /operator/customers?limit=1: 403 for a customer. */
  operatorAccess: (api: ApiClient) =>
    operatorAccessMachine.provide({
      actors: {
        checkAccess: fromPromise<void>(async ({ signal }) => {
          await call(api.GET('/operator/customers', { params: { query: { limit: 1 } }, signal }));
        }),
      },
    }),
};
