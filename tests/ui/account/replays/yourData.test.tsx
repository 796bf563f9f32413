import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { deleteAccountMachine, exportDataMachine } from '../../../../machines/forms/accountData';
import { deleteAccountPlan, exportDataPlan, exportedData } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { type FormScreen, replaySteps } from '../../auth/replay';
import { heldOperation, messageResponse } from '../../auth/support';
import { renderApp, SIGNED_IN } from '../../support';
import { cancelledPaths, replayEach, stepsOf, watchNotices } from '../../support/replays';

/**
 * The "Your data" tab's two machines, their generated paths replayed on the tab: a CHANGE is typing
 * the password, SUBMIT the button, the call's result the API's answer (msw). The export's answer is
 * saved as a file: what the browser is handed is checked (the anchor's click and its Blob).
 */

const CANCELLED = 'The tab was left while the call ran: nothing on the tab cancels it.';
const TAB = '/account/your-data';

const saved: Array<{ name: string; json: Promise<string> }> = [];
const blobs = new Map<string, Blob>();
beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob !== undefined) saved.push({ name: this.download, json: blob.text() });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const exported = JSON.parse(exportedData.json) as object;

function replayOn(kind: 'export' | 'delete') {
  return async (path: MachinePath) => {
    const operation = heldOperation('post', kind === 'export' ? '/user/data-export' : '/user/delete');
    const view = renderApp({ path: TAB, storage: SIGNED_IN, handlers: [operation.handler] });
    await view.ready();
    await screen.findByRole('heading', { level: 2, name: 'Your data' });
    const notices = watchNotices(view);
    const screenModel: FormScreen =
      kind === 'export'
        ? {
            labels: { password: 'Your password' },
            submit: { idle: 'Download my data', pending: 'Preparing…' },
            pendingState: 'exporting',
            operation,
            success: () =>
              HttpResponse.json(
                { status: 'OK' as const, payload: exported },
                { headers: { 'content-disposition': `attachment; filename="${exportedData.fileName}"` } },
              ),
          }
        : {
            labels: { password: 'Your password, to confirm' },
            submit: { idle: 'Delete my account', pending: 'Deleting…' },
            pendingState: 'deleting',
            operation,
            success: () => messageResponse('Your account was deleted.'),
            leaves: { state: 'deleted', path: '/' },
          };
    await replaySteps(view, screenModel, path.steps);
    const done = stepsOf(path).some(({ event }) => event.type.startsWith('xstate.done.actor.'));
    if (kind === 'export') {
      expect(saved.map(({ name }) => name)).toEqual(done ? [exportedData.fileName] : []);
      if (done) expect(JSON.parse(await (saved[0] as { json: Promise<string> }).json)).toEqual(exported);
      await waitFor(() => expect(notices).toEqual(done ? ['Your data was downloaded.'] : []));
    } else if (done) {
      // Deleted: said so, signed out here, and home.
      await waitFor(() => expect(notices).toContain('Your account was deleted.'));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'SIGN IN' })).toBeInTheDocument());
    } else {
      expect(notices).toEqual([]);
    }
  };
}

const exportPaths = pathPlan(exportDataMachine, exportDataPlan).paths;
const deletePaths = pathPlan(deleteAccountMachine, deleteAccountPlan).paths;

describe('exportData paths on the Your data tab', () => {
  replayEach(exportPaths, cancelledPaths(exportPaths, 'exportData', CANCELLED), replayOn('export'));
});

describe('deleteAccount paths on the Your data tab', () => {
  replayEach(deletePaths, cancelledPaths(deletePaths, 'deleteAccount', CANCELLED), replayOn('delete'));
});
