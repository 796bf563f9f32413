import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ProfileEditTextField, profileEditMachine } from '../../../machines/forms/profileEdit';
import { Button } from '../../components/Button/Button';
import { LazySelect } from '../../components/Select/LazySelect';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { AuthForm } from '../forms/AuthForm';
import { PhoneField } from '../forms/PhoneField';
import { useFormView } from '../forms/useFormView';
import { profileFieldMessages as fields } from './profileFieldMessages';

const messages = defineMessages({
  save: { id: 'account.profile.save', defaultMessage: 'Save' },
  saving: { id: 'account.profile.saving', defaultMessage: 'Saving...' },
  cancel: { id: 'account.profile.cancel', defaultMessage: 'Cancel' },
});

/** The profile form of the profileEdit machine: every field but the email (changed in its own tab). */
export function ProfileForm({ screen }: { screen: ActorRefFrom<typeof profileEditMachine> }) {
  const intl = useIntl();
  const text = useOptionalText();
  const countries = useAppSelector((snapshot) => snapshot.context.countries);
  const {
    values,
    errors,
    formError,
    pending: saving,
    errorsKey,
  } = useFormView(screen, (s) => s.matches('saving'));

  const field = (name: ProfileEditTextField, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(value) => screen.send({ type: 'CHANGE', field: name, value })}
      isInvalid={errors[name] !== undefined}
      errorMessage={text(errors[name])}
    />
  );

  return (
    <AuthForm
      className="profile-form"
      onSubmit={() => screen.send({ type: 'SUBMIT' })}
      formError={text(formError)}
      errorsKey={errorsKey}
      actions={
        <div className="profile-form__actions">
          <Button type="submit" isPending={saving}>
            {intl.formatMessage(saving ? messages.saving : messages.save)}
          </Button>
          <Button variant="ghost" isDisabled={saving} onPress={() => screen.send({ type: 'CANCEL' })}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        </div>
      }
    >
      <div className="auth-grid">
        {field('name', intl.formatMessage(fields.name), 'given-name')}
        {field('surname', intl.formatMessage(fields.surname), 'family-name')}
        <div className="auth-grid__full">
          <PhoneField
            label={intl.formatMessage(fields.phone)}
            countries={countries}
            value={values.phone}
            onChange={(change) => screen.send({ type: 'PHONE_CHANGED', change })}
            errorMessage={text(errors.phone)}
          />
        </div>
        <div className="auth-grid__full">
          {field('address', intl.formatMessage(fields.address), 'street-address')}
        </div>
        {field('city', intl.formatMessage(fields.city), 'address-level2')}
        <LazySelect
          label={intl.formatMessage(fields.country)}
          name="country"
          placeholder={intl.formatMessage(fields.countryPlaceholder)}
          options={countries.map((country) => ({ id: String(country.id), label: country.title }))}
          value={values.country === '' ? null : values.country}
          onChange={(id) => screen.send({ type: 'CHANGE', field: 'country', value: id ?? '' })}
          errorMessage={text(errors.country)}
        />
        {field('post_code', intl.formatMessage(fields.postCode), 'postal-code')}
        <div className="auth-grid__full">
          <TextField
            label={intl.formatMessage(fields.player)}
            description={intl.formatMessage(fields.playerHint)}
            name="player"
            autoComplete="off"
            spellCheck="false"
            maxLength={32}
            value={values.player}
            onChange={(value) => screen.send({ type: 'CHANGE', field: 'player', value })}
            isInvalid={errors.player !== undefined}
            errorMessage={text(errors.player)}
          />
        </div>
      </div>
    </AuthForm>
  );
}
