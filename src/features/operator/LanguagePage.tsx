import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import type { LanguageMessage } from '../../../machines/operator/languages';
import { Button } from '../../components/Button/Button';
import { Pagination } from '../../components/Pagination/Pagination';
import { TextField } from '../../components/TextField/TextField';
import { useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { OperatorPage } from './OperatorPage';
import { type Column, OperatorTable, ScreenStatus, SearchForm } from './parts';

const route = getRouteApi('/operator/languages/$languageId');

export const languageMessages = defineMessages({
  title: { id: 'operator.language.title', defaultMessage: 'Messages' },
  heading: { id: 'operator.language.heading', defaultMessage: 'Messages in {language}' },
  back: { id: 'operator.language.back', defaultMessage: 'All languages' },
  loading: { id: 'operator.language.loading', defaultMessage: 'Loading messages…' },
  retry: { id: 'operator.language.retry', defaultMessage: 'Try again' },
  notFound: { id: 'operator.language.notFound', defaultMessage: 'There is no such language.' },
  empty: { id: 'operator.language.empty', defaultMessage: 'No messages match' },
  filter: { id: 'operator.language.filter', defaultMessage: 'Show' },
  all: { id: 'operator.language.all', defaultMessage: 'All messages' },
  missing: { id: 'operator.language.missing', defaultMessage: 'Missing ({count})' },
  search: { id: 'operator.language.search', defaultMessage: 'Find a message' },
  searchHint: {
    id: 'operator.language.searchHint',
    defaultMessage: 'Part of its id, its text or the default text',
  },
  submitSearch: { id: 'operator.language.submitSearch', defaultMessage: 'Search' },
  key: { id: 'operator.language.key', defaultMessage: 'Message' },
  defaultText: { id: 'operator.language.defaultText', defaultMessage: 'Default text' },
  text: { id: 'operator.language.text', defaultMessage: 'Text' },
  none: { id: 'operator.language.none', defaultMessage: 'Missing' },
  actions: { id: 'operator.language.actions', defaultMessage: 'Actions' },
  edit: { id: 'operator.language.edit', defaultMessage: 'Edit' },
  translate: { id: 'operator.language.translate', defaultMessage: 'Translate' },
  field: { id: 'operator.language.field', defaultMessage: 'Text in {language}' },
  fieldHint: {
    id: 'operator.language.fieldHint',
    defaultMessage: 'Keep the placeholders in braces and the tags of the default text.',
  },
  submit: { id: 'operator.language.save', defaultMessage: 'Save' },
  pending: { id: 'operator.language.saving', defaultMessage: 'Saving…' },
  cancel: { id: 'operator.language.cancel', defaultMessage: 'Cancel' },
  total: {
    id: 'operator.language.total',
    defaultMessage: '{count, plural, one {# message} other {# messages}}',
  },
});

/**
 * /operator/languages/$languageId: a language's messages beside the default language's text, all
 * or only the missing ones, a search over both, and one message edited in its row.
 */
export function LanguagePage() {
  const say = useText();
  const { screen, edit } = route.useLoaderData();
  const state = useSelector(screen, (s) => s.value);
  const language = useSelector(screen, (s) => s.context.language);
  const rows = useSelector(screen, (s) => s.context.messages);
  const search = useSelector(screen, (s) => s.context.search);
  const draft = useSelector(screen, (s) => s.context.draft);
  const page = useSelector(screen, (s) => s.context.page);
  const total = useSelector(screen, (s) => s.context.total);
  const totalPages = useSelector(screen, (s) => s.context.totalPages);
  const error = useSelector(screen, (s) => s.context.error);
  const editing = useFormView(edit, (s) => s.matches('sending'));
  const editingKey = useSelector(edit, (s) => (s.matches('closed') ? null : s.context.key));
  const m = languageMessages;
  const title = language?.title ?? '';

  const textCell = (message: LanguageMessage) =>
    editingKey === message.key ? (
      <AuthForm
        className="operator-form operator-form--inline"
        {...editing.form}
        actions={
          <span className="operator-status">
            <SubmitButton pending={editing.pending} labels={m} size="sm" />
            <Button variant="secondary" size="sm" onPress={() => edit.send({ type: 'CANCEL' })}>
              {say(m.cancel)}
            </Button>
          </span>
        }
      >
        <TextField
          label={say(m.field, { language: title })}
          description={say(m.fieldHint)}
          rows={3}
          autoFocus
          {...editing.field('value')}
        />
      </AuthForm>
    ) : message.value === null ? (
      <span className="operator-tag">{say(m.none)}</span>
    ) : (
      <span lang={language?.code}>{message.value}</span>
    );

  const columns: readonly Column<LanguageMessage>[] = [
    [m.key, (message) => <code>{message.key}</code>],
    [m.defaultText, (message) => message.default_value ?? ''],
    [m.text, textCell],
    [
      m.actions,
      (message) =>
        editingKey === message.key ? null : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${say(message.value === null ? m.translate : m.edit)}: ${message.key}`}
            onPress={() => edit.send({ type: 'EDIT', key: message.key, value: message.value ?? '' })}
          >
            {say(message.value === null ? m.translate : m.edit)}
          </Button>
        ),
    ],
  ];

  return (
    <OperatorPage
      title={m.title}
      heading={language === null ? undefined : say(m.heading, { language: title })}
    >
      <p className="operator-back">
        <Link to="/operator/languages">{say(m.back)}</Link>
      </p>
      {language !== null && (
        <fieldset className="operator-tabs">
          <legend className="visually-hidden">{say(m.filter)}</legend>
          <Button
            variant={search.missing === '' ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={search.missing === ''}
            onPress={() => screen.send({ type: 'SHOW', missing: '' })}
          >
            {say(m.all)}
          </Button>
          <Button
            variant={search.missing === '1' ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={search.missing === '1'}
            onPress={() => screen.send({ type: 'SHOW', missing: '1' })}
          >
            {say(m.missing, { count: language.missing })}
          </Button>
        </fieldset>
      )}
      {state !== 'notFound' && (
        <SearchForm submit={say(m.submitSearch)} screen={screen}>
          <TextField
            className="operator-search__field"
            label={say(m.search)}
            description={say(m.searchHint)}
            type="search"
            name="q"
            value={draft.q}
            onChange={(value) => screen.send({ type: 'CHANGE', field: 'q', value })}
          />
        </SearchForm>
      )}
      <ScreenStatus state={state} messages={m} error={error} screen={screen} empty={say(m.empty)} />
      {state === 'filled' && (
        <>
          <p className="operator-section__note">{say(m.total, { count: total })}</p>
          <OperatorTable
            rows={rows}
            rowKey={(row) => row.key}
            columns={columns}
            className="operator-messages"
          />
          <Pagination
            page={page}
            pageCount={totalPages}
            onChange={(target) => screen.send({ type: 'PAGE', page: target })}
          />
        </>
      )}
    </OperatorPage>
  );
}
