import { IntlMessageFormat } from 'intl-messageformat';

let loading: Promise<void> | null = null;

/**
 * The browser's build leaves formatjs's ICU parser out of react-intl (scripts/vite/icu-parser.ts,
 * docs/decisions/0023): the server sends its messages parsed, and plain text needs no parser
 * (src/i18n/plain-text-parser.ts). A message that still needs parsing (one the server's catalogue
 * lacks, whose English default has placeholders or tags) loads it here, once; until then
 * react-intl shows that default as it is written.
 */
export function loadIcuParser(): Promise<void> {
  loading ??= import('./icu-parser').then(({ parse }) => {
    IntlMessageFormat.__parse = parse;
  });
  return loading;
}

/** Whether react-intl can parse message text with arguments yet: the build's stand-in throws. */
export function canParseMessages(): boolean {
  try {
    IntlMessageFormat.__parse?.('{a}');
    return true;
  } catch {
    return false;
  }
}
