import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { recordTitle } from '../../../machines/operator/versionedRecord';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { useFormats } from '../../i18n/useFormats';
import { useText } from '../../i18n/useText';
import { OperatorPage } from './OperatorPage';
import { OperatorTable, RowLink, ScreenStatus } from './parts';

const route = getRouteApi('/operator/pages');

export const pageListMessages = defineMessages({
  title: { id: 'operator.pages.title', defaultMessage: 'Content' },
  add: { id: 'operator.pages.add', defaultMessage: 'Add a page' },
  loading: { id: 'operator.pages.loading', defaultMessage: 'Loading pages…' },
  empty: { id: 'operator.pages.empty', defaultMessage: 'No pages yet' },
  retry: { id: 'operator.pages.retry', defaultMessage: 'Try again' },
  page: { id: 'operator.pages.page', defaultMessage: 'Page' },
  slug: { id: 'operator.pages.slug', defaultMessage: 'Address' },
  flags: { id: 'operator.pages.flags', defaultMessage: 'Used as' },
  terms: { id: 'operator.pages.terms', defaultMessage: 'Terms' },
  privacy: { id: 'operator.pages.privacy', defaultMessage: 'Privacy' },
  cookie: { id: 'operator.pages.cookie', defaultMessage: 'Cookies' },
});

/** /operator/pages: every static page in the footer's order, its address and what the store uses it for. */
export function PagesPage() {
  const say = useText();
  const { locale } = useFormats();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const pages = useSelector(screen, (s) => s.context.pages);
  const error = useSelector(screen, (s) => s.context.error);
  const m = pageListMessages;

  return (
    <OperatorPage title={m.title}>
      <p className="operator-actions">
        <LinkButton render={(props) => <Link to="/operator/pages/new" {...props} />}>{say(m.add)}</LinkButton>
      </p>
      <ScreenStatus state={state} messages={m} error={error} screen={screen} empty={say(m.empty)} />
      {state === 'filled' && (
        <OperatorTable
          rows={pages}
          rowKey={(page) => page.id}
          columns={[
            [
              m.page,
              (page) => (
                <RowLink to="/operator/pages/$pageId" params={{ pageId: page.id }}>
                  {recordTitle(page, locale)}
                </RowLink>
              ),
            ],
            [m.slug, (page) => `/${page.slug}`],
            [
              m.flags,
              (page) => (
                <>
                  {page.is_terms && <span className="operator-tag">{say(m.terms)}</span>}
                  {page.is_privacy && <span className="operator-tag">{say(m.privacy)}</span>}
                  {page.is_cookie && <span className="operator-tag">{say(m.cookie)}</span>}
                </>
              ),
            ],
          ]}
        />
      )}
    </OperatorPage>
  );
}
