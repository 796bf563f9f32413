import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { ApiFailure } from '../../domain/api-failure';
import { fullName, profileMachine, profileMessages } from '../../machines/profile';
import type { ProfileUpdate, UserProfile } from '../../machines/shapes';
import { failureMessages, verbatim } from '../../machines/text';
import { profile } from '../support/fixtures';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { startWithToasts } from './support';

const fields: ProfileUpdate = {
  name: 'Alexa',
  surname: 'Stone',
  phone: '+4930901820',
  phoneE164: '+4930901820',
  country: 83,
  city: 'Berlin',
};
const failure = (kind: ApiFailure['kind'], message: string, extra: Partial<ApiFailure> = {}): ApiFailure => ({
  kind,
  message,
  ...extra,
});

describePaths(
  'profile paths',
  pathPlan(profileMachine, {
    events: [
      { type: 'SESSION_CHANGED', authenticated: true },
      { type: 'SESSION_CHANGED', authenticated: false },
      { type: 'FETCH' },
      { type: 'CURRENCY_CHANGED' },
      { type: 'UPDATE', fields },
      doneEvent('fetchProfile', profile),
      errorEvent('fetchProfile', failure('unauthorized', 'Unauthenticated.')),
      errorEvent('fetchProfile', failure('server', 'Server error. Please try again later.')),
      doneEvent('updateProfile'),
      errorEvent('updateProfile', failure('unauthorized', 'Unauthenticated.')),
      errorEvent('updateProfile', failure('cancelled', 'Request cancelled')),
      errorEvent('updateProfile', failure('validation', 'The city is required.')),
    ],
  }),
);

interface Stubs {
  fetch?: () => Promise<UserProfile>;
  update?: (fields: ProfileUpdate) => Promise<void>;
}

function startProfile(stubs: Stubs = {}) {
  const fetches: number[] = [];
  const updates: ProfileUpdate[] = [];
  const { actor, events: emitted } = startWithToasts(
    profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(async () => {
          fetches.push(fetches.length + 1);
          return (stubs.fetch ?? (async () => profile))();
        }),
        updateProfile: fromPromise<void, ProfileUpdate>(async ({ input }) => {
          updates.push(input);
          return (stubs.update ?? (async () => {}))(input);
        }),
      },
    }),
  );
  return { actor, fetches, updates, emitted };
}

const settled = (actor: ReturnType<typeof startProfile>['actor']) =>
  waitFor(actor, (s) => !s.matches('loading') && !s.matches('updating'));

describe('profile rules', () => {
  it('starts signed out with no profile, and FETCH does nothing then', () => {
    const { actor, fetches } = startProfile();
    actor.send({ type: 'FETCH' });
    actor.send({ type: 'CURRENCY_CHANGED' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(fetches).toEqual([]);
  });

  it('fetches on sign-in and resets on sign-out', async () => {
    const { actor, fetches } = startProfile();
    actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    expect((await settled(actor)).context.profile).toEqual(profile);
    expect(fetches).toHaveLength(1);
    actor.send({ type: 'SESSION_CHANGED', authenticated: false });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.profile).toBeNull();
  });

  it('refetches on FETCH and on a currency change while signed in', async () => {
    const { actor, fetches } = startProfile();
    actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    await settled(actor);
    actor.send({ type: 'CURRENCY_CHANGED' });
    await settled(actor);
    actor.send({ type: 'FETCH' });
    await settled(actor);
    expect(fetches).toHaveLength(3);
  });

  it("a failed fetch keeps the server's message, or 'Failed to fetch profile'", async () => {
    const told = startProfile({
      fetch: async () => {
        throw failure('server', 'Database is down', { serverMessage: 'Database is down' });
      },
    });
    told.actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    expect((await settled(told.actor)).context.error).toEqual(verbatim('Database is down'));
    const unexplained = startProfile({
      fetch: async () => {
        throw failure('server', 'Server error. Please try again later.');
      },
    });
    unexplained.actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    expect((await settled(unexplained.actor)).context.error).toEqual(failureMessages.server);
    const untold = startProfile({
      fetch: async () => {
        throw new TypeError('boom');
      },
    });
    untold.actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    const snapshot = await settled(untold.actor);
    expect(snapshot.value).toBe('error');
    expect(snapshot.context.error).toEqual(profileMessages.fetchFailed);
    expect(english(snapshot.context.error)).toBe('Failed to fetch profile');
  });

  it('a 401 on fetch clears the profile', async () => {
    let calls = 0;
    const { actor } = startProfile({
      fetch: async () => {
        calls += 1;
        if (calls > 1) throw failure('unauthorized', 'Unauthenticated.', { status: 401 });
        return profile;
      },
    });
    actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    await settled(actor);
    actor.send({ type: 'FETCH' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.profile).toBeNull();
  });

  it('UPDATE saves the fields, then fetches the profile again', async () => {
    let name = 'Alex';
    const { actor, fetches, updates, emitted } = startProfile({
      fetch: async () => ({ ...profile, name }),
      update: async (next) => {
        name = next.name;
      },
    });
    actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    await settled(actor);
    actor.send({ type: 'UPDATE', fields });
    expect(actor.getSnapshot().value).toBe('updating');
    const snapshot = await waitFor(actor, (s) => s.matches('loaded') && s.context.profile?.name === 'Alexa');
    expect(updates).toEqual([fields]);
    expect(fetches).toHaveLength(2);
    expect(snapshot.context.updateError).toBeNull();
    expect(emitted).toContainEqual({ type: 'updated' });
  });

  it('UPDATE does nothing when signed out', () => {
    const { actor, updates } = startProfile();
    actor.send({ type: 'UPDATE', fields });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(updates).toEqual([]);
  });

  it("a failed update keeps the profile, shows the message ('Failed to update profile' by default) and field errors", async () => {
    const { actor, emitted } = startProfile({
      update: async () => {
        throw new Error('socket hang up');
      },
    });
    actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    await settled(actor);
    actor.send({ type: 'UPDATE', fields });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('loaded');
    expect(snapshot.context.profile).toEqual(profile);
    expect(snapshot.context.updateError).toEqual({ text: profileMessages.updateFailed, fieldErrors: {} });
    expect(english(snapshot.context.updateError)).toEqual({
      text: 'Failed to update profile',
      fieldErrors: {},
    });
    expect(emitted).toContainEqual({ type: 'SHOW', kind: 'error', text: profileMessages.updateFailed });

    const validation = failure('validation', 'The city is required.', {
      serverMessage: 'The city is required.',
      fieldErrors: { city: ['The city is required.'] },
    });
    const second = startProfile({
      update: async () => {
        throw validation;
      },
    });
    second.actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    await settled(second.actor);
    second.actor.send({ type: 'UPDATE', fields });
    expect((await settled(second.actor)).context.updateError).toEqual({
      text: verbatim('The city is required.'),
      fieldErrors: { city: ['The city is required.'] },
    });
    expect(second.emitted).toContainEqual({
      type: 'SHOW',
      kind: 'error',
      text: verbatim('The city is required.'),
    });
  });

  it('a cancelled update is not shown', async () => {
    const { actor, emitted } = startProfile({
      update: async () => {
        throw failure('cancelled', 'Request cancelled');
      },
    });
    actor.send({ type: 'SESSION_CHANGED', authenticated: true });
    await settled(actor);
    actor.send({ type: 'UPDATE', fields });
    const snapshot = await settled(actor);
    expect(snapshot.context.updateError).toBeNull();
    expect(emitted.filter((e) => e.type === 'SHOW')).toEqual([]);
  });

  it('fullName joins name and surname with a space, skipping empty parts', () => {
    expect(fullName(profile)).toBe('Alex Stone');
    expect(fullName({ name: 'Alex', surname: '' })).toBe('Alex');
    expect(fullName({ name: ' ', surname: 'Stone' })).toBe('Stone');
    expect(fullName(null)).toBe('');
  });
});
