import { type ActorRefFrom, assign, fromCallback, sendTo } from 'xstate';
import { type profileMachine, profileMessages } from '../profile';
import type { ProfileUpdate, UserProfile } from '../shapes';
import { defineMessages } from '../text';
import { toast } from '../toasts';
import { type Config, type FormContext, formMachine } from './formMachine';
import { formMessages } from './messages';
import { EMPTY_PHONE, type PhoneChange, type PhoneValue, withPhone } from './phone';
import { filled, NO_ERRORS, type Rule } from './rules';

export const profileEditMessages = defineMessages({
  updated: { id: 'account.profile.updated', defaultMessage: 'Profile updated successfully' },
});

export interface ProfileEditValues {
  name: string;
  surname: string;
  phone: PhoneValue;
  /** A country id of GET /countries, as text ('' for none). */
  country: string;
  city: string;
  address: string;
  post_code: string;
  /** The in-game player name checkout suggests (ADR 0031); '' for none. The server judges it. */
  player: string;
}
export type ProfileEditField = keyof ProfileEditValues;
export type ProfileEditTextField = Exclude<ProfileEditField, 'phone'>;

/** The profile rules (docs/product.md §5's sign-up texts for the fields the profile shares), in order. */
export const profileEditRules: readonly Rule<ProfileEditValues, ProfileEditField>[] = [
  { field: 'name', message: formMessages.nameRequired, valid: (v) => filled(v.name) },
  { field: 'surname', message: formMessages.surnameRequired, valid: (v) => filled(v.surname) },
  { field: 'country', message: formMessages.countryRequired, valid: (v) => v.country !== '' },
  { field: 'city', message: formMessages.cityRequired, valid: (v) => filled(v.city) },
  { field: 'phone', message: formMessages.phoneRequired, valid: (v) => filled(v.phone.text) },
  {
    field: 'phone',
    message: formMessages.validPhone,
    valid: (v) => v.phone.valid && v.phone.e164 !== null,
  },
];

/** The form filled from the saved profile. */
export function valuesOf(profile: UserProfile): ProfileEditValues {
  return {
    name: profile.name,
    surname: profile.surname,
    phone: {
      text: profile.phone,
      country: profile.country?.iso ?? null,
      e164: profile.phoneE164,
      valid: profile.phoneE164 !== null,
    },
    country: profile.country ? String(profile.country.id) : '',
    city: profile.city,
    address: profile.address ?? '',
    post_code: profile.post_code ?? '',
    player: profile.player ?? '',
  };
}

/** PUT /user/profile's body (the email changes through its own tab). */
export function updateOf(values: ProfileEditValues): ProfileUpdate {
  return {
    name: values.name.trim(),
    surname: values.surname.trim(),
    phone: values.phone.text.trim(),
    phoneE164: values.phone.e164 ?? '',
    country: Number(values.country),
    city: values.city.trim(),
    address: values.address.trim(),
    post_code: values.post_code.trim(),
    // Blank clears the saved name.
    player: values.player.trim(),
  };
}

/** Server field names of PUT /user/profile → the form's fields. */
const SERVER_FIELDS: Record<string, ProfileEditField> = {
  name: 'name',
  surname: 'surname',
  phone: 'phone',
  phoneE164: 'phone',
  country: 'country',
  city: 'city',
  address: 'address',
  post_code: 'post_code',
  player: 'player',
};

export type ProfileEditContext = FormContext<ProfileEditValues, ProfileEditField>;

export type ProfileEditEvent =
  | { type: 'EDIT'; profile: UserProfile }
  | { type: 'CANCEL' }
  | { type: 'CHANGE'; field: ProfileEditTextField; value: string }
  | { type: 'PHONE_CHANGED'; change: PhoneChange }
  | { type: 'SUBMIT' }
  /** The app's profile has loaded again after a save (sent by awaitProfile). */
  | { type: 'PROFILE_SETTLED' };

/** How long a save waits for the refreshed profile before showing the view anyway. */
const REFRESH_WAIT_MS = 10_000;

const EMPTY_VALUES: ProfileEditValues = {
  name: '',
  surname: '',
  phone: EMPTY_PHONE,
  country: '',
  city: '',
  address: '',
  post_code: '',
  player: '',
};

export const profileEditMachine = formMachine({
  types: { events: {} as ProfileEditEvent },
  id: 'profileEdit',
  description: [
    'The profile tab (docs/product.md §2): viewing shows the saved profile; EDIT {profile} opens the form filled from it,',
    'CANCEL closes it. CHANGE {field, value} and PHONE_CHANGED {change} edit a field and clear its message;',
    "SUBMIT checks 'Name is required', 'Surname is required', 'Country is required', 'City is required',",
    "'Phone number is required', 'Please enter a valid phone number' (first broken rule, at its field), then",
    'saves (PUT /user/profile). A 422 puts the server field errors at their fields; other failures show the',
    "server's or client's message (429, 5xx, network) or 'Failed to update profile'; a cancelled call nothing.",
    'Saved: FETCH to the profile, and once it has loaded again (or after 10 s) the toast',
    "'Profile updated successfully' and back to viewing, which then shows the saved values. SUBMIT is not",
    'accepted while saving.',
  ].join(' '),
  context: () => ({ values: EMPTY_VALUES }),
  rules: profileEditRules,
  fieldsFromServer: SERVER_FIELDS,
  failureMessage: profileMessages.updateFailed,
  /** PUT /user/profile. */
  request: { id: 'updateProfile', input: ({ values }) => updateOf(values) },
  sending: 'saving',
  onDone: { target: 'refreshing', actions: 'refreshProfile' },
  initial: 'viewing',
  changeWhileEditing: true,
  states: ({ editing, request }) => ({
    viewing: {
      on: {
        EDIT: {
          target: 'editing',
          actions: { type: 'fill', params: ({ event }: { event: ProfileEditEvent }) => event },
        },
      },
    },
    editing: {
      ...editing,
      on: {
        CANCEL: { target: 'viewing', actions: 'clearErrors' },
        PHONE_CHANGED: {
          actions: { type: 'changePhone', params: ({ event }: { event: ProfileEditEvent }) => event },
        },
        ...(editing.on as Config),
      },
    },
    saving: {
      initial: 'sending',
      states: {
        sending: request,
        refreshing: {
          invoke: { id: 'awaitProfile', src: 'awaitProfile' },
          on: { PROFILE_SETTLED: { target: '#profileEdit.viewing', actions: 'announceSaved' } },
          after: { [REFRESH_WAIT_MS]: { target: '#profileEdit.viewing', actions: 'announceSaved' } },
        },
      },
    },
  }),
  actors: {
    /**
     * Settles once the app's profile actor (systemId 'profile') has loaded again after the FETCH a
     * save sends it, so the view never shows the values from before the save.
     */
    awaitProfile: fromCallback<ProfileEditEvent>(({ system, sendBack }) => {
      const profile: ActorRefFrom<typeof profileMachine> | undefined = system.get('profile');
      const settled = () => sendBack({ type: 'PROFILE_SETTLED' });
      if (!profile?.getSnapshot().matches('loading')) return settled();
      const subscription = profile.subscribe((snapshot) => {
        if (!snapshot.matches('loading')) settled();
      });
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    fill: assign((_, params: { profile: UserProfile }) => ({
      values: valuesOf(params.profile),
      ...NO_ERRORS,
    })),
    changePhone: assign(({ context }: { context: ProfileEditContext }, params: { change: PhoneChange }) =>
      withPhone(context, params.change),
    ),
    announceSaved: toast('success', profileEditMessages.updated),
    refreshProfile: sendTo(({ system }) => system.get('profile'), { type: 'FETCH' as const }),
  },
});
