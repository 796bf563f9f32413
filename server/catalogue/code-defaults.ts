import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_LANGUAGE, isPlainMessage } from '../../domain/code-messages';
import { defaultCataloguesDir } from '../db/seed/translations';

let shipped: Readonly<Record<string, string>> | undefined;

/** The code's own messages: the shipped catalogue of its language, a copy of src/i18n/en.json. */
function codeDefaults(): Readonly<Record<string, string>> {
  shipped ??= JSON.parse(readFileSync(join(defaultCataloguesDir(), `${CODE_LANGUAGE}.json`), 'utf8'));
  return shipped as Readonly<Record<string, string>>;
}

/**
 * A language's messages without those the app shows the same without them: in the code's own
 * language, each message whose text is its default in the code and plain (react-intl then formats
 * that default, with the same locale, and the browser needs no ICU parser for it:
 * src/i18n/parserOnDemand.ts). An operator's change of a text keeps it; another language's
 * messages are kept whole.
 */
export function beyondCodeDefaults(
  languageCode: string,
  messages: Record<string, string>,
): Record<string, string> {
  if (languageCode.toLowerCase() !== CODE_LANGUAGE) return messages;
  const defaults = codeDefaults();
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([id, text]) => !(Object.hasOwn(defaults, id) && defaults[id] === text && isPlainMessage(text)),
    ),
  );
}
