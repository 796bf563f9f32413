import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { defineMessages } from 'react-intl';
import { TextField } from '../../components/TextField/TextField';
import { useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PasswordHints } from '../forms/PasswordHints';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { AccountSection } from './AccountSection';

const route = getRouteApi('/account/change-password');

const messages = defineMessages({
  title: { id: 'account.changePassword.title', defaultMessage: 'Change password' },
  current: { id: 'account.password.current', defaultMessage: 'Current Password' },
  password: { id: 'auth.field.newPassword', defaultMessage: 'New Password' },
  confirmation: { id: 'auth.field.confirmNewPassword', defaultMessage: 'Confirm New Password' },
  submit: { id: 'account.password.submit', defaultMessage: 'Update password' },
  pending: { id: 'account.profile.saving', defaultMessage: 'Saving...' },
});

/** The change password tab (docs/product.md §2, §5): current, new and confirmation, with the live hints. */
export function ChangePasswordTab() {
  const say = useText();
  const hintsId = useId();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const view = useFormView(form, (s) => s.matches('saving'));
  return (
    <AccountSection title={messages.title}>
      <AuthForm
        className="account-form"
        {...view.form}
        actions={
          <SubmitButton pending={view.pending} label={messages.submit} pendingLabel={messages.pending} />
        }
      >
        <TextField
          label={say(messages.current)}
          type="password"
          autoComplete="current-password"
          {...view.field('current')}
        />
        <TextField
          label={say(messages.password)}
          type="password"
          autoComplete="new-password"
          aria-describedby={hintsId}
          {...view.field('password')}
        />
        <PasswordHints id={hintsId} password={view.values.password ?? ''} />
        <TextField
          label={say(messages.confirmation)}
          type="password"
          autoComplete="new-password"
          {...view.field('confirmation')}
        />
      </AuthForm>
    </AccountSection>
  );
}
