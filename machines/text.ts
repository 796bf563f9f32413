import { type ApiFailure, isApiFailure } from '../domain/api-failure';

/**
 * What a machine shows a person travels as a message of the catalogue (its id, the English
 * default the diagrams show, and the values to put in) or as the server's own message, which is
 * already in the customer's language (every call carries lang_id). Components translate it with
 * react-intl (src/i18n/useText.ts); machines never hold English to show.
 */
export interface MessageText {
  id: string;
  defaultMessage: string;
  values?: Record<string, string | number>;
}
export interface VerbatimText {
  verbatim: string;
}
export type Text = MessageText | VerbatimText;

/**
 * A machine's catalogue messages. Named like react-intl's, which machines cannot import, so that
 * `npm run i18n:extract` (formatjs) finds them by name.
 */
export function defineMessages<const T extends Record<string, MessageText>>(messages: T): T {
  return messages;
}

export const withValues = (message: MessageText, values: MessageText['values']): MessageText => ({
  ...message,
  values,
});

export const verbatim = (text: string): VerbatimText => ({ verbatim: text });

/** The server's message when it sent one (not blank), otherwise `fallback`. */
export const serverTextOr = (message: string | undefined, fallback: MessageText): Text =>
  message?.trim() ? verbatim(message) : fallback;

const englishNumber = new Intl.NumberFormat('en');

/**
 * The English a text reads as (the default, values put in; `{name, number}` in English digit
 * grouping, as react-intl shows it): for diagrams, logs and tests.
 */
export function englishOf(text: Text): string {
  if ('verbatim' in text) return text.verbatim;
  const values = text.values ?? {};
  return text.defaultMessage.replace(/\{(\w+)(, number)?\}/g, (match, name: string, number?: string) => {
    if (!(name in values)) return match;
    return number ? englishNumber.format(Number(values[name])) : String(values[name]);
  });
}

/** docs/product.md §8's texts for failures the client names itself. */
export const failureMessages = defineMessages({
  forbidden: { id: 'errors.forbidden', defaultMessage: 'Access forbidden' },
  rateLimited: { id: 'forms.error.rateLimited', defaultMessage: 'Too many requests. Please wait a moment.' },
  server: { id: 'forms.error.serverError', defaultMessage: 'Server error. Please try again later.' },
  network: {
    id: 'forms.error.networkError',
    defaultMessage: 'Network error. Please check your connection.',
  },
  generic: { id: 'errors.generic', defaultMessage: 'An error occurred' },
});

const byKind: Partial<Record<ApiFailure['kind'], MessageText>> = {
  forbidden: failureMessages.forbidden,
  'rate-limited': failureMessages.rateLimited,
  server: failureMessages.server,
  network: failureMessages.network,
  timeout: failureMessages.network,
};

/**
 * docs/product.md §8: the server's message takes precedence; then the text docs/product.md §8 fixes for the kind of
 * failure (403, 429, 5xx, no response); the operation's default otherwise, also for errors that
 * are not API failures at all.
 */
export function failureText(error: unknown, fallback: MessageText): Text {
  if (!isApiFailure(error)) return fallback;
  if (error.serverMessage !== undefined && error.serverMessage.trim() !== '') {
    return verbatim(error.serverMessage);
  }
  return byKind[error.kind] ?? fallback;
}
