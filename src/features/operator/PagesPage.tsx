import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { pageTitle } from '../../../machines/operator/pages';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Spinner } from '../../components/Spinner/Spinner';
import { useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { OperatorPage } from './OperatorPage';

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
  const text = useOptionalText();
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
      {state === 'loading' && (
        <p className="operator-status" role="status">
          <Spinner size="sm" decorative />
          <span>{say(m.loading)}</span>
        </p>
      )}
      {state === 'error' && (
        <div className="operator-status">
          <ErrorText>{text(error)}</ErrorText>
          <Button variant="secondary" size="sm" onPress={() => screen.send({ type: 'RETRY' })}>
            {say(m.retry)}
          </Button>
        </div>
      )}
      {state === 'empty' && <EmptyState headingLevel={2} title={say(m.empty)} />}
      {state === 'filled' && (
        <table className="operator-table">
          <thead>
            <tr>
              <th scope="col">{say(m.page)}</th>
              <th scope="col">{say(m.slug)}</th>
              <th scope="col">{say(m.flags)}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.id}>
                <td data-label={say(m.page)}>
                  <Link
                    to="/operator/pages/$pageId"
                    params={{ pageId: page.id }}
                    className="operator-table__link"
                  >
                    {pageTitle(page, locale)}
                  </Link>
                </td>
                <td data-label={say(m.slug)}>/{page.slug}</td>
                <td data-label={say(m.flags)}>
                  {page.is_terms && <span className="operator-tag">{say(m.terms)}</span>}
                  {page.is_privacy && <span className="operator-tag">{say(m.privacy)}</span>}
                  {page.is_cookie && <span className="operator-tag">{say(m.cookie)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OperatorPage>
  );
}
