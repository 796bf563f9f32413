import { getRouteApi } from '@tanstack/react-router';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
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
  const intl = useIntl();
  const text = useOptionalText();
  const form = route.useLoaderData({ select: (data) => data.screen });
  const { values, errors, formError, pending, errorsKey } = useFormView(form, (s) => s.matches('saving'));
  return (
    <AccountSection title={messages.title}>
      <p className="account-section__note">{intl.formatMessage(messages.note)}</p>
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
        <TextField
          label={intl.formatMessage(messages.email)}
          type="email"
          name="email"
          autoComplete="email"
          value={values.email ?? ''}
          onChange={(value) => form.send({ type: 'CHANGE', field: 'email', value })}
          isInvalid={errors.email !== undefined}
          errorMessage={text(errors.email)}
        />
        <TextField
          label={intl.formatMessage(messages.password)}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password ?? ''}
          onChange={(value) => form.send({ type: 'CHANGE', field: 'password', value })}
          isInvalid={errors.password !== undefined}
          errorMessage={text(errors.password)}
        />
      </AuthForm>
    </AccountSection>
  );
}
