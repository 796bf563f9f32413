// What the browser's build gives react-intl and intl-messageformat instead of formatjs's ICU parser
// (scripts/vite/icu-parser.ts): the parser-less entry's types and guards, and a `parse` that reads
// plain text (domain/code-messages.ts) as one literal, so an English default the page's catalogue
// leaves out (docs/decisions/0056) formats without the real parser. Anything else throws, and
// src/i18n/parserOnDemand.ts loads the real parser for it.
import type { LiteralElement } from '@formatjs/icu-messageformat-parser';
import { isPlainMessage } from '../../domain/code-messages';

export * from '@formatjs/icu-messageformat-parser/no-parser.js';

export function parse(text: string): LiteralElement[] {
  if (!isPlainMessage(text)) throw new SyntaxError('This message needs the ICU parser');
  return text === '' ? [] : [{ type: 0, value: text }];
}
