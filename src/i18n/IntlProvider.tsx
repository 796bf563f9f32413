import { type ReactNode, useMemo } from 'react';
import { type IntlConfig, ReactIntlErrorCode, IntlProvider as ReactIntlProvider } from 'react-intl';
import english from './en.json';
import { mergeMessages, safeLocale } from './messages';

export const DEFAULT_LOCALE = 'en';
const defaultMessages: Record<string, string> = english;

type IntlError = Parameters<NonNullable<IntlConfig['onError']>>[0];

/**
 * Missing translations are expected (a language may lag behind English, which then shows);
 * anything else, such as a malformed server message, is reported. react-intl itself then falls
 * back to the message's defaultMessage.
 */
export function reportIntlError(error: IntlError): void {
  if (error.code === ReactIntlErrorCode.MISSING_TRANSLATION) return;
  console.warn(`[i18n] ${error.message}`);
}

export interface IntlProviderProps {
  /** The language code of the chosen language, e.g. 'en' or 'de'. */
  locale: string;
  /** Translations from the server (GET localizations); merged over the English defaults. */
  messages?: Readonly<Record<string, unknown>> | null;
  children: ReactNode;
}

/**
 * react-intl in the chosen language. react-aria's locale provider is not here: its i18n module does
 * locale work when imported, so it stays off the first load and comes with the lazily loaded
 * react-aria components (src/components/lazy/AriaLocale.tsx), which read this locale.
 */
export function IntlProvider({ locale, messages, children }: IntlProviderProps) {
  const tag = safeLocale(locale, DEFAULT_LOCALE);
  const merged = useMemo(() => mergeMessages(defaultMessages, messages), [messages]);
  return (
    <ReactIntlProvider
      locale={tag}
      defaultLocale={DEFAULT_LOCALE}
      messages={merged}
      onError={reportIntlError}
    >
      {children}
    </ReactIntlProvider>
  );
}
