import { assign, fromPromise, setup } from 'xstate';
import { failureKind } from '../domain/api-failure';
import { titleNamesCookies } from '../domain/page-slugs';
import type { StaticPage, StaticPageSummary } from './shapes';
import { defineMessages, failureText, type Text } from './text';

/** Where a page's link goes: rules and FAQ have routes of their own (docs/product.md §2), the others /{slug}. */
export type PageTarget = { to: '/rules' } | { to: '/faq' } | { to: '/$slug'; params: { slug: string } };

export interface FooterLink {
  title: string;
  slug: string;
  target: PageTarget;
}

/** The pages other screens link to, decided once when the list arrives. */
export interface PageLinks {
  footer: FooterLink[];
  /** The cookie banner's Learn more: the page whose title mentions cookies, else a slug that is not-found (docs/product.md §2). */
  cookie: PageTarget;
  /** Sign up's terms and privacy links (is_terms, is_privacy); null when the store has no such page. */
  terms: PageTarget | null;
  privacy: PageTarget | null;
}

/** A slug no page has: Learn more then opens the not-found page, as docs/product.md §2 says. */
export const MISSING_COOKIE_PAGE_SLUG = 'cookie-policy-not-found';

export const pageMessages = defineMessages({
  pagesFailed: { id: 'pages.error.pagesFailed', defaultMessage: 'Failed to fetch pages' },
  pageFailed: { id: 'pages.error.pageFailed', defaultMessage: 'Failed to fetch page' },
});

export const findBySlug = (
  pages: readonly StaticPageSummary[],
  slug: string,
): StaticPageSummary | undefined => pages.find((page) => page.slug === slug);

/** The cookie banner's Learn more target: the first page whose title mentions cookies. */
export const cookiePage = (pages: readonly StaticPageSummary[]): StaticPageSummary | undefined =>
  pages.find((page) => titleNamesCookies(page.title));

export function pageTarget(slug: string): PageTarget {
  if (slug === 'rules') return { to: '/rules' };
  if (slug === 'faq') return { to: '/faq' };
  return { to: '/$slug', params: { slug } };
}

/** Its own route: the footer's fixed Rules and FAQ links already lead there. */
const hasOwnRoute = (slug: string) => slug === 'rules' || slug === 'faq';

/** One link per static page, but the rules and the FAQ, which the footer links by name (docs/product.md §2). */
export const footerLinks = (pages: readonly StaticPageSummary[]): FooterLink[] =>
  pages
    .filter(({ slug }) => !hasOwnRoute(slug))
    .map(({ title, slug }) => ({ title, slug, target: pageTarget(slug) }));

const slugTarget = (page: StaticPageSummary | undefined): PageTarget | null =>
  page ? { to: '/$slug', params: { slug: page.slug } } : null;

export function pageLinks(pages: readonly StaticPageSummary[]): PageLinks {
  return {
    footer: footerLinks(pages),
    cookie: slugTarget(cookiePage(pages)) ?? { to: '/$slug', params: { slug: MISSING_COOKIE_PAGE_SLUG } },
    terms: slugTarget(pages.find((page) => page.is_terms === 1)),
    privacy: slugTarget(pages.find((page) => page.is_privacy === 1)),
  };
}

export const staticPagesMachine = setup({
  types: {
    context: {} as { pages: StaticPageSummary[]; links: PageLinks; error: Text | null },
    events: {} as { type: 'RELOAD' },
  },
  actors: {
    fetchPages: fromPromise<StaticPageSummary[]>(async () => {
      throw new Error('fetchPages is not provided');
    }),
  },
  actions: {
    storePages: assign((_, params: { pages: StaticPageSummary[] }) => ({
      pages: params.pages,
      links: pageLinks(params.pages),
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, pageMessages.pagesFailed),
    })),
  },
}).createMachine({
  id: 'staticPages',
  description:
    "The list of static pages (footer links, /{slug} routes, the cookie page): 'Failed to fetch pages' unless " +
    'the server says otherwise. RELOAD fetches again (e.g. after a language change), keeping the old list meanwhile. ' +
    'links holds where the footer, the cookie banner and sign up link to (rules and FAQ at their own routes).',
  context: { pages: [], links: pageLinks([]), error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPages',
        src: 'fetchPages',
        onDone: {
          target: 'loaded',
          actions: { type: 'storePages', params: ({ event }) => ({ pages: event.output }) },
        },
        onError: {
          target: 'error',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: { on: { RELOAD: 'loading' } },
    error: { on: { RELOAD: 'loading' } },
  },
});

/** One static page by id or slug (GET /static-pages/{id or slug}); a 404 ends in notFound. */
export const staticPageMachine = setup({
  types: {
    context: {} as { idOrSlug: string; page: StaticPage | null; error: Text | null },
    input: {} as { idOrSlug: string },
    events: {} as { type: 'RELOAD' },
  },
  actors: {
    fetchPage: fromPromise<StaticPage, { idOrSlug: string }>(async () => {
      throw new Error('fetchPage is not provided');
    }),
  },
  actions: {
    storePage: assign((_, params: { page: StaticPage }) => ({ page: params.page })),
    storeError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, pageMessages.pageFailed),
    })),
  },
  guards: {
    isNotFound: ({ event }) => 'error' in event && failureKind(event.error) === 'not-found',
  },
}).createMachine({
  id: 'staticPage',
  description:
    "One static page by id or slug: spinner while loading, then the page, not-found (404), or 'Failed to fetch page'. " +
    'RELOAD (a new language) fetches the shown page again, keeping it meanwhile.',
  context: ({ input }) => ({ idOrSlug: input.idOrSlug, page: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ idOrSlug: context.idOrSlug }),
        onDone: {
          target: 'shown',
          actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'error',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    shown: { on: { RELOAD: 'loading' } },
    notFound: { type: 'final' },
    error: { on: { RELOAD: 'loading' } },
  },
});
