import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { MessageDescriptor } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { staticPageMachine } from '../../../machines/staticPages';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { useOptionalText, useText } from '../../i18n/useText';
import { NotFoundPage } from './NotFoundPage';
import '../../components/Page/Page.css';
import './pages.css';

const byId = getRouteApi('/static-page/$id');
const bySlug = getRouteApi('/$slug');

export function StaticPageById() {
  return <StaticPageView page={byId.useLoaderData({ select: (data) => data.screen })} />;
}

export function StaticPageBySlug() {
  return <StaticPageView page={bySlug.useLoaderData({ select: (data) => data.screen })} />;
}

export interface StaticPageViewProps {
  /** The route's staticPage actor (GET /static-pages/{idOrSlug}). */
  page: ActorRefFrom<typeof staticPageMachine>;
  /** A heading of our own (rules, FAQ) instead of the page's title. */
  heading?: MessageDescriptor & { id: string };
}

/**
 * One static page (docs/product.md §2): spinner while loading, then its title and sanitized HTML, the error
 * text, or the not-found page. A new language loads the page again in that language (the app
 * machine sends the screen RELOAD).
 */
export function StaticPageView({ page: actor, heading }: StaticPageViewProps) {
  const say = useText();
  const text = useOptionalText();
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const page = useSelector(actor, (snapshot) => snapshot.context.page);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const html = useMemo(() => (page ? safeHtml(page.content) : ''), [page]);

  if (state === 'notFound') return <NotFoundPage />;
  const title = heading ? say(heading) : page?.title;
  return (
    <main className="static-page" aria-busy={state === 'loading'}>
      <div className="page-hero hero-background">
        {title && <h1 className="page-hero__title">{title}</h1>}
      </div>
      <div className="page">
        {state === 'error' && <ErrorText>{text(error)}</ErrorText>}
        {page && state !== 'error' && (
          // Sanitized above with DOMPurify (scripts, event handlers and javascript: URLs removed).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: static page HTML is the content itself
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </div>
    </main>
  );
}

/**
 * The page's HTML with scripts, event handlers and javascript: URLs removed. DOMPurify needs a DOM,
 * which the server's render (docs/decisions/0021) has not: there the page is the server's own
 * answer, whose content server/catalogue/page-html.ts has already reduced to its allow-list, and
 * hydration keeps that HTML.
 */
function safeHtml(content: string): string {
  return DOMPurify.isSupported ? DOMPurify.sanitize(content) : content;
}
