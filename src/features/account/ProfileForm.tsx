import { useCallback } from 'react';
import { defineMessages } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { PhoneChange } from '../../../machines/forms/phone';
import type { profileEditMachine } from '../../../machines/forms/profileEdit';
import { Button } from '../../components/Button/Button';
import { LazySelect } from '../../components/Select/LazySelect';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PhoneField } from '../forms/PhoneField';
import { SubmitButton } from '../forms/SubmitButton';
import { useCountryOptions } from '../forms/useCountryOptions';
import { useFormView } from '../forms/useFormView';
import { profileFieldMessages as fields } from './profileFieldMessages';

const messages = defineMessages({
  submit: { id: 'account.profile.save', defaultMessage: 'Save' },
  pending: { id: 'account.profile.saving', defaultMessage: 'Saving...' },
  cancel: { id: 'account.profile.cancel', defaultMessage: 'Cancel' },
});

/** The profile form of the profileEdit machine: every field but the email (changed in its own tab). */
export function ProfileForm({ screen }: { screen: ActorRefFrom<typeof profileEditMachine> }) {
  const say = useText();
  const text = useOptionalText();
  const { countries, options: countryOptions } = useCountryOptions();
  const view = useFormView(screen, (s) => s.matches('saving'));
  const { values, errors, pending: saving } = view;
  const onPhoneChange = useCallback(
    (change: PhoneChange) => screen.send({ type: 'PHONE_CHANGED', change }),
    [screen],
  );

  return (
    <AuthForm
      className="profile-form"
      {...view.form}
      actions={
        <div className="profile-form__actions">
          <SubmitButton pending={saving} labels={messages} />
          <Button variant="ghost" isDisabled={saving} onPress={() => screen.send({ type: 'CANCEL' })}>
            {say(messages.cancel)}
          </Button>
        </div>
      }
    >
      <div className="auth-grid">
        <TextField label={say(fields.name)} autoComplete="given-name" {...view.field('name')} />
        <TextField label={say(fields.surname)} autoComplete="family-name" {...view.field('surname')} />
        <div className="auth-grid__full">
          <PhoneField
            label={say(fields.phone)}
            countries={countries}
            value={values.phone}
            onChange={onPhoneChange}
            errorMessage={text(errors.phone)}
          />
        </div>
        <div className="auth-grid__full">
          <TextField label={say(fields.address)} autoComplete="street-address" {...view.field('address')} />
        </div>
        <TextField label={say(fields.city)} autoComplete="address-level2" {...view.field('city')} />
        <LazySelect
          label={say(fields.country)}
          placeholder={say(fields.countryPlaceholder)}
          options={countryOptions}
          {...view.choice('country')}
        />
        <TextField label={say(fields.postCode)} autoComplete="postal-code" {...view.field('post_code')} />
        <div className="auth-grid__full">
          <TextField
            label={say(fields.player)}
            description={say(fields.playerHint)}
            autoComplete="off"
            spellCheck="false"
            maxLength={32}
            {...view.field('player')}
          />
        </div>
      </div>
    </AuthForm>
  );
}
