import { describe, expect, it } from 'vitest';
import {
  languageAddMachine,
  languageMessagesMachine,
  languagesMessages,
  messagesPath,
  operatorLanguagesMachine,
  translationEditMachine,
} from '../../../machines/operator/languages';
import {
  codeTaken,
  languageAddPlan,
  languageMessagesPlan,
  languagesPlan,
  messagesLoad,
  missingMessage,
  operatorLanguage,
  placeholdersRefused,
  translatedMessage,
  translationEditPlan,
} from '../../support/contentPaths';
import { notFound } from '../../support/operatorPaths';
import { describeEachPaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { expectRefusedAt, run } from '../forms/support';

describeEachPaths(
  pathPlan(operatorLanguagesMachine, languagesPlan),
  pathPlan(languageMessagesMachine, languageMessagesPlan),
  pathPlan(languageAddMachine, languageAddPlan),
  pathPlan(translationEditMachine, translationEditPlan),
);

const missingOnly = { id: 2, search: { q: '', missing: '1' }, page: 1 };

describe('operatorLanguages', () => {
  it('lists the languages with their counts; a failure offers RETRY', () => {
    const filled = run(operatorLanguagesMachine, undefined, [
      doneEvent('fetchLanguages', [operatorLanguage('en'), operatorLanguage('de', { missing: 3 })]),
    ]).snapshot;
    expect(filled.value).toBe('filled');
    expect(filled.context.languages.map((language) => language.missing)).toEqual([0, 3]);
    const failed = run(operatorLanguagesMachine, undefined, [
      errorEvent('fetchLanguages', new Error('boom')),
    ]);
    expect(failed.snapshot.context.error).toEqual(languagesMessages.failed);
  });
});

describe('languageMessages', () => {
  it('loads the page of the address; SAVED fills a missing message in and counts one missing less', () => {
    const loaded = run(languageMessagesMachine, missingOnly, [
      doneEvent('loadMessages', messagesLoad([missingMessage, translatedMessage])),
    ]);
    expect(loaded.snapshot.value).toBe('filled');
    expect(loaded.snapshot.context.language?.missing).toBe(1);
    const saved = run(languageMessagesMachine, missingOnly, [
      doneEvent('loadMessages', messagesLoad([missingMessage, translatedMessage])),
      { type: 'SAVED', message: { ...missingMessage, value: 'Warenkorb' } },
    ]).snapshot.context;
    expect(saved.messages[0]).toEqual({ ...missingMessage, value: 'Warenkorb' });
    expect(saved.language?.missing).toBe(0);
    const notThere = run(languageMessagesMachine, missingOnly, [errorEvent('loadMessages', notFound)]);
    expect(notThere.snapshot.value).toBe('notFound');
  });

  it('SEARCH goes to the address of the typed search, keeping the Missing filter, from page 1', () => {
    const searched = run(languageMessagesMachine, { ...missingOnly, page: 3 }, [
      doneEvent('loadMessages', messagesLoad([missingMessage])),
      { type: 'CHANGE', field: 'q', value: ' cart ' },
      { type: 'SEARCH' },
    ]);
    expect(searched.emitted).toContainEqual({
      type: 'navigate',
      to: '/operator/languages/2?q=cart&missing=1',
    });
    expect(messagesPath(2, { q: '', missing: '' }, 2)).toBe('/operator/languages/2?page=2');
    const paged = run(languageMessagesMachine, missingOnly, [
      doneEvent('loadMessages', messagesLoad([missingMessage])),
      { type: 'PAGE', page: 2 },
      { type: 'PAGE', page: 3 },
    ]);
    expect(paged.emitted).toEqual([{ type: 'navigate', to: '/operator/languages/2?missing=1&page=2' }]);
    const all = run(languageMessagesMachine, { ...missingOnly, search: { q: 'cart', missing: '1' } }, [
      { type: 'SHOW', missing: '1' },
      { type: 'SHOW', missing: '' },
    ]);
    expect(all.emitted).toEqual([{ type: 'navigate', to: '/operator/languages/2?q=cart' }]);
  });
});

describe('translationEdit', () => {
  it('opens at a message, sends its key and text; a refusal keeps the text and shows at it', () => {
    const refused = run(translationEditMachine, { languageId: 2 }, [
      { type: 'EDIT', key: 'account.profile.avatar', value: 'Profilbild von {name}' },
      { type: 'CHANGE', field: 'value', value: 'Profilbild' },
      { type: 'SUBMIT' },
      errorEvent('saveMessage', placeholdersRefused),
    ]).snapshot;
    expectRefusedAt(
      refused,
      'value',
      'Profilbild',
      'Use exactly the placeholders of the default language: {name}.',
    );
    const saved = run(translationEditMachine, { languageId: 2 }, [
      { type: 'EDIT', key: 'shell.nav.cart', value: '' },
      { type: 'CHANGE', field: 'value', value: 'Warenkorb' },
      { type: 'SUBMIT' },
      doneEvent('saveMessage', { ...missingMessage, value: 'Warenkorb' }),
    ]);
    expect(saved.snapshot.value).toBe('closed');
    expect(saved.sent).toContainEqual({
      to: 'languageMessages',
      event: { type: 'SAVED', message: { ...missingMessage, value: 'Warenkorb' } },
    });
  });
});

describe('languageAdd', () => {
  it('checks the code, sends it trimmed, tells the list; a taken code shows at the field', () => {
    const broken = run(languageAddMachine, undefined, [
      { type: 'CHANGE', field: 'code', value: 'French' },
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(broken.context.errors).toEqual({ code: languagesMessages.codeFormat });
    const added = run(languageAddMachine, undefined, [
      { type: 'CHANGE', field: 'code', value: ' fr ' },
      { type: 'CHANGE', field: 'title', value: 'Français' },
      { type: 'SUBMIT' },
      doneEvent('createLanguage', [operatorLanguage('en'), operatorLanguage('fr')]),
    ]);
    expect(added.snapshot.context.values).toEqual({ code: '', title: '' });
    expect(added.sent).toContainEqual({
      to: 'operatorLanguages',
      event: { type: 'ADDED', languages: [operatorLanguage('en'), operatorLanguage('fr')] },
    });
    const taken = run(languageAddMachine, undefined, [
      { type: 'CHANGE', field: 'code', value: 'de' },
      { type: 'CHANGE', field: 'title', value: 'Deutsch' },
      { type: 'SUBMIT' },
      errorEvent('createLanguage', codeTaken),
    ]).snapshot;
    expect(taken.context.values.code).toBe('de');
    expect(taken.context.errors).toEqual({ code: { verbatim: 'The store has this language already.' } });
  });
});
