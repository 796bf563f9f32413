import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import { defineMessage, defineMessages, type MessageTag, useIntl } from 'react-intl';
import type { SignUpTextField } from '../../../machines/forms/signUp';
import type { PageTarget } from '../../../machines/staticPages';
import { Button } from '../../components/Button/Button';
import { Checkbox } from '../../components/Checkbox/Checkbox';
import { DeferredSelect } from '../../components/Select/DeferredSelect';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText } from '../../i18n/useText';
import { useAppSelector, useChild } from '../app/AppActorContext';
import { AuthForm } from '../forms/AuthForm';
import { PasswordHints } from '../forms/PasswordHints';
import { PhoneField } from '../forms/PhoneField';
import { loadedPhoneLibrary, loadPhoneLibrary, prefilledPhone } from '../forms/phoneLibrary';
import { useFormView } from '../forms/useFormView';
import { AuthLayout } from './AuthLayout';

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
  acceptTerms: {
    id: 'auth.signUp.acceptTerms',
    defaultMessage:
      'I accept the <terms>Terms and Conditions</terms> and the <privacy>Privacy Policy</privacy>',
  },
  submit: { id: 'auth.signUp.submit', defaultMessage: 'SIGN UP' },
  pending: { id: 'auth.signUp.pending', defaultMessage: 'CREATING...' },
  haveAccount: { id: 'auth.signUp.haveAccount', defaultMessage: 'Already have an account?' },
  signIn: { id: 'auth.signUp.signIn', defaultMessage: 'Sign in' },
});

/** One sentence with the two pages as links in it, so every language orders it its own way. */
const acceptTerms = defineMessage<{ terms: MessageTag; privacy: MessageTag }>({
  id: 'auth.signUp.acceptTerms',
  defaultMessage:
    'I accept the <terms>Terms and Conditions</terms> and the <privacy>Privacy Policy</privacy>',
});

/** /register: success signs the customer in and opens the `redirect` query or the account. */
export function RegisterPage() {
  const intl = useIntl();
  const countries = useAppSelector((snapshot) => snapshot.context.countries);
  const { terms, privacy } = useSelector(useChild('staticPages'), (snapshot) => snapshot.context.links);
  const hintsId = useId();

  const text = useOptionalText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const { values, errors, formError, pending, errorsKey } = useFormView(form, (s) =>
    s.matches({ form: 'registering' }),
  );
  const notice = useSelector(form, (snapshot) => snapshot.context.notice);
  const redirect = route.useSearch({ select: (search) => search.redirect });

  const field = (name: SignUpTextField, label: string, type = 'text', autoComplete?: string) => (
    <TextField
      label={label}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(value) => form.send({ type: 'CHANGE', field: name, value })}
      isInvalid={errors[name] !== undefined}
      errorMessage={text(errors[name])}
    />
  );

  return (
    <AuthLayout title={intl.formatMessage(messages.title)} notice={text(notice)} wide>
      <AuthForm
        onSubmit={() => form.send({ type: 'SUBMIT' })}
        onPrefill={(fields) => {
          form.send({ type: 'PREFILL', fields });
          const phone = prefilledPhone(fields);
          if (phone) form.send({ type: 'PHONE_CHANGED', change: phone });
          // Typed as the app took over, after the route's loader had looked: read once the library is here.
          if (fields.phone && !loadedPhoneLibrary()) {
            loadPhoneLibrary().then(
              ({ readPhone }) => {
                const { text, country } = form.getSnapshot().context.values.phone;
                form.send({ type: 'PHONE_CHANGED', change: readPhone(text, country) });
              },
              () => {},
            );
          }
        }}
        formError={text(formError)}
        errorsKey={errorsKey}
        actions={
          <Button type="submit" size="lg" fullWidth isPending={pending}>
            {intl.formatMessage(pending ? messages.pending : messages.submit)}
          </Button>
        }
      >
        <div className="auth-grid">
          {field('name', intl.formatMessage(messages.name), 'text', 'given-name')}
          {field('surname', intl.formatMessage(messages.surname), 'text', 'family-name')}
          <div className="auth-grid__full">
            {field('email', intl.formatMessage(messages.email), 'email', 'email')}
          </div>
          <div className="auth-grid__full">
            <PhoneField
              label={intl.formatMessage(messages.phone)}
              countries={countries}
              value={values.phone}
              onChange={(change) => form.send({ type: 'PHONE_CHANGED', change })}
              errorMessage={text(errors.phone)}
            />
          </div>
          <DeferredSelect
            label={intl.formatMessage(messages.country)}
            name="country"
            placeholder={intl.formatMessage(messages.countryPlaceholder)}
            options={countries.map((country) => ({ id: String(country.id), label: country.title }))}
            value={values.country === '' ? null : values.country}
            onChange={(id) => form.send({ type: 'CHANGE', field: 'country', value: id ?? '' })}
            errorMessage={text(errors.country)}
          />
          {field('city', intl.formatMessage(messages.city), 'text', 'address-level2')}
          <TextField
            label={intl.formatMessage(messages.password)}
            type="password"
            name="password"
            autoComplete="new-password"
            aria-describedby={hintsId}
            value={values.password}
            onChange={(value) => form.send({ type: 'CHANGE', field: 'password', value })}
            isInvalid={errors.password !== undefined}
            errorMessage={text(errors.password)}
          />
          {field(
            'passwordConfirmation',
            intl.formatMessage(messages.confirmation),
            'password',
            'new-password',
          )}
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
          {intl.formatMessage(acceptTerms, {
            terms: (label) => <PageLink page={terms} label={label} />,
            privacy: (label) => <PageLink page={privacy} label={label} />,
          })}
        </Checkbox>
      </AuthForm>
      <p className="auth-card__footer">
        {intl.formatMessage(messages.haveAccount)}{' '}
        <Link to="/login" search={{ redirect }}>
          {intl.formatMessage(messages.signIn)}
        </Link>
      </p>
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
