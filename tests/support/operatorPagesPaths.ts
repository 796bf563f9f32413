/**
 * The console's Content machines (operatorPages, pageEditor): fixtures and path plans, shared by
 * their path suites (tests/machines/operator) and the screens' tests (tests/ui/operator).
 */
import type { pageEditorMachine } from '../../machines/operator/pageEditor';
import type { OperatorPage } from '../../machines/operator/pages';
import type { EditorLanguage } from '../../machines/operator/versionedRecord';
import { callOutcomes, conflictRefused, fieldRefused, serverError } from './formPaths';
import { loadedListPlan, notFound } from './operatorPaths';
import { doneEvent, type PlanOptions } from './paths';

/** A page as the operator API answers it. */
export function operatorPage(id: number, overrides: Partial<OperatorPage> = {}): OperatorPage {
  return {
    id,
    slug: `page-${id}`,
    is_terms: false,
    is_privacy: false,
    is_cookie: false,
    position: id,
    version: 1,
    texts: {
      en: { title: `Page ${id}`, content: '<p>Text.</p>' },
      de: { title: `Seite ${id}`, content: '' },
    },
    ...overrides,
  };
}

export const PAGE_LANGUAGES: EditorLanguage[] = [
  { code: 'en', title: 'English', default: true },
  { code: 'de', title: 'Deutsch', default: false },
];

/** Someone else saved the page in between. */
export const stalePage = conflictRefused('This page was changed meanwhile. Reload it and save again.');
/** The API's refusal of a slug another page has, at the slug. */
export const slugTaken = fieldRefused('slug', 'A page with this slug exists already.');

export const pagesPlan = loadedListPlan({
  load: 'fetchPages',
  rows: 'pages',
  found: [operatorPage(1), operatorPage(2, { is_terms: true })],
  empty: true,
});

export const pageEditorPlan: PlanOptions<typeof pageEditorMachine> = {
  inputs: [
    { id: 4, languages: PAGE_LANGUAGES },
    { id: null, languages: PAGE_LANGUAGES },
  ],
  events: [
    ...callOutcomes('loadPage', [notFound, serverError], operatorPage(4)),
    doneEvent('loadPage', null),
    { type: 'RETRY' },
    { type: 'RELOAD' },
    { type: 'CHANGE', field: 'slug', value: 'refunds' },
    { type: 'CHANGE', field: 'title:en', value: 'Refunds' },
    { type: 'CHANGE', field: 'terms', value: 'yes' },
    { type: 'SUBMIT' },
    ...callOutcomes('savePage', [stalePage, slugTaken, serverError], operatorPage(4, { version: 2 })),
    { type: 'PREVIEW', code: 'en' },
    ...callOutcomes('previewPage', [serverError], { code: 'en', content: '<p>Text.</p>' }),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    id: snapshot.context.id,
    loaded: snapshot.context.page !== null,
    filled: Object.values(snapshot.context.values).filter((value) => value !== '' && value !== 'no').length,
    errors: Object.keys(snapshot.context.errors),
    formError: snapshot.context.formError !== null,
    conflict: snapshot.context.conflict,
    preview: snapshot.context.preview !== null,
    previewError: snapshot.context.previewError !== null,
  }),
};
