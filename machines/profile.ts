import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { failureKind, isApiFailure, isSilentFailure } from '../domain/api-failure';
import type { ProfileUpdate, UserProfile } from './shapes';
import { defineMessages, failureText, type Text } from './text';
import { toast } from './toasts';

export const profileMessages = defineMessages({
  fetchFailed: { id: 'profile.error.fetch', defaultMessage: 'Failed to fetch profile' },
  updateFailed: { id: 'profile.error.update', defaultMessage: 'Failed to update profile' },
});

export interface UpdateFailure {
  text: Text;
  fieldErrors: Record<string, string[]>;
}

export interface ProfileContext {
  profile: UserProfile | null;
  error: Text | null;
  updateError: UpdateFailure | null;
}

export type ProfileEvent =
  | { type: 'FETCH' }
  | { type: 'SESSION_CHANGED'; authenticated: boolean }
  | { type: 'CURRENCY_CHANGED' }
  | { type: 'UPDATE'; fields: ProfileUpdate };

export type ProfileEmitted = { type: 'updated' };

/** Name and surname joined with a space, skipping empty parts. */
export function fullName(profile: Pick<UserProfile, 'name' | 'surname'> | null): string {
  if (!profile) return '';
  return [profile.name, profile.surname]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as ProfileEmitted,
  },
  actors: {
    fetchProfile: fromPromise<UserProfile>(async () => {
      throw new Error('fetchProfile is not provided');
    }),
    updateProfile: fromPromise<void, ProfileUpdate>(async () => {
      throw new Error('updateProfile is not provided');
    }),
  },
  actions: {
    reset: assign({ profile: null, error: null, updateError: null }),
    notify: toast(),
  },
}).createMachine({
  id: 'profile',
  description: [
    "The signed-in user's profile. idle = signed out (profile null). SESSION_CHANGED (sent by the app when the",
    'session signs in or out) fetches on sign-in and resets on sign-out; FETCH and CURRENCY_CHANGED fetch again,',
    'and are not accepted while signed out (idle). A 401 on fetch clears the profile (the session clears auth on the same 401).',
    "UPDATE (only with a loaded profile) saves the fields, then fetches again. Defaults: 'Failed to fetch",
    "profile', 'Failed to update profile'. Emits: updated after a saved update. Toasts (SHOW {kind: 'error'} to systemId toasts) when an",
    'update fails (not for cancelled requests).',
  ].join(' '),
  context: { profile: null, error: null, updateError: null },
  initial: 'idle',
  on: {
    SESSION_CHANGED: [
      { guard: ({ event }) => event.authenticated, target: '.loading' },
      { target: '.idle', actions: 'reset' },
    ],
  },
  states: {
    idle: {
      description: 'Signed out: FETCH and CURRENCY_CHANGED are not accepted, so nothing is fetched.',
    },
    loading: {
      on: {
        CURRENCY_CHANGED: { target: 'loading', reenter: true },
      },
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        onDone: {
          target: 'loaded',
          actions: assign({ profile: ({ event }) => event.output, error: null }),
        },
        onError: [
          {
            guard: ({ event }) => failureKind(event.error) === 'unauthorized',
            target: 'idle',
            actions: 'reset',
          },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, profileMessages.fetchFailed) }),
          },
        ],
      },
    },
    loaded: {
      on: {
        FETCH: 'loading',
        CURRENCY_CHANGED: 'loading',
        UPDATE: { target: 'updating', actions: assign({ updateError: null }) },
      },
    },
    updating: {
      description:
        'FETCH and CURRENCY_CHANGED are not accepted while saving: the fetch that follows a saved update reads the latest state.',
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: ({ event }) => {
          assertEvent(event, 'UPDATE');
          return event.fields;
        },
        onDone: { target: 'loading', actions: emit({ type: 'updated' }) },
        onError: [
          {
            guard: ({ event }) => failureKind(event.error) === 'unauthorized',
            target: 'idle',
            actions: 'reset',
          },
          {
            guard: ({ event }) => isSilentFailure(event.error),
            target: 'loaded',
          },
          {
            target: 'loaded',
            actions: [
              assign({
                updateError: ({ event }) => ({
                  text: failureText(event.error, profileMessages.updateFailed),
                  fieldErrors: isApiFailure(event.error) ? (event.error.fieldErrors ?? {}) : {},
                }),
              }),
              {
                type: 'notify',
                params: ({ event }) => ({
                  kind: 'error' as const,
                  text: failureText(event.error, profileMessages.updateFailed),
                }),
              },
            ],
          },
        ],
      },
    },
    error: {
      on: {
        FETCH: 'loading',
        CURRENCY_CHANGED: 'loading',
      },
    },
  },
});
