import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import type { OperatorLanguage } from '../../../machines/operator/languages';
import { TextField } from '../../components/TextField/TextField';
import { useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { OperatorPage } from './OperatorPage';
import { type Column, OperatorTable, ScreenStatus, Section } from './parts';

const route = getRouteApi('/operator/languages');

export const languageListMessages = defineMessages({
  title: { id: 'operator.languages.title', defaultMessage: 'Languages' },
  intro: {
    id: 'operator.languages.intro',
    defaultMessage:
      'The texts of the store in each language. A message a language lacks is shown in the default language.',
  },
  loading: { id: 'operator.languages.loading', defaultMessage: 'Loading languages…' },
  retry: { id: 'operator.languages.retry', defaultMessage: 'Try again' },
  language: { id: 'operator.languages.language', defaultMessage: 'Language' },
  code: { id: 'operator.languages.code', defaultMessage: 'Code' },
  messages: { id: 'operator.languages.messages', defaultMessage: 'Messages' },
  missing: { id: 'operator.languages.missing', defaultMessage: 'Missing' },
  default: { id: 'operator.languages.default', defaultMessage: 'Default' },
  addTitle: { id: 'operator.languages.addTitle', defaultMessage: 'Add a language' },
  newCode: { id: 'operator.languages.newCode', defaultMessage: 'Language code' },
  newCodeHint: {
    id: 'operator.languages.newCodeHint',
    defaultMessage: 'Two small letters, with a region if needed: fr, pt-BR',
  },
  newTitle: { id: 'operator.languages.newTitle', defaultMessage: 'Name' },
  newTitleHint: {
    id: 'operator.languages.newTitleHint',
    defaultMessage: 'As its speakers write it, like Français',
  },
  submit: { id: 'operator.languages.add', defaultMessage: 'Add language' },
  pending: { id: 'operator.languages.adding', defaultMessage: 'Adding…' },
  showMissing: {
    id: 'operator.languages.showMissing',
    defaultMessage: '{count, plural, one {# missing message} other {# missing messages}} in {language}',
  },
});

/** /operator/languages: every language with how many messages it has and lacks, and adding one. */
export function LanguagesPage() {
  const say = useText();
  const { screen, add } = route.useLoaderData();
  const adding = useFormView(add, (s) => s.matches('sending'));
  const state = useSelector(screen, (s) => s.value);
  const languages = useSelector(screen, (s) => s.context.languages);
  const error = useSelector(screen, (s) => s.context.error);
  const m = languageListMessages;
  const columns: readonly Column<OperatorLanguage>[] = [
    [
      m.language,
      (language) => (
        <>
          <Link
            to="/operator/languages/$languageId"
            params={{ languageId: language.id }}
            className="operator-table__link"
          >
            {language.title}
          </Link>
          {language.default && <span className="operator-tag">{say(m.default)}</span>}
        </>
      ),
    ],
    [m.code, (language) => language.code],
    [m.messages, (language) => language.messages],
    [
      m.missing,
      (language) =>
        language.missing === 0 ? (
          '0'
        ) : (
          <Link
            to="/operator/languages/$languageId"
            params={{ languageId: language.id }}
            search={{ missing: 1 }}
            aria-label={say(m.showMissing, { count: language.missing, language: language.title })}
          >
            {language.missing}
          </Link>
        ),
    ],
  ];

  return (
    <OperatorPage title={m.title}>
      <p className="operator-section__note">{say(m.intro)}</p>
      <ScreenStatus state={state} messages={m} error={error} screen={screen} />
      {state === 'filled' && <OperatorTable rows={languages} rowKey={(row) => row.id} columns={columns} />}
      <Section title={m.addTitle}>
        <AuthForm
          className="operator-form"
          {...adding.form}
          actions={<SubmitButton pending={adding.pending} labels={m} />}
        >
          <TextField
            label={say(m.newCode)}
            description={say(m.newCodeHint)}
            autoComplete="off"
            maxLength={10}
            {...adding.field('code')}
          />
          <TextField
            label={say(m.newTitle)}
            description={say(m.newTitleHint)}
            autoComplete="off"
            maxLength={60}
            {...adding.field('title')}
          />
        </AuthForm>
      </Section>
    </OperatorPage>
  );
}
