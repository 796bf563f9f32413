import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ChangePasswordValues } from '../../../machines/forms/accountSecurity';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PasswordHints } from '../forms/PasswordHints';
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
  const intl = useIntl();
  const text = useOptionalText();
  const hintsId = useId();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const { values, errors, formError, pending, errorsKey } = useFormView(form, (s) => s.matches('saving'));
  const field = (
    name: keyof ChangePasswordValues,
    label: string,
    autoComplete: string,
    describedBy?: string,
  ) => (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      aria-describedby={describedBy}
      value={values[name] ?? ''}
      onChange={(value) => form.send({ type: 'CHANGE', field: name, value })}
      isInvalid={errors[name] !== undefined}
      errorMessage={text(errors[name])}
    />
  );
  return (
    <AccountSection title={messages.title}>
      <AuthForm
        className="account-form"
        onSubmit={() => form.send({ type: 'SUBMIT' })}
        formError={text(formError)}
        errorsKey={errorsKey}
        actions={
          <Button type="submit" isPending={pending}>
            {intl.formatMessage(pending ? messages.pending : messages.submit)}
          </Button>
        }
      >
        {field('current', intl.formatMessage(messages.current), 'current-password')}
        {field('password', intl.formatMessage(messages.password), 'new-password', hintsId)}
        <PasswordHints id={hintsId} password={values.password ?? ''} />
        {field('confirmation', intl.formatMessage(messages.confirmation), 'new-password')}
      </AuthForm>
    </AccountSection>
  );
}
