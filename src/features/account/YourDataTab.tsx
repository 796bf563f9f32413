import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { defineMessages } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { deleteAccountMachine, exportDataMachine } from '../../../machines/forms/accountData';
import { type Message, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { PasswordField } from '../forms/PasswordField';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { AccountSection } from './AccountSection';

const route = getRouteApi('/account/your-data');

const messages = defineMessages({
  title: { id: 'account.data.title', defaultMessage: 'Your data' },
  exportPassword: { id: 'account.data.exportPassword', defaultMessage: 'Your password' },
  deletePassword: { id: 'account.data.deletePassword', defaultMessage: 'Your password, to confirm' },
  exportTitle: { id: 'account.data.exportTitle', defaultMessage: 'Download my data' },
  exportText: {
    id: 'account.data.exportText',
    defaultMessage:
      'One JSON file with everything the store holds about you: your profile, your orders and payments, every change of your balance and your sign-ins.',
  },
  exportSubmit: { id: 'account.data.exportSubmit', defaultMessage: 'Download my data' },
  exportPending: { id: 'account.data.exportPending', defaultMessage: 'Preparing…' },
  deleteTitle: { id: 'account.data.deleteTitle', defaultMessage: 'Delete my account' },
  deleteText: {
    id: 'account.data.deleteText',
    defaultMessage:
      'Your name, address, phone and player name are erased and you are signed out everywhere; the balance left is lost. Your orders and payments stay on record without your name, as the law requires. This cannot be undone.',
  },
  deleteSubmit: { id: 'account.data.deleteSubmit', defaultMessage: 'Delete my account' },
  deletePending: { id: 'account.data.deletePending', defaultMessage: 'Deleting…' },
});

type Form = ActorRefFrom<typeof exportDataMachine> | ActorRefFrom<typeof deleteAccountMachine>;

/** One of the tab's two forms: what it does, the password typed again, and its button. */
function PasswordConfirmedForm({
  form,
  sending,
  title,
  text,
  labels,
  password,
  danger = false,
}: {
  form: Form;
  sending: string;
  title: Message;
  text: Message;
  labels: { submit: Message; pending: Message };
  password: Message;
  danger?: boolean;
}) {
  const say = useText();
  const titleId = useId();
  const view = useFormView(form, (snapshot) => snapshot.matches(sending));
  return (
    <section className="account-data" aria-labelledby={titleId}>
      <h3 id={titleId} className="account-data__title">
        {say(title)}
      </h3>
      <p className="account-section__note">{say(text)}</p>
      <AuthForm
        className="account-form"
        {...view.form}
        actions={
          <SubmitButton pending={view.pending} labels={labels} variant={danger ? 'danger' : 'primary'} />
        }
      >
        <PasswordField label={password} {...view.field('password')} />
      </AuthForm>
    </section>
  );
}

/** The "Your data" tab (docs/product.md §2): download what the store holds, or delete the account. */
export function YourDataTab() {
  const { screen, deleteAccount } = route.useLoaderData();
  return (
    <AccountSection title={messages.title}>
      <PasswordConfirmedForm
        form={screen}
        sending="exporting"
        title={messages.exportTitle}
        text={messages.exportText}
        labels={{ submit: messages.exportSubmit, pending: messages.exportPending }}
        password={messages.exportPassword}
      />
      <PasswordConfirmedForm
        form={deleteAccount}
        sending="deleting"
        title={messages.deleteTitle}
        text={messages.deleteText}
        labels={{ submit: messages.deleteSubmit, pending: messages.deletePending }}
        password={messages.deletePassword}
        danger
      />
    </AccountSection>
  );
}
