import { describe, expect, it } from 'vitest';
import { initialTransition, type SnapshotFrom, transition } from 'xstate';
import type { StaticPage } from '../../machines/shapes';
import {
  cookiePage,
  findBySlug,
  footerLinks,
  MISSING_COOKIE_PAGE_SLUG,
  pageLinks,
  pageMessages,
  pageTarget,
  staticPageMachine,
  staticPagesMachine,
} from '../../machines/staticPages';
import { verbatim } from '../../machines/text';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';

const page = (id: number, slug: string, title: string): StaticPage => ({
  id,
  slug,
  title,
  content: `<p>${title}</p>`,
  is_terms: 0,
  is_privacy: 0,
});
const pages = [
  page(1, 'terms', 'Terms of Service'),
  page(2, 'cookies', 'Our COOKIE policy'),
  page(3, 'faq', 'FAQ'),
];
const serverFailure = { kind: 'server', message: 'Database is down', serverMessage: 'Database is down' };

describePaths(
  'staticPages paths',
  pathPlan(staticPagesMachine, {
    events: [
      { type: 'RELOAD' },
      doneEvent('fetchPages', pages),
      errorEvent('fetchPages', new Error('offline')),
    ],
  }),
);

describePaths(
  'staticPage paths',
  pathPlan(staticPageMachine, {
    input: { idOrSlug: 'faq' },
    events: [
      { type: 'RELOAD' },
      doneEvent('fetchPage', pages[2]),
      errorEvent('fetchPage', { kind: 'not-found', message: 'Page not found' }),
      errorEvent('fetchPage', serverFailure),
    ],
  }),
);

describe('staticPages rules', () => {
  it('stores the list, or the default error text', () => {
    const [loading] = initialTransition(staticPagesMachine);
    const [loaded] = transition(staticPagesMachine, loading, doneEvent('fetchPages', pages) as never);
    expect(loaded.context.pages).toEqual(pages);
    const [failed] = transition(
      staticPagesMachine,
      loading,
      errorEvent('fetchPages', new TypeError('x')) as never,
    );
    expect(failed.context.error).toEqual(pageMessages.pagesFailed);
    expect(english(failed.context.error)).toBe('Failed to fetch pages');
    const [told] = transition(staticPagesMachine, loading, errorEvent('fetchPages', serverFailure) as never);
    expect(told.context.error).toEqual(verbatim('Database is down'));
  });

  it('keeps the old list while reloading', () => {
    const [loading] = initialTransition(staticPagesMachine);
    const [loaded] = transition(staticPagesMachine, loading, doneEvent('fetchPages', pages) as never);
    const [reloading] = transition(staticPagesMachine, loaded, { type: 'RELOAD' });
    expect(reloading.value).toBe('loading');
    expect(reloading.context.pages).toEqual(pages);
  });

  const NOT_FOUND = { kind: 'not-found', message: '' };
  /** The one-page machine after its fetch failed with `error`. */
  const pageFailed = (from: SnapshotFrom<typeof staticPageMachine>, error: unknown) =>
    transition(staticPageMachine, from, errorEvent('fetchPage', error) as never)[0];

  it('one page: shown, notFound on a 404, or the default error text', () => {
    const [loading] = initialTransition(staticPageMachine, { idOrSlug: '3' });
    const shown = transition(staticPageMachine, loading, doneEvent('fetchPage', pages[2]) as never)[0];
    expect([shown.value, shown.context.page]).toEqual(['shown', pages[2]]);
    const missing = pageFailed(loading, NOT_FOUND);
    expect(missing.value).toBe('notFound');
    const failed = pageFailed(loading, new Error('boom'));
    expect([failed.value, failed.context.error]).toEqual(['error', pageMessages.pageFailed]);
    expect(english(failed.context.error)).toBe('Failed to fetch page');
    const told = pageFailed(loading, serverFailure);
    expect(told.context.error).toEqual(verbatim('Database is down'));
  });

  it('one page: RELOAD (a new language) fetches the shown page again, keeping it meanwhile; also after an error', () => {
    const [loading] = initialTransition(staticPageMachine, { idOrSlug: 'faq' });
    const [shown] = transition(staticPageMachine, loading, doneEvent('fetchPage', pages[2]) as never);
    expect(shown.status).toBe('active');
    const [reloading, started] = transition(staticPageMachine, shown, { type: 'RELOAD' });
    expect(reloading.value).toBe('loading');
    expect(reloading.context.page).toEqual(pages[2]);
    expect(started.map((a) => [a.type, a.params])).toContainEqual([
      'xstate.spawnChild',
      expect.objectContaining({ src: 'fetchPage', input: { idOrSlug: 'faq' } }),
    ]);
    const failed = pageFailed(loading, new Error('x'));
    expect(failed.status).toBe('active');
    const [retried] = transition(staticPageMachine, failed, { type: 'RELOAD' });
    expect(retried.value).toBe('loading');
    const [again] = transition(staticPageMachine, retried, doneEvent('fetchPage', pages[2]) as never);
    expect(again.value).toBe('shown');
    // A page that does not exist stays missing: notFound is final.
    const missing = pageFailed(loading, NOT_FOUND);
    expect(missing.status).toBe('done');
    expect(missing.can({ type: 'RELOAD' })).toBe(false);
  });

  it('finds pages by slug', () => {
    expect(findBySlug(pages, 'faq')?.id).toBe(3);
    expect(findBySlug(pages, 'nope')).toBeUndefined();
  });

  it("the cookie page is the first whose title contains 'cookie', any case", () => {
    expect(cookiePage(pages)?.slug).toBe('cookies');
    expect(cookiePage([page(4, 'c', 'Cookies'), page(5, 'd', 'cookie list')])?.id).toBe(4);
    expect(cookiePage([pages[0] as StaticPage])).toBeUndefined();
  });

  it('one footer link per page, in order, but rules and FAQ, which the footer links by name (docs/product.md §2)', () => {
    expect(footerLinks(pages)).toEqual([
      { title: 'Terms of Service', slug: 'terms', target: { to: '/$slug', params: { slug: 'terms' } } },
      { title: 'Our COOKIE policy', slug: 'cookies', target: { to: '/$slug', params: { slug: 'cookies' } } },
    ]);
    expect(pageTarget('rules')).toEqual({ to: '/rules' });
  });

  it('links: the cookie page or a not-found slug, and the terms and privacy pages when flagged', () => {
    const terms = { ...page(7, 'tos', 'Terms'), is_terms: 1 as const };
    const privacy = { ...page(8, 'privacy-policy', 'Privacy'), is_privacy: 1 as const };
    expect(pageLinks([terms, privacy, ...pages])).toMatchObject({
      cookie: { to: '/$slug', params: { slug: 'cookies' } },
      terms: { to: '/$slug', params: { slug: 'tos' } },
      privacy: { to: '/$slug', params: { slug: 'privacy-policy' } },
    });
    expect(pageLinks([])).toEqual({
      footer: [],
      cookie: { to: '/$slug', params: { slug: MISSING_COOKIE_PAGE_SLUG } },
      terms: null,
      privacy: null,
    });
  });
});
