import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, vi } from 'vitest';
import { profileEditMachine } from '../../../../machines/forms/profileEdit';
import { profileEditPlan } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { expectState, type FormScreen, responseFor } from '../../auth/replay';
import { field, heldOperation, messageResponse } from '../../auth/support';
import { api, fixtures, ok, renderApp, SIGNED_IN } from '../../support';
import * as replays from '../../support/replays';

/**
 * The profile edit machine's generated paths on the profile tab: EDIT, CANCEL and SUBMIT are
 * clicks, CHANGE and PHONE_CHANGED typing; the save's result is the answer to PUT /user/profile, and
 * the profile it then fetches again (GET /user/profile) is held until PROFILE_SETTLED, or never
 * answers for the 10 s wait.
 */

const paths = pathPlan(profileEditMachine, profileEditPlan).paths;

const offScreen = replays.cancelledPaths(
  paths,
  'updateProfile',
  'The tab was left while saving (Cancel is disabled then): nothing on the tab cancels a save.',
);

const LABELS = {
  name: 'First Name',
  surname: 'Last Name',
  phone: 'Phone Number',
  address: 'Address',
  city: 'City',
  country: 'Country',
  post_code: 'Zip Code',
};
const SAVED = 'Profile updated successfully';

const profileSection = () => screen.getByRole('region', { name: 'Profile' });

/** GET /user/profile: answered at once until a save has gone through, then held until released. */
function refetchedProfile() {
  let holding = false;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let refetches = 0;
  const handler = http.get(api('/user/profile'), async () => {
    if (holding) {
      refetches += 1;
      await released;
    }
    return ok(fixtures.profile);
  });
  return {
    handler,
    hold: () => {
      holding = true;
    },
    release: () => release(),
    get refetches() {
      return refetches;
    },
  };
}

async function replayProfileEdit(path: MachinePath) {
  const save = heldOperation('put', '/user/profile');
  const profile = refetchedProfile();
  const view = renderApp({
    path: '/account/profile',
    storage: SIGNED_IN,
    handlers: [save.handler, profile.handler],
  });
  await view.ready();
  await within(await screen.findByRole('region', { name: 'Profile' })).findByText('Alex Stone');
  const notices = replays.watchNotices(view);
  const screenModel: FormScreen = {
    labels: LABELS,
    submit: { idle: 'Save', pending: 'Saving...' },
    pendingState: 'saving',
    operation: save,
    success: () => messageResponse(SAVED),
  };

  try {
    for (const [index, { event, state }] of replays.stepsOf(path).entries()) {
      const section = profileSection();
      // The 10 s wait runs on a fake clock from before the save's answer, which starts it.
      if ((path.steps[index + 1]?.event.type ?? '').startsWith('xstate.after.10000.'))
        vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
      if (event.type === 'EDIT') {
        await view.user.click(within(section).getByRole('button', { name: 'Edit' }));
      } else if (event.type === 'CANCEL') {
        await view.user.click(within(section).getByRole('button', { name: 'Cancel' }));
      } else if (event.type === 'CHANGE' || event.type === 'PHONE_CHANGED') {
        const label = event.type === 'CHANGE' ? LABELS[replays.payload(event).field as 'city'] : LABELS.phone;
        const text =
          event.type === 'CHANGE'
            ? String(replays.payload(event).value)
            : (replays.payload(event).change as { text: string }).text;
        await view.user.clear(field(label));
        if (text !== '') await view.user.type(field(label), text);
      } else if (event.type === 'SUBMIT') {
        await view.user.click(within(section).getByRole('button', { name: 'Save' }));
      } else if (replays.isDone(event, 'updateProfile')) {
        profile.hold();
        await save.answer(screenModel.success());
      } else if (replays.isError(event, 'updateProfile')) {
        await save.answer(responseFor(replays.payload(event).error));
      } else if (event.type === 'PROFILE_SETTLED') {
        profile.release();
      } else if (event.type.startsWith('xstate.after.10000.')) {
        await act(() => vi.advanceTimersByTimeAsync(10_000));
      } else {
        throw new Error(`no screen action for ${event.type}`);
      }

      if (state.value === 'viewing') {
        await waitFor(() =>
          expect(within(profileSection()).queryByRole('button', { name: /^Sav/ })).not.toBeInTheDocument(),
        );
        expect(within(profileSection()).getByRole('button', { name: 'Edit' })).toBeEnabled();
        expect(within(profileSection()).getByText('Berlin')).toBeInTheDocument();
        const saved = replays.isDone(path.steps[index - 1]?.event ?? { type: '' }, 'updateProfile');
        await waitFor(() => expect(notices).toEqual(saved ? [SAVED] : []));
      } else {
        const { value } = state as { value: string | { saving: string } };
        await expectState(
          screenModel,
          JSON.stringify({ ...state, value: typeof value === 'string' ? value : 'saving' }),
        );
        const values = state.context.values as Record<string, string> & { phone: { text: string } };
        for (const name of ['name', 'surname', 'address', 'city', 'post_code'] as const)
          expect(field(LABELS[name])).toHaveValue(values[name]);
        expect(field(LABELS.phone)).toHaveValue(values.phone.text);
        const cancel = within(profileSection()).getByRole('button', { name: 'Cancel' });
        if (typeof value === 'string') expect(cancel).toBeEnabled();
        else expect(cancel).toBeDisabled();
        expect(notices).toEqual([]);
      }
    }
  } finally {
    vi.useRealTimers();
  }
  expect(profile.refetches).toBe(
    path.steps.some(({ event }) => replays.isDone(event, 'updateProfile')) ? 1 : 0,
  );
}

describe('profileEdit paths on the profile tab', () => {
  replays.replayEach(paths, offScreen, replayProfileEdit);
});
