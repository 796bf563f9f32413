import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { defineMessages } from 'react-intl';
import { AuthForm } from '../forms/AuthForm';
import { PasswordField } from '../forms/PasswordField';
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
  const hintsId = useId();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const view = useFormView(form, (s) => s.matches('saving'));
  return (
    <AccountSection title={messages.title}>
      <AuthForm
        className="account-form"
        {...view.form}
        actions={<SubmitButton pending={view.pending} labels={messages} />}
      >
        <PasswordField label={messages.current} {...view.field('current')} />
        <PasswordField label={messages.password} isNew describedBy={hintsId} {...view.field('password')} />
        <PasswordHints id={hintsId} password={view.values.password ?? ''} />
        <PasswordField label={messages.confirmation} isNew {...view.field('confirmation')} />
      </AuthForm>
    </AccountSection>
  );
}
