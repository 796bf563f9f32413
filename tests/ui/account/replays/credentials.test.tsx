import { screen, waitFor } from '@testing-library/react';
import { describe, expect } from 'vitest';
import { changeEmailMachine, changePasswordMachine } from '../../../../machines/forms/accountSecurity';
import { changeEmailPlan, changePasswordPlan } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { expectState, type FormScreen, performStep } from '../../auth/replay';
import { field, heldOperation, messageResponse } from '../../auth/support';
import { renderApp, SIGNED_IN } from '../../support';
import { cancelledPaths, replayEach, stepsOf, watchNotices } from '../../support/replays';

/**
 * The change password and change email machines' generated paths, replayed on their tabs: a
 * CHANGE is typing into the field, SUBMIT the button, the save's result the API's answer (msw).
 */

const CANCELLED = 'The tab was left while saving: nothing on the tab cancels a save.';

interface Tab {
  path: string;
  heading: string;
  operation: string;
  labels: Record<string, string>;
  submit: string;
  notice: string;
}

const PASSWORD: Tab = {
  path: '/account/change-password',
  heading: 'Change password',
  operation: '/user/change-password',
  labels: { current: 'Current Password', password: 'New Password', confirmation: 'Confirm New Password' },
  submit: 'Update password',
  notice: 'Password changed successfully',
};

const EMAIL: Tab = {
  path: '/account/change-email',
  heading: 'Change email',
  operation: '/user/change-email',
  labels: { email: 'New Email', password: 'Current Password' },
  submit: 'Change email',
  notice: 'Email changed successfully!',
};

function replayOn(tab: Tab) {
  return async (path: MachinePath) => {
    const operation = heldOperation('post', tab.operation);
    const view = renderApp({ path: tab.path, storage: SIGNED_IN, handlers: [operation.handler] });
    await view.ready();
    await screen.findByRole('heading', { level: 2, name: tab.heading });
    const notices = watchNotices(view);
    const screenModel: FormScreen = {
      labels: tab.labels,
      submit: { idle: tab.submit, pending: 'Saving...' },
      pendingState: 'saving',
      operation,
      success: () => messageResponse(tab.notice),
    };
    for (const [index, step] of stepsOf(path).entries()) {
      await performStep(view, screenModel, step.event);
      const saved = step.event.type === 'xstate.done.actor.save';
      if (saved) await waitFor(() => expect(notices).toEqual([tab.notice]));
      else expect(notices).toEqual([]);
      if (saved && tab === EMAIL) {
        // The server cleared the new address's verification: the session sends the customer to verify it.
        await waitFor(() => expect(view.location()).toBe('/email-verification?redirect=%2Faccount'));
        continue;
      }
      await expectState(screenModel, path.steps[index]?.state ?? '');
      const values = step.state.context.values as Record<string, string>;
      for (const [name, label] of Object.entries(tab.labels)) expect(field(label)).toHaveValue(values[name]);
      expect(view.location()).toBe(tab.path);
    }
  };
}

const passwordPaths = pathPlan(changePasswordMachine, changePasswordPlan).paths;
const emailPaths = pathPlan(changeEmailMachine, changeEmailPlan).paths;

describe('changePassword paths on the change password tab', () => {
  replayEach(passwordPaths, cancelledPaths(passwordPaths, 'save', CANCELLED), replayOn(PASSWORD));
});

describe('changeEmail paths on the change email tab', () => {
  replayEach(emailPaths, cancelledPaths(emailPaths, 'save', CANCELLED), replayOn(EMAIL));
});
