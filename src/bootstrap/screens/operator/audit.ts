import { dayRange } from '../../../../domain/days';
import { AUDIT_PER_PAGE, type AuditSearch, operatorAuditMachine } from '../../../../machines/operator/audit';
import type { ApiClient } from '../../../api';
import { searching } from './requests';

/** /operator/audit: the audit log's search. */
export const auditScreens = {
  /** GET /operator/audit. */
  operatorAudit: (api: ApiClient) =>
    operatorAuditMachine.provide({
      actors: {
        findAudit: searching(
          AUDIT_PER_PAGE,
          ({ entity, entity_id, actor, from, until }: AuditSearch) => ({
            entity,
            entity_id,
            actor,
            ...dayRange(from, until),
          }),
          (query, signal) => api.GET('/operator/audit', { params: { query }, signal }),
        ),
      },
    }),
};
