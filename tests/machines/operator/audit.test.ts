import { describe, expect, it } from 'vitest';
import {
  auditPath,
  changedFields,
  NO_AUDIT_SEARCH,
  operatorAuditMachine,
} from '../../../machines/operator/audit';
import { auditEntry, auditPlan } from '../../support/operatorPaths';
import { describePaths, doneEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('operatorAudit paths', pathPlan(operatorAuditMachine, auditPlan));

describe('operatorAudit', () => {
  it('loads the filters of the address; SEARCH goes to the typed ones', () => {
    const filled = run(operatorAuditMachine, NO_AUDIT_SEARCH, [
      doneEvent('findAudit', { rows: [auditEntry(9)], more: false }),
      { type: 'CHANGE', field: 'entity_id', value: '42' },
      { type: 'CHANGE', field: 'entity', value: 'order' },
      { type: 'SEARCH' },
    ]);
    expect(filled.snapshot.value).toBe('filled');
    expect(filled.emitted).toEqual([{ type: 'navigate', to: '/operator/audit?entity=order&entity_id=42' }]);
    expect(auditPath({ ...NO_AUDIT_SEARCH, actor: 'olivia park@x' })).toBe(
      '/operator/audit?actor=olivia%20park%40x',
    );
  });

  it('changed fields: those that differ, a creation from nothing, a deletion to nothing', () => {
    expect(changedFields({ refunded: 0, note: 'a' }, { refunded: 500, note: 'a', reason: 'r' })).toEqual([
      { field: 'refunded', before: 0, after: 500 },
      { field: 'reason', before: undefined, after: 'r' },
    ]);
    expect(changedFields(null, { name: 'Survival' })).toEqual([
      { field: 'name', before: undefined, after: 'Survival' },
    ]);
    expect(changedFields({ name: 'Survival' }, null)).toEqual([
      { field: 'name', before: 'Survival', after: undefined },
    ]);
    expect(changedFields('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b' }]);
    expect(changedFields({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });
});
