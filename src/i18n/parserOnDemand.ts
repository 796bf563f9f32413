import { IntlMessageFormat } from 'intl-messageformat';

let loading: Promise<void> | null = null;

/**
 * The browser's build leaves formatjs's ICU parser out of react-intl (scripts/vite/icu-parser.ts,
 * docs/decisions/0023): the server sends its messages parsed. A message that still needs parsing
 * (one the server's catalogue lacks, whose English default is text in the code) loads it here,
 * once; until then react-intl shows that default as it is written.
 */
export function loadIcuParser(): Promise<void> {
  loading ??= import('./icu-parser').then(({ parse }) => {
    IntlMessageFormat.__parse = parse;
  });
  return loading;
}

/** Whether react-intl can parse message text yet: the build's stand-in parser throws. */
export function canParseMessages(): boolean {
  try {
    IntlMessageFormat.__parse?.('');
    return true;
  } catch {
    return false;
  }
}
