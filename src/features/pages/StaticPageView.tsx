import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { staticPageMachine } from '../../../machines/staticPages';
import { apiActors } from '../../bootstrap/actors';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { useChild } from '../app/AppActorContext';
import { NotFoundPage } from './NotFoundPage';
import { useMountedActor } from './useMountedActor';
import './pages.css';

const byId = getRouteApi('/static-page/$id');
const bySlug = getRouteApi('/$slug');

export function StaticPageById() {
  const { id } = byId.useParams();
  return <StaticPageView idOrSlug={id} />;
}

export function StaticPageBySlug() {
  const { slug } = bySlug.useParams();
  return <StaticPageView idOrSlug={slug} />;
}

export interface StaticPageViewProps {
  /** The page's id or slug, as GET /static-pages/{idOrSlug} takes it. */
  idOrSlug: string;
  /** A heading of our own (rules, FAQ) instead of the page's title. */
  heading?: MessageDescriptor & { id: string };
}

/**
 * One static page (SPEC §2): spinner while loading, then its title and sanitized HTML, the error
 * text, or the not-found page. A new language loads the page again in that language.
 */
export function StaticPageView(props: StaticPageViewProps) {
  const languageId = useSelector(useChild('language'), (snapshot) => snapshot.context.languageId);
  return <LoadedStaticPage key={`${props.idOrSlug}/${languageId ?? ''}`} {...props} />;
}

function LoadedStaticPage({ idOrSlug, heading }: StaticPageViewProps) {
  const { api } = useRouter().options.context;
  const logic = useMemo(
    () => staticPageMachine.provide({ actors: { fetchPage: apiActors(api).fetchPage } }),
    [api],
  );
  const input = useMemo(() => ({ idOrSlug }), [idOrSlug]);
  const actor = useMountedActor(logic, input);
  const state = useSelector(actor, (snapshot) => snapshot?.value ?? 'loading');
  const page = useSelector(actor, (snapshot) => snapshot?.context.page ?? null);
  const error = useSelector(actor, (snapshot) => snapshot?.context.error ?? null);
  const html = useMemo(() => (page ? DOMPurify.sanitize(page.content) : ''), [page]);

  if (state === 'notFound') return <NotFoundPage />;
  const title = heading ? <FormattedMessage {...heading} /> : page?.title;
  return (
    <main className="static-page" aria-busy={state === 'loading'}>
      <div className="page-hero hero-background">
        {title && <h1 className="page-hero__title">{title}</h1>}
      </div>
      <div className="page">
        {state === 'loading' && (
          <div className="page__status">
            <Spinner size="lg" />
          </div>
        )}
        {state === 'error' && <ErrorText>{error}</ErrorText>}
        {state === 'shown' && (
          // Sanitized above with DOMPurify (scripts, event handlers and javascript: URLs removed).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: static page HTML is the content itself
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </div>
    </main>
  );
}
