import type { components } from '../../domain/contract';
import { defineMessages } from '../text';
import { type Filters, type ListPage, type ListQuery, searchListMachine, searchPath } from './searchList';

export type CustomerSummary = components['schemas']['CustomerSummary'];

/** Customers per page of the list (the API pages by `before_id`). */
export const CUSTOMERS_PER_PAGE = 25;

export const customersMessages = defineMessages({
  failed: { id: 'operator.customers.failed', defaultMessage: 'The customers could not be loaded.' },
  moreFailed: { id: 'operator.customers.moreFailed', defaultMessage: 'More customers could not be loaded.' },
});

/** The search as the address holds it (`?q=`); empty lists the newest accounts. */
export interface CustomersSearch extends Filters {
  q: string;
}

/** One page as the API answered it: up to CUSTOMERS_PER_PAGE, and whether more follow. */
export type CustomersPage = ListPage<CustomerSummary>;

/** What the list asks for: the search and, for a further page, the last id shown. */
export type CustomersQuery = ListQuery<CustomersSearch>;

/** The address of a search: the list with `?q=` (none for an empty search). */
export const customersPath = (search: CustomersSearch): string => searchPath('/operator/customers', search);

export const operatorCustomersMachine = searchListMachine<CustomersSearch, CustomerSummary>({
  id: 'operatorCustomers',
  load: 'findCustomers',
  path: customersPath,
  failed: customersMessages.failed,
  moreFailed: customersMessages.moreFailed,
  description: [
    "The operator's customer list (/operator/customers?q=): the route starts it with the address's search and it",
    'loads the newest accounts whose email, name, surname or player holds it (loading), then shows them',
    `(filled, ${CUSTOMERS_PER_PAGE} at a time) or says none match (empty). CHANGE edits the search field; SEARCH`,
    'goes to the address of the typed search (the route starts the list anew), or loads the same search',
    'again. MORE loads the next page below the shown ones (loadingMore); its failure keeps the list with a',
    "message. A failed load shows the server's or client's message or 'The customers could not be loaded.'",
    'and RETRY loads again; a cancelled request (leaving) shows nothing.',
  ].join(' '),
});
