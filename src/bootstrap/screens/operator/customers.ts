import {
  CUSTOMERS_PER_PAGE,
  type CustomersSearch,
  operatorCustomersMachine,
} from '../../../../machines/operator/customers';
import type { ApiClient } from '../../../api';
import { searching } from './requests';

/** /operator/customers: the customers' search. */
export const customersScreens = {
  /** GET /operator/customers. */
  operatorCustomers: (api: ApiClient) =>
    operatorCustomersMachine.provide({
      actors: {
        findCustomers: searching(
          CUSTOMERS_PER_PAGE,
          ({ q }: CustomersSearch) => ({ q }),
          (query, signal) => api.GET('/operator/customers', { params: { query }, signal }),
        ),
      },
    }),
};
