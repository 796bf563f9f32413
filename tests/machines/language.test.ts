import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, waitFor } from 'xstate';
import { chooseLanguage, languageMachine, type Messages, mergeMessages } from '../../machines/language';
import type { Language } from '../../machines/shapes';
import { failureMessages, verbatim } from '../../machines/text';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';

/** The language machine's own text for a failed load. */
const LOAD_FAILED = { id: 'language.error.load', defaultMessage: 'Failed to load languages' };

const en: Language = { id: 1, code: 'en', title: 'English', default: 1 };
const de: Language = { id: 2, code: 'de', title: 'Deutsch', default: 0 };
const es: Language = { id: 3, code: 'es', title: 'Español', default: 0 };
const catalogues: Record<number, Messages> = {
  1: { 'shell.nav.shop': 'SHOP', 'home.copy.success': 'Server IP copied to clipboard!' },
  2: { 'shell.nav.shop': 'SHOP-DE', 'home.copy.success': '' },
  3: { 'shell.nav.shop': 'TIENDA' },
};

describePaths(
  'language paths',
  pathPlan(languageMachine, {
    input: { storedLanguageId: 2 },
    events: [
      { type: 'CHANGE', id: 3 },
      { type: 'CHANGE', id: 99 },
      { type: 'RETRY' },
      doneEvent('fetchLanguages', [en, de, es]),
      doneEvent('fetchLanguages', []),
      errorEvent('fetchLanguages', {
        kind: 'network',
        message: 'Network error. Please check your connection.',
      }),
      doneEvent('fetchTranslations', catalogues[3]),
      errorEvent('fetchTranslations', new Error('offline')),
    ],
  }),
);

interface Stubs {
  languages?: () => Promise<Language[]>;
  translations?: (languageId: number | null) => Promise<Messages>;
}

function startLanguage(storedLanguageId: number | null, stubs: Stubs = {}) {
  const persisted: number[] = [];
  const requested: Array<number | null> = [];
  const emitted: AnyEventObject[] = [];
  const actor = createActor(
    languageMachine.provide({
      actors: {
        fetchLanguages: fromPromise(stubs.languages ?? (async () => [en, de, es])),
        fetchTranslations: fromPromise<Messages, { languageId: number | null }>(async ({ input }) => {
          requested.push(input.languageId);
          return (stubs.translations ?? (async (id) => catalogues[id ?? 0] ?? {}))(input.languageId);
        }),
      },
      actions: {
        persistLanguage: (_, params) => persisted.push(params.id),
      },
    }),
    { input: { storedLanguageId } },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, persisted, requested, emitted };
}

const settled = (actor: ReturnType<typeof startLanguage>['actor']) =>
  waitFor(actor, (s) => s.matches('ready') || s.matches('failed'));

describe('language rules', () => {
  it('chooses the stored id if still listed, else the default-flagged one, else the first', () => {
    expect(chooseLanguage([en, de, es], 3)).toBe(es);
    expect(chooseLanguage([de, en, es], 42)).toBe(en);
    expect(chooseLanguage([de, en, es], null)).toBe(en);
    expect(chooseLanguage([de, es], null)).toBe(de);
    expect(chooseLanguage([], 1)).toBeUndefined();
  });

  it('merges messages over existing ones, dropping empty strings', () => {
    expect(mergeMessages({ a: 'A', b: 'B' }, { b: 'B2', c: '', d: 'D' })).toEqual({
      a: 'A',
      b: 'B2',
      d: 'D',
    });
  });

  it('merges parsed messages (format=ast) the same way, an empty one hiding nothing', () => {
    const parsed = (value: string) => [{ type: 0, value }];
    expect(
      mergeMessages({ a: parsed('A'), b: parsed('B') }, { b: parsed('B2'), a: [], c: parsed('C') }),
    ).toEqual({ a: parsed('A'), b: parsed('B2'), c: parsed('C') });
  });

  it('loads the list, persists the chosen language and loads its translations', async () => {
    const { actor, persisted, requested, emitted } = startLanguage(2);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.languageId).toBe(2);
    expect(persisted).toEqual([2]);
    expect(requested).toEqual([2]);
    // The empty German text does not hide anything: nothing was there before it.
    expect(snapshot.context.messages).toEqual({ 'shell.nav.shop': 'SHOP-DE' });
    expect(emitted).toEqual([{ type: 'settled' }]);
  });

  it('falls back to the default language when the stored one is gone', async () => {
    const { actor, persisted } = startLanguage(42);
    expect((await settled(actor)).context.languageId).toBe(1);
    expect(persisted).toEqual([1]);
  });

  it('CHANGE saves the id and loads its translations, merged over the current ones', async () => {
    const { actor, persisted, requested, emitted } = startLanguage(1);
    await settled(actor);
    actor.send({ type: 'CHANGE', id: 3 });
    expect(actor.getSnapshot().value).toBe('loadingMessages');
    const snapshot = await settled(actor);
    expect(snapshot.context.languageId).toBe(3);
    expect(persisted).toEqual([1, 3]);
    expect(requested).toEqual([1, 3]);
    expect(snapshot.context.messages).toEqual({
      'shell.nav.shop': 'TIENDA',
      'home.copy.success': 'Server IP copied to clipboard!',
    });
    expect(emitted).toContainEqual({ type: 'changed', languageId: 3 });
  });

  it('ignores a CHANGE to a language that is not listed', async () => {
    const { actor, persisted } = startLanguage(1);
    await settled(actor);
    actor.send({ type: 'CHANGE', id: 99 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(persisted).toEqual([1]);
  });

  it("a failed list load says 'Failed to load languages' unless the server says otherwise", async () => {
    const { actor, emitted } = startLanguage(null, {
      languages: async () => {
        throw new TypeError('offline');
      },
    });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toEqual(LOAD_FAILED);
    expect(english(snapshot.context.error)).toBe('Failed to load languages');
    expect(emitted).toEqual([{ type: 'settled' }]);
    const told = startLanguage(null, {
      languages: async () => {
        throw {
          kind: 'server',
          message: 'Maintenance until 10:00',
          serverMessage: 'Maintenance until 10:00',
          status: 503,
        };
      },
    });
    expect((await settled(told.actor)).context.error).toEqual(verbatim('Maintenance until 10:00'));
    const unexplained = startLanguage(null, {
      languages: async () => {
        throw { kind: 'server', message: 'Server error. Please try again later.', status: 500 };
      },
    });
    expect((await settled(unexplained.actor)).context.error).toEqual(failureMessages.server);
  });

  it('a failed translation load keeps the messages already there', async () => {
    let calls = 0;
    const { actor } = startLanguage(1, {
      translations: async () => {
        calls += 1;
        if (calls > 1) throw new Error('offline');
        return catalogues[1] ?? {};
      },
    });
    await settled(actor);
    actor.send({ type: 'CHANGE', id: 2 });
    const snapshot = await settled(actor);
    expect(snapshot.context.messages).toEqual(catalogues[1]);
    expect(snapshot.context.error).toEqual(LOAD_FAILED);
  });

  it('an empty list leaves no language chosen (built-in English applies)', async () => {
    const { actor, requested } = startLanguage(1, { languages: async () => [] });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.languageId).toBeNull();
    expect(requested).toEqual([]);
  });
});
