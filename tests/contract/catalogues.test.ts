// The server's message catalogues (seeded into its `translations` table) against the app's
// English defaults. Fails until de/es are translated after `npm run i18n:extract` adds messages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_PATH,
  SERVER_CATALOGUE_PATH,
  SERVER_CATALOGUES_DIR,
  serializeCatalogue,
} from '../../scripts/extract-messages';

const TRANSLATED = ['de', 'es'] as const;
type Translated = (typeof TRANSLATED)[number];

/**
 * Ids whose translation may equal the English text. A message made only of placeholders has
 * nothing to translate; "FAQ" and "Shop" are the words German storefronts actually use.
 */
const SAME_AS_ENGLISH: Record<Translated, readonly string[]> = {
  de: [
    'account.order.status',
    'account.orders.itemCount',
    'account.orders.numberLink',
    'account.orders.status',
    'operator.customer.dateTime',
    'operator.currencies.symbol',
    'operator.currency.symbol',
    'operator.customer.status',
    'operator.customers.name',
    'operator.order.status',
    'operator.orders.status',
    'operator.servers.name',
    'pages.faq.title',
    'shell.footer.copyright',
    'shell.nav.faq',
    'shell.nav.shop',
    'shell.nav.shopLink',
    'shop.title',
  ],
  es: [
    'account.order.total',
    'account.orders.itemCount',
    'account.orders.numberLink',
    'account.orders.total',
    'operator.customer.dateTime',
    'operator.customer.no',
    'operator.order.total',
    'operator.orders.total',
    'shell.footer.copyright',
  ],
};

/** Formal address a "du"/"tú" catalogue must not slip into (German: capitalised mid-sentence). */
const FORMAL_ADDRESS: Record<Translated, RegExp> = {
  de: /(?<![.!?:]\s|^)\b(?:Sie|Ihnen|Ihr|Ihre[mnrs]?)\b/,
  es: /\bustede?s?\b/i,
};

type Catalogue = Record<string, string>;

function readCatalogue(path: string): Catalogue {
  return JSON.parse(readFileSync(path, 'utf8')) as Catalogue;
}

const english = readCatalogue(CATALOGUE_PATH);
const englishIds = Object.keys(english);
const catalogues = Object.fromEntries(
  TRANSLATED.map((code) => [code, readCatalogue(join(SERVER_CATALOGUES_DIR, `${code}.json`))]),
) as Record<Translated, Catalogue>;

/** Every argument, select/plural and rich-text tag of a message, with its kind, sorted. */
function signature(elements: MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const visit = (nodes: MessageFormatElement[]): void => {
    for (const node of nodes) {
      switch (node.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`${node.value}:${TYPE[node.type]}`);
          break;
        case TYPE.select:
          found.add(`${node.value}:select(${Object.keys(node.options).sort().join('|')})`);
          for (const option of Object.values(node.options)) visit(option.value);
          break;
        case TYPE.plural:
          found.add(`${node.value}:plural`);
          for (const option of Object.values(node.options)) visit(option.value);
          break;
        case TYPE.tag:
          found.add(`<${node.value}>`);
          visit(node.children);
          break;
        default:
          break;
      }
    }
  };
  visit(elements);
  return [...found].sort();
}

/** The upper-case labels of docs/product.md §2 ('SIGN IN'); an acronym such as 'FAQ' alone is not that style. */
function isUpperCaseLabel(text: string): boolean {
  const words = text.replace(/\b(?:FAQ|IP)\b/g, '');
  return /\p{Lu}/u.test(words) && !/\p{Ll}/u.test(words);
}

describe('server/db/seed/catalogues/en.json', () => {
  it('is the app catalogue src/i18n/en.json (run `npm run i18n:extract`)', () => {
    expect(readFileSync(SERVER_CATALOGUE_PATH, 'utf8')).toBe(readFileSync(CATALOGUE_PATH, 'utf8'));
  });

  it('holds messages that all parse as ICU', () => {
    for (const [id, message] of Object.entries(english)) expect(() => parse(message), id).not.toThrow();
  });
});

describe.each(TRANSLATED)('server/db/seed/catalogues/%s.json', (code) => {
  const catalogue = catalogues[code];
  const allowed = new Set(SAME_AS_ENGLISH[code]);

  it('has exactly the ids of the English catalogue', () => {
    const ids = new Set(Object.keys(catalogue));
    expect({
      missing: englishIds.filter((id) => !ids.has(id)),
      extra: [...ids].filter((id) => !(id in english)),
    }).toEqual({ missing: [], extra: [] });
  });

  it('is sorted by id in the layout the extractor writes', () => {
    const sorted = Object.fromEntries(
      Object.entries(catalogue).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(readFileSync(join(SERVER_CATALOGUES_DIR, `${code}.json`), 'utf8')).toBe(
      serializeCatalogue(sorted),
    );
  });

  it('parses as ICU with the same arguments, selects, plurals and tags as the English', () => {
    for (const [id, message] of Object.entries(catalogue)) {
      const source = english[id];
      if (source === undefined) continue;
      let elements: MessageFormatElement[] = [];
      expect(() => {
        elements = parse(message);
      }, `${code} ${id}`).not.toThrow();
      expect(signature(elements), `${code} ${id}`).toEqual(signature(parse(source)));
    }
  });

  it('translates every message (no empty values, English only where allow-listed)', () => {
    for (const [id, message] of Object.entries(catalogue)) {
      expect(message.trim(), `${code} ${id}`).not.toBe('');
      if (!allowed.has(id)) expect(message, `${code} ${id} is still English`).not.toBe(english[id]);
    }
  });

  it('allow-lists only ids that exist and still read as in English', () => {
    for (const id of allowed) {
      expect(english[id], `${code} ${id} is not an English id`).toBeDefined();
      expect(catalogue[id], `${code} ${id}`).toBe(english[id]);
    }
  });

  it('keeps upper-case labels upper case', () => {
    for (const [id, source] of Object.entries(english)) {
      const message = catalogue[id];
      if (message !== undefined && isUpperCaseLabel(source)) {
        expect(message, `${code} ${id}`).toBe(message.toLocaleUpperCase(code));
      }
    }
  });

  it('addresses the player informally', () => {
    for (const [id, message] of Object.entries(catalogue)) {
      expect(message, `${code} ${id}`).not.toMatch(FORMAL_ADDRESS[code]);
    }
  });
});
