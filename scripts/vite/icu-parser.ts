import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PARSER = '@formatjs/icu-messageformat-parser';
const STAND_IN = fileURLToPath(new URL('../../src/i18n/plain-text-parser.ts', import.meta.url));

/**
 * react-intl and intl-messageformat import formatjs's ICU parser to parse message text at run
 * time (7.6 KB of the first load's gzip). The browser's messages come parsed from the server
 * (GET localizations?format=ast), so the browser build gives the libraries a stand-in: the parser
 * package's own parser-less entry (its types and type guards) with a `parse` that reads plain text
 * only (src/i18n/plain-text-parser.ts). src/i18n/parserOnDemand.ts
 * loads the real parser, as a chunk of its own, for text that still needs it (docs/decisions/0023).
 * The render entry for the server keeps the parser.
 */
export function parserlessIntl(): Plugin {
  return {
    name: 'blockfront:parserless-intl',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== PARSER || !importer?.includes('node_modules')) return null;
      return STAND_IN;
    },
  };
}
