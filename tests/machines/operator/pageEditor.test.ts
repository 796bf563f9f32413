import { describe, expect, it } from 'vitest';
import {
  pageEditorMachine,
  pageEditorMessages,
  pageSaveRequest,
} from '../../../machines/operator/pageEditor';
import { verbatim } from '../../../machines/text';
import {
  operatorPage,
  PAGE_LANGUAGES,
  pageEditorPlan,
  slugTaken,
  stalePage,
} from '../../support/operatorPagesPaths';
import { notFound } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('pageEditor paths', pathPlan(pageEditorMachine, pageEditorPlan));

const existing = { id: 4, languages: PAGE_LANGUAGES };
const fresh = { id: null, languages: PAGE_LANGUAGES };
const loaded = doneEvent('loadPage', operatorPage(4));
const loadedNew = doneEvent('loadPage', null);
const change = (field: string, value: string) => ({ type: 'CHANGE', field, value });

describe('pageEditor', () => {
  it('shows the loaded page in the form: slug, flags, position, every language', () => {
    const { snapshot } = run(pageEditorMachine, existing, [loaded]);
    expect(snapshot.value).toEqual({ form: 'editing', preview: 'idle' });
    expect(snapshot.context.values).toEqual({
      slug: 'page-4',
      terms: 'no',
      privacy: 'no',
      position: '4',
      'title:en': 'Page 4',
      'content:en': '<p>Text.</p>',
      'title:de': 'Seite 4',
      'content:de': '',
    });
    expect(run(pageEditorMachine, existing, [errorEvent('loadPage', notFound)]).snapshot.value).toEqual({
      form: 'notFound',
      preview: 'idle',
    });
  });

  it.each([
    ['slug', '', 'slug', pageEditorMessages.slugRequired],
    ['slug', 'Refund Policy', 'slug', pageEditorMessages.slugFormat],
    ['slug', 'shop', 'slug', pageEditorMessages.slugReserved],
    ['slug', 'operator', 'slug', pageEditorMessages.slugReserved],
    ['title:en', '', 'title:en', pageEditorMessages.titleRequired],
    ['position', '-1', 'position', pageEditorMessages.positionFormat],
  ])('a new page with %s %j: the rule at its field', (field, value, at, message) => {
    const good = [change('slug', 'refunds'), change('title:en', 'Refunds')];
    const { snapshot } = run(pageEditorMachine, fresh, [
      loadedNew,
      ...good,
      change(field, value),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.value).toEqual({ form: 'editing', preview: 'idle' });
    expect(snapshot.context.errors).toEqual({ [at]: message });
  });

  it('a content without its title is refused at that language’s title', () => {
    const { snapshot } = run(pageEditorMachine, existing, [
      loaded,
      change('title:de', ''),
      change('content:de', '<p>Nur Text</p>'),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.context.errors).toEqual({ 'title:de': pageEditorMessages.titleForContent });
  });

  it('sends a new page, or the change with its version; an emptied language is removed; rules keeps its slug', () => {
    const created = run(pageEditorMachine, fresh, [
      loadedNew,
      change('slug', ' refunds '),
      change('title:en', 'Refunds'),
      change('content:en', '<p>14 days</p>'),
      change('privacy', 'yes'),
    ]).snapshot;
    expect(pageSaveRequest(created.context)).toEqual({
      kind: 'create',
      body: {
        slug: 'refunds',
        is_terms: false,
        is_privacy: true,
        texts: { en: { title: 'Refunds', content: '<p>14 days</p>' } },
      },
    });
    const changed = run(pageEditorMachine, existing, [
      loaded,
      change('title:de', ''),
      change('position', ''),
    ]).snapshot;
    expect(pageSaveRequest(changed.context)).toEqual({
      kind: 'update',
      id: 4,
      body: {
        version: 1,
        slug: 'page-4',
        is_terms: false,
        is_privacy: false,
        texts: { en: { title: 'Page 4', content: '<p>Text.</p>' }, de: null },
      },
    });
    const rules = run(pageEditorMachine, existing, [
      doneEvent('loadPage', operatorPage(4, { slug: 'rules' })),
      change('slug', ''),
      { type: 'SUBMIT' },
    ]);
    expect(rules.snapshot.value).toEqual({ form: 'sending', preview: 'idle' });
    expect(pageSaveRequest(rules.snapshot.context).body).not.toHaveProperty('slug');
  });

  it('a 409 keeps what was typed and offers RELOAD, which loads their version; a 422 lands at its field', () => {
    const steps = [loaded, change('title:en', 'Mine'), { type: 'SUBMIT' }, errorEvent('savePage', stalePage)];
    const { snapshot } = run(pageEditorMachine, existing, steps);
    expect(snapshot.value).toEqual({ form: 'editing', preview: 'idle' });
    expect(snapshot.context.values['title:en']).toBe('Mine');
    expect(snapshot.context.conflict).toBe(true);
    expect(snapshot.context.formError).toEqual(pageEditorMessages.conflict);
    const reloaded = run(pageEditorMachine, existing, [
      ...steps,
      { type: 'RELOAD' },
      doneEvent('loadPage', operatorPage(4, { version: 2, texts: { en: { title: 'Theirs', content: '' } } })),
    ]).snapshot;
    expect(reloaded.context.values['title:en']).toBe('Theirs');
    expect(reloaded.context.conflict).toBe(false);
    expect(reloaded.context.page?.version).toBe(2);
    const taken = run(pageEditorMachine, existing, [
      loaded,
      { type: 'SUBMIT' },
      errorEvent('savePage', slugTaken),
    ]);
    expect(taken.snapshot.context.errors).toEqual({
      slug: verbatim('A page with this slug exists already.'),
    });
  });

  it('a save shows the page as stored, keeps the new version and has the app read its pages again; a new page goes to its own page', () => {
    const saved = run(pageEditorMachine, existing, [
      loaded,
      change('content:en', '<p>Text.</p><script>x()</script>'),
      { type: 'SUBMIT' },
      doneEvent('savePage', operatorPage(4, { version: 2 })),
    ]);
    // The form shows what the store kept.
    expect(saved.snapshot.context.values['content:en']).toBe('<p>Text.</p>');
    expect(saved.snapshot.value).toEqual({ form: 'editing', preview: 'idle' });
    expect(saved.snapshot.context.page?.version).toBe(2);
    expect(saved.sent).toContainEqual({ to: 'staticPages', event: { type: 'RELOAD' } });
    const created = run(pageEditorMachine, fresh, [
      loadedNew,
      change('slug', 'refunds'),
      change('title:en', 'Refunds'),
      { type: 'SUBMIT' },
      doneEvent('savePage', operatorPage(9)),
    ]);
    expect(created.emitted).toContainEqual({ type: 'navigate', to: '/operator/pages/9' });
  });

  it('previews what is typed in a language as the server answers it; a failure shows there', () => {
    const asked = run(pageEditorMachine, existing, [
      loaded,
      change('content:de', '<p>Hallo</p>'),
      { type: 'PREVIEW', code: 'de' },
    ]);
    expect(asked.snapshot.value).toEqual({ form: 'editing', preview: 'previewing' });
    const shown = run(pageEditorMachine, existing, [
      loaded,
      { type: 'PREVIEW', code: 'de' },
      doneEvent('previewPage', { code: 'de', content: '<p>Hallo</p>' }),
    ]).snapshot;
    expect(shown.context.preview).toEqual({ code: 'de', content: '<p>Hallo</p>' });
    const failed = run(pageEditorMachine, existing, [
      loaded,
      { type: 'PREVIEW', code: 'de' },
      errorEvent('previewPage', new Error('boom')),
    ]).snapshot;
    expect(failed.context.previewError).toEqual(pageEditorMessages.previewFailed);
  });
});
