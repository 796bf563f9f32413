import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import type { OperatorLanguage } from '../../../machines/operator/languages';
import { useText } from '../../i18n/useText';
import { OperatorPage } from './OperatorPage';
import { type Column, OperatorTable, ScreenStatus } from './parts';

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
  showMissing: {
    id: 'operator.languages.showMissing',
    defaultMessage: '{count, plural, one {# missing message} other {# missing messages}} in {language}',
  },
});

/** /operator/languages: every language with how many messages it has and lacks. */
export function LanguagesPage() {
  const say = useText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
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
    </OperatorPage>
  );
}
