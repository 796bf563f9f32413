import { getRouteApi } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { TextField } from '../../components/TextField/TextField';
import { useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PasswordField } from '../forms/PasswordField';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { AccountSection } from './AccountSection';

const route = getRouteApi('/account/change-email');

const messages = defineMessages({
  title: { id: 'account.changeEmail.title', defaultMessage: 'Change email' },
  email: { id: 'account.email.new', defaultMessage: 'New Email' },
  password: { id: 'account.password.current', defaultMessage: 'Current Password' },
  submit: { id: 'account.email.submit', defaultMessage: 'Change email' },
  pending: { id: 'account.profile.saving', defaultMessage: 'Saving...' },
  note: {
    id: 'account.email.note',
    defaultMessage: 'We will send a verification link to the new address.',
  },
});

/** The change email tab (docs/product.md §2, §5): the new address and the current password. */
export function ChangeEmailTab() {
  const say = useText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const view = useFormView(form, (s) => s.matches('saving'));
  return (
    <AccountSection title={messages.title}>
      <p className="account-section__note">{say(messages.note)}</p>
      <AuthForm
        className="account-form"
        {...view.form}
        actions={<SubmitButton pending={view.pending} labels={messages} />}
      >
        <TextField label={say(messages.email)} type="email" autoComplete="email" {...view.field('email')} />
        <PasswordField label={messages.password} {...view.field('password')} />
      </AuthForm>
    </AccountSection>
  );
}
