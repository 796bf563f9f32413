import { describe, expect, it } from 'vitest';
import { operatorPagesMachine, pagesMessages } from '../../../machines/operator/pages';
import { recordTitle } from '../../../machines/operator/versionedRecord';
import { operatorPage, pagesPlan } from '../../support/operatorPagesPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('operatorPages paths', pathPlan(operatorPagesMachine, pagesPlan));

describe('operatorPages', () => {
  it('lists every page; none is empty; a failure offers RETRY; a title in the console language', () => {
    const filled = run(operatorPagesMachine, undefined, [
      doneEvent('fetchPages', [operatorPage(1), operatorPage(2, { is_terms: true })]),
    ]).snapshot;
    expect(filled.value).toBe('filled');
    expect(filled.context.pages.map((page) => page.is_terms)).toEqual([false, true]);
    expect(run(operatorPagesMachine, undefined, [doneEvent('fetchPages', [])]).snapshot.value).toBe('empty');
    const failed = run(operatorPagesMachine, undefined, [
      errorEvent('fetchPages', new Error('boom')),
    ]).snapshot;
    expect(failed.context.error).toEqual(pagesMessages.failed);
    expect(recordTitle(operatorPage(1), 'de')).toBe('Seite 1');
    expect(recordTitle(operatorPage(1), 'es')).toBe('Page 1');
  });
});
