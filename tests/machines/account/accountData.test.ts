import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { deleteAccountMachine, exportDataMachine } from '../../../machines/forms/accountData';
import {
  dataPasswordWrong,
  deleteAccountPlan,
  exportDataPlan,
  exportedData,
} from '../../support/accountPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';
import { english, englishErrors } from './support';

describePaths('exportData paths', pathPlan(exportDataMachine, exportDataPlan));

describePaths('deleteAccount paths', pathPlan(deleteAccountMachine, deleteAccountPlan));

const typed = [{ type: 'CHANGE', field: 'password', value: 'Diamond7' }, { type: 'SUBMIT' }];

/** The actions the export's last event runs, by type. */
function exportActions(events: readonly { type: string }[]) {
  let [snapshot] = initialTransition(exportDataMachine, undefined);
  let actions: Array<{ type: string; params?: unknown }> = [];
  for (const event of events) [snapshot, actions] = transition(exportDataMachine, snapshot, event as never);
  return actions;
}

describe('Your data (docs/product.md §2)', () => {
  it('both forms ask for the password first', () => {
    for (const machine of [exportDataMachine, deleteAccountMachine]) {
      const { snapshot } = run(machine, undefined, [{ type: 'SUBMIT' }]);
      expect(englishErrors(snapshot.context.errors)).toEqual({ password: 'Password is required' });
    }
  });

  it('the export saves the file, empties the form and says so', () => {
    const done = doneEvent('exportData', exportedData);
    const { snapshot, sent } = run(exportDataMachine, undefined, [...typed, done]);
    expect(snapshot.matches('editing')).toBe(true);
    expect(snapshot.context.values).toEqual({ password: '' });
    expect(exportActions([...typed, done])).toContainEqual(
      expect.objectContaining({ type: 'saveFile', params: exportedData }),
    );
    expect(sent.map(({ to, event }) => [to, english((event as { text?: never }).text)])).toEqual([
      ['toasts', 'Your data was downloaded.'],
    ]);
  });

  it('a wrong password is shown at the field, and nothing is saved', () => {
    const refused = errorEvent('exportData', dataPasswordWrong);
    const { snapshot } = run(exportDataMachine, undefined, [...typed, refused]);
    expect(englishErrors(snapshot.context.errors)).toEqual({ password: 'The password is incorrect.' });
    expect(exportActions([...typed, refused]).map((action) => action.type)).not.toContain('saveFile');
  });

  it('the deletion says so and signs out here (the server ended every session)', () => {
    const { snapshot, sent } = run(deleteAccountMachine, undefined, [
      ...typed,
      doneEvent('deleteAccount', 'Your account was deleted.'),
    ]);
    expect(snapshot.status).toBe('done');
    expect(sent.map(({ to }) => to)).toEqual(['toasts', 'session']);
    expect(sent[1]?.event).toEqual({ type: 'LOGOUT' });
  });
});
