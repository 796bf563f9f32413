import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useId } from 'react';
import { defineMessage, defineMessages, type MessageTag } from 'react-intl';
import type { PhoneChange } from '../../../machines/forms/phone';
import type { PageTarget } from '../../../machines/staticPages';
import { Checkbox } from '../../components/Checkbox/Checkbox';
import { DeferredSelect } from '../../components/Select/DeferredSelect';
import { TextField } from '../../components/TextField/TextField';
import { RichText } from '../../i18n/RichText';
import { useOptionalText, useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { AuthForm } from '../forms/AuthForm';
import { PasswordField } from '../forms/PasswordField';
import { PasswordHints } from '../forms/PasswordHints';
import { PhoneField } from '../forms/PhoneField';
import { loadedPhoneLibrary, loadPhoneLibrary, prefilledPhone } from '../forms/phoneLibrary';
import { SubmitButton } from '../forms/SubmitButton';
import { useCountryOptions } from '../forms/useCountryOptions';
import { useFormView } from '../forms/useFormView';
import { AuthLayout } from './AuthLayout';
import { SwitchLink } from './SwitchLink';

const route = getRouteApi('/register');

const messages = defineMessages({
  title: { id: 'auth.signUp.title', defaultMessage: 'Sign Up' },
  name: { id: 'auth.field.firstName', defaultMessage: 'First Name' },
  surname: { id: 'auth.field.lastName', defaultMessage: 'Last Name' },
  email: { id: 'auth.field.email', defaultMessage: 'Email' },
  phone: { id: 'auth.field.phone', defaultMessage: 'Phone Number' },
  country: { id: 'auth.field.country', defaultMessage: 'Country' },
  countryPlaceholder: { id: 'auth.field.countryPlaceholder', defaultMessage: 'Start typing a country' },
  city: { id: 'auth.field.city', defaultMessage: 'City' },
  password: { id: 'auth.field.password', defaultMessage: 'Password' },
  confirmation: { id: 'auth.field.confirmPassword', defaultMessage: 'Confirm Password' },
  submit: { id: 'auth.signUp.submit', defaultMessage: 'SIGN UP' },
  pending: { id: 'auth.signUp.pending', defaultMessage: 'CREATING...' },
  signIn: {
    id: 'auth.signUp.switchToSignIn',
    defaultMessage: 'Already have an account? <link>Sign in</link>',
  },
});

/** One sentence with the two pages as links in it, so every language orders it its own way. */
const acceptTerms = defineMessage<{ terms: MessageTag; privacy: MessageTag }>({
  id: 'auth.signUp.acceptTerms',
  defaultMessage:
    'I accept the <terms>Terms and Conditions</terms> and the <privacy>Privacy Policy</privacy>',
});

/** /register: success signs the customer in and opens the `redirect` query or the account. */
export function RegisterPage() {
  const say = useText();
  const { countries, options: countryOptions } = useCountryOptions();
  const { terms, privacy } = useSelector(useChild('staticPages'), (snapshot) => snapshot.context.links);
  const hintsId = useId();

  const text = useOptionalText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const view = useFormView(form, (s) => s.matches({ form: 'registering' }));
  const { values, errors } = view;
  const notice = useSelector(form, (snapshot) => snapshot.context.notice);
  const redirect = route.useSearch({ select: (search) => search.redirect });
  const onPhoneChange = useCallback(
    (change: PhoneChange) => form.send({ type: 'PHONE_CHANGED', change }),
    [form],
  );
  const readPhoneWhenLoaded = () =>
    loadPhoneLibrary().then(
      ({ readPhone }) => {
        const { text, country } = form.getSnapshot().context.values.phone;
        form.send({ type: 'PHONE_CHANGED', change: readPhone(text, country) });
      },
      () => {},
    );

  return (
    <AuthLayout title={say(messages.title)} notice={text(notice)} wide>
      <AuthForm
        onPrefill={(fields) => {
          view.onPrefill(fields);
          const phone = prefilledPhone(fields);
          if (phone) form.send({ type: 'PHONE_CHANGED', change: phone });
          // Typed before the app took over: read once the library is here.
          if (fields.phone && !loadedPhoneLibrary()) void readPhoneWhenLoaded();
        }}
        {...view.form}
        onSubmit={() => {
          // A number typed before the phone library arrived is read before the form judges it
          // (docs/decisions/0042); without the library (the server away) it is judged unread.
          if (form.getSnapshot().context.values.phone.text === '' || loadedPhoneLibrary())
            view.form.onSubmit();
          else void readPhoneWhenLoaded().then(view.form.onSubmit);
        }}
        actions={<SubmitButton size="lg" fullWidth pending={view.pending} labels={messages} />}
      >
        <div className="auth-grid">
          <TextField label={say(messages.name)} autoComplete="given-name" {...view.field('name')} />
          <TextField label={say(messages.surname)} autoComplete="family-name" {...view.field('surname')} />
          <div className="auth-grid__full">
            <TextField
              label={say(messages.email)}
              type="email"
              autoComplete="email"
              {...view.field('email')}
            />
          </div>
          <div className="auth-grid__full">
            <PhoneField
              label={say(messages.phone)}
              countries={countries}
              value={values.phone}
              onChange={onPhoneChange}
              errorMessage={text(errors.phone)}
            />
          </div>
          <DeferredSelect
            label={say(messages.country)}
            placeholder={say(messages.countryPlaceholder)}
            options={countryOptions}
            {...view.choice('country')}
          />
          <TextField label={say(messages.city)} autoComplete="address-level2" {...view.field('city')} />
          <PasswordField label={messages.password} isNew describedBy={hintsId} {...view.field('password')} />
          <PasswordField label={messages.confirmation} isNew {...view.field('passwordConfirmation')} />
          <div className="auth-grid__full">
            <PasswordHints id={hintsId} password={values.password} />
          </div>
        </div>
        <Checkbox
          name="terms"
          isSelected={values.terms}
          onChange={(accepted) => form.send({ type: 'ACCEPT_TERMS', accepted })}
          errorMessage={text(errors.terms)}
        >
          <RichText
            text={acceptTerms}
            values={{
              terms: (label) => <PageLink page={terms} label={label} />,
              privacy: (label) => <PageLink page={privacy} label={label} />,
            }}
          />
        </Checkbox>
      </AuthForm>
      <SwitchLink text={messages.signIn} to="/login" redirect={redirect} />
    </AuthLayout>
  );
}

/** A link to a static page in a new tab (so the form keeps what was typed); plain text when the page is missing. */
function PageLink({ page, label }: { page: PageTarget | null; label: ReactNode }) {
  if (!page) return <>{label}</>;
  return (
    <Link {...page} target="_blank" rel="noopener">
      {label}
    </Link>
  );
}
