import { type ReactNode, useCallback, useMemo, useState } from 'react';
import {
  type IntlConfig,
  type MessageFormatElement,
  ReactIntlErrorCode,
  IntlProvider as ReactIntlProvider,
} from 'react-intl';
import { CODE_LANGUAGE } from '../../domain/code-messages';
import { safeLocale, serverMessages } from './messages';
import { canParseMessages, loadIcuParser } from './parserOnDemand';

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
  /** Translations from the server (GET localizations). */
  messages?: Readonly<Record<string, unknown>> | null;
  children: ReactNode;
}

/**
 * react-intl in the chosen language: the server's translations over the English catalogue. That
 * catalogue (en.json) is extracted from the defaultMessage of every message in the code, and
 * react-intl shows a message's defaultMessage wherever the server has no usable translation, so
 * the bundle carries the English text once, in the code, and not a second time as en.json.
 *
 * react-aria's locale provider is not here: its i18n module does locale work when imported, so it
 * stays off the first load and comes with the lazily loaded react-aria components
 * (src/components/lazy/AriaLocale.tsx), which read this locale.
 */
export function IntlProvider({ locale, messages, children }: IntlProviderProps) {
  const tag = safeLocale(locale, CODE_LANGUAGE);
  const { parserLoaded, onError } = useParserOnDemand();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a loaded parser formats again what failed
  const translations = useMemo(() => serverMessages(messages), [messages, parserLoaded]);
  // react-intl formats each message by its own kind; its type asks for one kind per catalogue.
  const catalogue = translations as Record<string, MessageFormatElement[]>;
  return (
    <ReactIntlProvider locale={tag} defaultLocale={CODE_LANGUAGE} messages={catalogue} onError={onError}>
      {children}
    </ReactIntlProvider>
  );
}

/**
 * A message that fails to format before the ICU parser is loaded (text where the build expects the
 * server's parse: src/i18n/parserOnDemand.ts) loads it; the provider then formats again.
 */
function useParserOnDemand() {
  const [parserLoaded, setParserLoaded] = useState(false);
  const onError = useCallback((error: IntlError) => {
    if (error.code === ReactIntlErrorCode.FORMAT_ERROR && !canParseMessages()) {
      void loadIcuParser().then(() => setParserLoaded(true));
      return;
    }
    reportIntlError(error);
  }, []);
  return { parserLoaded, onError };
}
