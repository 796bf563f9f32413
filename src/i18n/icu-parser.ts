// formatjs's ICU message parser, as a chunk of its own: the build gives the libraries a parser-less
// stand-in (scripts/vite/icu-parser.ts), and src/i18n/parserOnDemand.ts loads this when needed.
export { parse } from '@formatjs/icu-messageformat-parser';
