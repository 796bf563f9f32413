import { fromPromise } from 'xstate';
import {
  CUSTOMERS_PER_PAGE,
  type CustomersPage,
  type CustomersQuery,
  operatorCustomersMachine,
} from '../../../../machines/operator/customers';
import type { ApiClient } from '../../../api';
import { payloadOf, searchPage } from './requests';

/** /operator/customers: the customers' search. */
export const customersScreens = {
  /** GET /operator/customers. */
  operatorCustomers: (api: ApiClient) =>
    operatorCustomersMachine.provide({
      actors: {
        findCustomers: fromPromise<CustomersPage, CustomersQuery>(async ({ input, signal }) =>
          searchPage(CUSTOMERS_PER_PAGE, input.beforeId, { q: input.search.q }, (query) =>
            payloadOf(api.GET('/operator/customers', { params: { query }, signal })),
          ),
        ),
      },
    }),
};
