// Path plans and fixtures of the console's languages and social links (machines/operator/languages.ts,
// machines/operator/socialLinks.ts).
import type {
  LanguageMessage,
  LanguagesAdded,
  languageAddMachine,
  languageMessagesMachine,
  MessagesLoad,
  OperatorLanguage,
  translationEditMachine,
} from '../../machines/operator/languages';
import type {
  OperatorSocialLink,
  operatorSocialLinksMachine,
  socialLinkFormMachine,
} from '../../machines/operator/socialLinks';
import { callOutcomes, fieldRefused, fillAndSubmit, formKeyOf, serverError } from './formPaths';
import { loadedListPlan, notFound } from './operatorPaths';
import { doneEvent, type PlanOptions } from './paths';

export function operatorLanguage(code: string, overrides: Partial<OperatorLanguage> = {}): OperatorLanguage {
  const id = ['en', 'de', 'es'].indexOf(code) + 1 || 9;
  const titles: Record<string, string> = { en: 'English', de: 'Deutsch', es: 'Español' };
  return {
    id,
    code,
    title: titles[code] ?? code,
    default: code === 'en',
    messages: 840,
    missing: 0,
    ...overrides,
  };
}

export const missingMessage: LanguageMessage = { key: 'shell.nav.cart', value: null, default_value: 'Cart' };
export const translatedMessage: LanguageMessage = {
  key: 'account.profile.avatar',
  value: 'Profilbild von {name}',
  default_value: 'Profile picture of {name}',
};

export function messagesLoad(
  items: LanguageMessage[],
  language = operatorLanguage('de', { missing: 1 }),
  totalPages = items.length === 0 ? 0 : 2,
): MessagesLoad {
  return {
    language,
    page: { items, page: 1, per_page: 50, total: totalPages * 50, total_pages: totalPages },
  };
}

/** The API's refusal of a translation that drops the default language's placeholder. */
export const placeholdersRefused = fieldRefused(
  'value',
  'Use exactly the placeholders of the default language: {name}.',
);

export const languagesPlan = loadedListPlan<OperatorLanguage, 'languages', LanguagesAdded>({
  load: 'fetchLanguages',
  rows: 'languages',
  found: [operatorLanguage('en'), operatorLanguage('de')],
  shown: {
    type: 'ADDED',
    languages: [operatorLanguage('en'), operatorLanguage('de'), operatorLanguage('fr')],
  },
});

export const languageMessagesPlan: PlanOptions<typeof languageMessagesMachine> = {
  inputs: [
    { id: 2, search: { q: '', missing: '1' }, page: 1 },
    { id: 2, search: { q: 'cart', missing: '' }, page: 2 },
  ],
  events: [
    ...callOutcomes(
      'loadMessages',
      [notFound, serverError],
      messagesLoad([missingMessage, translatedMessage]),
    ),
    doneEvent('loadMessages', messagesLoad([])),
    { type: 'RETRY' },
    { type: 'CHANGE', field: 'q', value: 'cart' },
    { type: 'CHANGE', field: 'q', value: 'faq' },
    { type: 'SEARCH' },
    { type: 'PAGE', page: 2 },
    { type: 'SHOW', missing: '' },
    { type: 'SHOW', missing: '1' },
    { type: 'SAVED', message: { ...missingMessage, value: 'Warenkorb' } },
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    search: snapshot.context.search,
    draft: snapshot.context.draft.q,
    count: snapshot.context.messages.length,
    missing: snapshot.context.language?.missing ?? null,
    filledIn: snapshot.context.messages.filter((message) => message.value !== null).length,
    error: snapshot.context.error !== null,
  }),
};

export const translationEditPlan: PlanOptions<typeof translationEditMachine> = {
  input: { languageId: 2 },
  events: [
    { type: 'EDIT', key: 'shell.nav.cart', value: '' },
    { type: 'EDIT', key: 'account.profile.avatar', value: 'Profilbild von {name}' },
    { type: 'CANCEL' },
    ...fillAndSubmit(
      [
        ['value', 'Warenkorb'],
        ['value', ' '],
      ],
      'saveMessage',
      [placeholdersRefused, serverError],
      {
        ...missingMessage,
        value: 'Warenkorb',
      },
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    key: snapshot.context.key,
    ...formKeyOf(snapshot.context),
  }),
};

export function socialLink(id: number, overrides: Partial<OperatorSocialLink> = {}): OperatorSocialLink {
  const titles = ['Discord', 'YouTube', 'Instagram', 'X'];
  const title = titles[id - 1] ?? `Link ${id}`;
  return {
    id,
    title,
    link: `https://${title.toLowerCase()}.example/`,
    img: `/images/social/${title.toLowerCase()}.svg`,
    position: id - 1,
    ...overrides,
  };
}

export const titleTaken = fieldRefused('title', 'A social link with this title exists already.');

export const socialLinksPlan: PlanOptions<typeof operatorSocialLinksMachine> = {
  events: [
    ...callOutcomes('fetchSocialLinks', [serverError], [socialLink(1), socialLink(2)]),
    { type: 'RETRY' },
    { type: 'REMOVE', id: 1 },
    { type: 'REMOVE', id: 99 },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    ...callOutcomes('removeSocialLink', [notFound], [socialLink(2)]),
    { type: 'MOVE', id: 2, by: -1 },
    { type: 'MOVE', id: 1, by: -1 },
    ...callOutcomes(
      'orderSocialLinks',
      [serverError],
      [socialLink(2, { position: 0 }), socialLink(1, { position: 1 })],
    ),
    { type: 'SAVED', links: [socialLink(1), socialLink(2), socialLink(3)] },
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    titles: snapshot.context.links.map((link) => link.title).join(),
    error: snapshot.context.error !== null,
    removing: snapshot.context.removing?.id ?? null,
    actionError: snapshot.context.actionError !== null,
  }),
};

export const socialLinkFormPlan: PlanOptions<typeof socialLinkFormMachine> = {
  events: [
    { type: 'ADD' },
    { type: 'EDIT', link: socialLink(1) },
    { type: 'CANCEL' },
    ...fillAndSubmit(
      [
        ['title', 'Twitch'],
        ['link', 'javascript:alert(1)'],
      ],
      'saveSocialLink',
      [titleTaken, serverError],
      [socialLink(1), socialLink(5, { title: 'Twitch' })],
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    id: snapshot.context.id,
    ...formKeyOf(snapshot.context),
  }),
};

export const codeTaken = fieldRefused('code', 'The store has this language already.');

export const languageAddPlan: PlanOptions<typeof languageAddMachine> = {
  events: [
    ...fillAndSubmit(
      [
        ['code', 'fr'],
        ['code', 'French'],
        ['title', 'Français'],
      ],
      'createLanguage',
      [codeTaken, serverError],
      [operatorLanguage('en'), operatorLanguage('fr')],
    ),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    ...formKeyOf(snapshot.context),
  }),
};
