import { type AnyEventObject, assign, emit, sendTo } from 'xstate';
import type { components } from '../../domain/contract';
import { APP_PAGE_SLUGS, isReservedPageSlug, PAGE_SLUG_PATTERN } from '../../domain/page-slugs';
import { type FormContext, type FormEvent, formMachine, notProvided } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, failureText, type Text } from '../text';
import { toast } from '../toasts';
import type { OperatorPage } from './pages';
import { type EditorLanguage, versionedRecord } from './versionedRecord';

export const pageEditorMessages = defineMessages({
  slugRequired: { id: 'operator.page.slugRequired', defaultMessage: 'Give the page a name for its address' },
  slugFormat: {
    id: 'operator.page.slugFormat',
    defaultMessage: 'Use lowercase letters, digits and single dashes (at most 100 characters)',
  },
  slugReserved: {
    id: 'operator.page.slugReserved',
    defaultMessage: 'This slug is an address of the store itself. Choose another one.',
  },
  positionFormat: {
    id: 'operator.page.positionFormat',
    defaultMessage: 'Enter a whole number from 0 to 1,000,000, or leave it empty',
  },
  titleRequired: { id: 'operator.page.titleRequired', defaultMessage: 'The default language needs a title' },
  titleForContent: {
    id: 'operator.page.titleForContent',
    defaultMessage: 'Give this language a title too, or empty its content',
  },
  loadFailed: { id: 'operator.page.loadFailed', defaultMessage: 'The page could not be loaded.' },
  failed: { id: 'operator.page.failed', defaultMessage: 'The page could not be saved.' },
  conflict: {
    id: 'operator.page.conflict',
    defaultMessage:
      'Someone else changed this page meanwhile. What you typed is still here: reload to see their version, then make your change again.',
  },
  saved: { id: 'operator.page.saved', defaultMessage: 'The page was saved.' },
  previewFailed: { id: 'operator.page.previewFailed', defaultMessage: 'The preview could not be made.' },
});

export interface PageEditorInput {
  /** The page's id; null for a new one. */
  id: number | null;
  languages: EditorLanguage[];
}

/**
 * The form's values, all text as typed: `slug`, `terms` and `privacy` ('yes' or 'no'), `position`,
 * and per language `title:<code>` and `content:<code>` (HTML).
 */
export type PageEditorValues = Record<string, string>;

export type PageCreate = components['schemas']['PageCreateRequest'];
export type PageChange = components['schemas']['PageChangeRequest'];

/** The save: a new page (POST /operator/pages) or a change of one (PATCH, with its version). */
export type PageSaveRequest =
  | { kind: 'create'; body: PageCreate }
  | { kind: 'update'; id: number; body: PageChange };

/** One language's content as the store would serve it (POST /operator/pages/preview). */
export interface PagePreview {
  code: string;
  content: string;
}

export interface PageEditorContext extends FormContext<PageEditorValues, string>, PageEditorInput {
  page: OperatorPage | null;
  loadError: Text | null;
  /** A save met a newer version (409): what was typed stays, and RELOAD offers theirs. */
  conflict: boolean;
  preview: PagePreview | null;
  previewError: Text | null;
}

export type PageEditorEvent =
  | FormEvent<string>
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | { type: 'PREVIEW'; code: string };

const POSITION = /^\d{1,7}$/;
const POSITION_MAX = 1_000_000;

export const pageTitleField = (code: string) => `title:${code}`;
export const pageContentField = (code: string) => `content:${code}`;

/** The values a page shows in the form (a new page: empty, no flag, after the last one). */
export function pageValuesOf(
  page: OperatorPage | null,
  languages: readonly EditorLanguage[],
): PageEditorValues {
  const values: PageEditorValues = {
    slug: page?.slug ?? '',
    terms: page?.is_terms ? 'yes' : 'no',
    privacy: page?.is_privacy ? 'yes' : 'no',
    position: page === null ? '' : String(page.position),
  };
  for (const { code } of languages) {
    values[pageTitleField(code)] = page?.texts[code]?.title ?? '';
    values[pageContentField(code)] = page?.texts[code]?.content ?? '';
  }
  return values;
}

/** Whether the page keeps its slug: the app shows it at a route of its own (/rules, /faq). */
export const keepsSlug = (page: OperatorPage | null) => page !== null && APP_PAGE_SLUGS.has(page.slug);

const slugOf = (v: PageEditorValues) => (v.slug ?? '').trim();

export function pageEditorRules(
  context: PageEditorInput & { page?: OperatorPage | null },
): Rule<PageEditorValues, string>[] {
  const byDefaultFirst = [...context.languages].sort((a, b) => Number(b.default) - Number(a.default));
  return [
    ...(keepsSlug(context.page ?? null)
      ? []
      : [
          {
            field: 'slug',
            message: pageEditorMessages.slugRequired,
            valid: (v: PageEditorValues) => filled(slugOf(v)),
          },
          {
            field: 'slug',
            message: pageEditorMessages.slugFormat,
            valid: (v: PageEditorValues) => PAGE_SLUG_PATTERN.test(slugOf(v)) && slugOf(v).length <= 100,
          },
          {
            field: 'slug',
            message: pageEditorMessages.slugReserved,
            valid: (v: PageEditorValues) => !isReservedPageSlug(slugOf(v)),
          },
        ]),
    ...byDefaultFirst.flatMap((language) => [
      ...(language.default
        ? [
            {
              field: pageTitleField(language.code),
              message: pageEditorMessages.titleRequired,
              valid: (v: PageEditorValues) => filled(v[pageTitleField(language.code)] ?? ''),
            },
          ]
        : []),
      {
        field: pageTitleField(language.code),
        message: pageEditorMessages.titleForContent,
        valid: (v: PageEditorValues) =>
          filled(v[pageTitleField(language.code)] ?? '') || !filled(v[pageContentField(language.code)] ?? ''),
      },
    ]),
    {
      field: 'position',
      message: pageEditorMessages.positionFormat,
      valid: (v) => {
        const text = (v.position ?? '').trim();
        return text === '' || (POSITION.test(text) && Number(text) <= POSITION_MAX);
      },
    },
  ];
}

/** The texts the form holds, by language; a language left empty is null where it had a text (removed). */
function textsOf(context: PageEditorContext) {
  const texts: Record<string, { title: string; content: string } | null> = {};
  for (const { code } of context.languages) {
    const title = (context.values[pageTitleField(code)] ?? '').trim();
    const content = context.values[pageContentField(code)] ?? '';
    if (title !== '') texts[code] = { title, content };
    else if (context.page?.texts[code] !== undefined) texts[code] = null;
  }
  return texts;
}

export function pageSaveRequest(context: PageEditorContext): PageSaveRequest {
  const { values } = context;
  const position = (values.position ?? '').trim();
  const common = {
    is_terms: values.terms === 'yes',
    is_privacy: values.privacy === 'yes',
    ...(position === '' ? {} : { position: Number(position) }),
  };
  const texts = textsOf(context);
  if (context.page === null) {
    const kept = Object.fromEntries(
      Object.entries(texts).filter(
        (entry): entry is [string, { title: string; content: string }] => entry[1] !== null,
      ),
    );
    return { kind: 'create', body: { slug: slugOf(values), ...common, texts: kept } };
  }
  return {
    kind: 'update',
    id: context.page.id,
    body: {
      version: context.page.version,
      ...(keepsSlug(context.page) ? {} : { slug: slugOf(values) }),
      ...common,
      texts,
    },
  };
}

/** Where the server's field errors land; a text's (`texts.de`) is the form's message. */
const SERVER_FIELDS: Record<string, string> = {
  slug: 'slug',
  position: 'position',
  is_terms: 'terms',
  is_privacy: 'privacy',
};

const record = versionedRecord<PageEditorContext>({
  load: { src: 'loadPage', input: (context) => ({ id: context.id }) },
  record: (context) => context.page,
  editingTarget: '#pageEditor.form.editing',
  messages: { loadFailed: pageEditorMessages.loadFailed, conflict: pageEditorMessages.conflict },
});

export const pageEditorMachine = formMachine({
  types: {
    events: {} as PageEditorEvent,
    input: {} as PageEditorInput,
    emitted: {} as { type: 'navigate'; to: string },
  },
  id: 'pageEditor',
  description: [
    "The operator's static page editor (/operator/pages/new, /operator/pages/{id}). It loads the page (none for a",
    "new one; loading); a 404 is notFound, another failure shows its message or 'The page could not be loaded.'",
    'with RETRY. CHANGE edits the slug (not of the rules and FAQ pages), whether it is the terms or the privacy',
    'page, the sort position, and the title and HTML content of each language the store has; SUBMIT checks the',
    "slug (format, not an address of the app: domain/page-slugs.ts), the default language's title, a title for",
    'each content and the position, then sends POST /operator/pages or PATCH /operator/pages/{id} with its',
    "version. Success shows the page as stored (its HTML sanitized), toasts 'The page was saved.' and has the app read its pages again;",
    'a new page then goes to its own page. A 409 (someone saved it meanwhile) keeps what was typed, says so, and',
    'RELOAD loads their version; other refusals show their field errors at their fields or one message.',
    "PREVIEW (preview region) asks the server for a language's content as the store serves it (sanitized by the",
    "store's one rule) and shows it; a failure shows its message there. A cancelled call shows nothing.",
  ].join(' '),
  context: (input: PageEditorInput) => ({
    id: input.id,
    languages: input.languages,
    values: pageValuesOf(null, input.languages),
    page: null as OperatorPage | null,
    loadError: null as Text | null,
    conflict: false,
    preview: null as PagePreview | null,
    previewError: null as Text | null,
  }),
  rules: (context) => pageEditorRules(context),
  fieldsFromServer: SERVER_FIELDS,
  failureMessage: pageEditorMessages.failed,
  request: { id: 'savePage', input: (context) => pageSaveRequest(context as PageEditorContext) },
  initial: 'loading',
  onDone: [
    {
      guard: 'wasNew',
      target: 'saved',
      actions: ['keepSaved', 'announceSaved', 'pagesChanged', 'showSavedPage'],
    },
    { target: 'editing', actions: ['keepSaved', 'announceSaved', 'pagesChanged'] },
  ],
  onError: record.onError,
  states: record.states,
  changeWhileEditing: true,
  regions: {
    preview: {
      initial: 'idle',
      states: {
        idle: {
          on: { PREVIEW: { target: 'previewing', actions: assign({ previewError: null }) } },
        },
        previewing: {
          invoke: {
            id: 'previewPage',
            src: 'previewPage',
            input: ({
              context,
              event,
            }: {
              context: PageEditorContext;
              event: { code: string };
            }): PagePreview => ({
              code: event.code,
              content: context.values[pageContentField(event.code)] ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: assign({ preview: ({ event }: { event: { output: PagePreview } }) => event.output }),
            },
            onError: [
              { guard: 'silent', target: 'idle' },
              {
                target: 'idle',
                actions: assign({
                  preview: null,
                  previewError: ({ event }: { event: { error: unknown } }) =>
                    failureText(event.error, pageEditorMessages.previewFailed),
                }),
              },
            ],
          },
        },
      },
    },
  },
  actors: {
    loadPage: notProvided('loadPage'),
    savePage: notProvided('savePage'),
    previewPage: notProvided('previewPage'),
  },
  guards: record.guards,
  actions: {
    showLoaded: assign(({ context, event }: { context: PageEditorContext; event: AnyEventObject }) => {
      const page = event.output as OperatorPage | null;
      return { page, values: pageValuesOf(page, context.languages), preview: null, previewError: null };
    }),
    // The form shows the page as stored: its HTML as the store's rule kept it.
    keepSaved: assign(({ context, event }: { context: PageEditorContext; event: AnyEventObject }) => {
      const page = event.output as OperatorPage;
      return { page, values: pageValuesOf(page, context.languages), conflict: false };
    }),
    ...record.actions,
    announceSaved: toast('success', pageEditorMessages.saved),
    // The footer's links and titles come from the app's page list: read it again.
    pagesChanged: sendTo(({ system }) => system.get('staticPages'), { type: 'RELOAD' as const }),
    showSavedPage: emit(({ event }: { event: AnyEventObject }) => ({
      type: 'navigate' as const,
      to: `/operator/pages/${(event.output as OperatorPage).id}`,
    })),
  },
});
