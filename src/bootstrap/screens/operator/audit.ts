import { fromPromise } from 'xstate';
import { dayRange } from '../../../../domain/days';
import {
  AUDIT_PER_PAGE,
  type AuditEntry,
  type AuditSearch,
  operatorAuditMachine,
} from '../../../../machines/operator/audit';
import type { ListPage, ListQuery } from '../../../../machines/operator/searchList';
import type { ApiClient } from '../../../api';
import { payloadOf, searchPage } from './requests';

/** /operator/audit: the audit log's search. */
export const auditScreens = {
  /** GET /operator/audit. */
  operatorAudit: (api: ApiClient) =>
    operatorAuditMachine.provide({
      actors: {
        findAudit: fromPromise<ListPage<AuditEntry>, ListQuery<AuditSearch>>(async ({ input, signal }) => {
          const { entity, entity_id, actor, from, until } = input.search;
          const filters = { entity, entity_id, actor, ...dayRange(from, until) };
          return searchPage(AUDIT_PER_PAGE, input.beforeId, filters, (query) =>
            payloadOf(api.GET('/operator/audit', { params: { query }, signal })),
          );
        }),
      },
    }),
};
