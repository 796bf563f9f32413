import type { components } from '../../domain/contract';
import { defineMessages } from '../text';
import { type Filters, searchListMachine, searchPath } from './searchList';

export type AuditEntry = components['schemas']['AuditEntry'];

/** Audit rows per page (the API pages by `before_id`). */
export const AUDIT_PER_PAGE = 50;

export const auditMessages = defineMessages({
  failed: { id: 'operator.audit.failed', defaultMessage: 'The audit log could not be loaded.' },
  moreFailed: {
    id: 'operator.audit.moreFailed',
    defaultMessage: 'More of the audit log could not be loaded.',
  },
});

/** The audit log's filters as the address holds them ('' for none); days as YYYY-MM-DD, both included. */
export interface AuditSearch extends Filters {
  entity: string;
  entity_id: string;
  actor: string;
  from: string;
  until: string;
}

export const NO_AUDIT_SEARCH: AuditSearch = { entity: '', entity_id: '', actor: '', from: '', until: '' };

export const auditPath = (search: AuditSearch): string => searchPath('/operator/audit', search);

/** One changed field of an audit row: what it held before and holds after (undefined: not there). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an audit row changed, field by field, in the order the fields first appear: the fields of
 * `before` and `after` whose values differ (a creation has no before, a deletion no after). A row
 * whose before or after is not an object is one change of the whole value (field '').
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const absent = (value: unknown) => value === null || value === undefined;
  if (!(isRecord(before) || absent(before)) || !(isRecord(after) || absent(after))) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before, after }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: was[field], after: now[field] }));
}

export const operatorAuditMachine = searchListMachine<AuditSearch, AuditEntry>({
  id: 'operatorAudit',
  load: 'findAudit',
  path: auditPath,
  failed: auditMessages.failed,
  moreFailed: auditMessages.moreFailed,
  description: [
    'The audit log in the operator console (/operator/audit?entity=&entity_id=&actor=&from=&until=), read-only:',
    "the route starts it with the address's filters and it loads the newest rows of that entity, entity id and",
    `actor, written from 'from' to 'until' (loading), then shows them (filled, ${AUDIT_PER_PAGE} at a time) or says`,
    'none match (empty). CHANGE edits a filter; SEARCH goes to the address of the typed filters (the route starts',
    'the list anew), or loads the same ones again. MORE loads older rows below the shown ones (loadingMore); its',
    "failure keeps the list with a message. A failed load shows its message or 'The audit log could not be",
    "loaded.' and RETRY loads again; a cancelled request shows nothing.",
  ].join(' '),
});

/** The fields of an action's rows that hold coin minor units (shown as coins, not as a number). */
export const COIN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'order.refund': ['refunded', 'amount'],
  'customer.balance.adjust': ['balance', 'amount'],
  'product.create': ['price'],
  'product.update': ['price'],
};
