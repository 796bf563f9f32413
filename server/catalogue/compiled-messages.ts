import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../domain/contract';
import type { Database } from '../db/database';
import { localizations } from './reference-data';

type MessageAst = components['schemas']['MessageAst'];

/** Parsed messages kept by their text: the same few hundred strings are asked for on every page. */
const parsed = new Map<string, MessageAst>();
/** Beyond this many distinct texts (an operator editing for months) the memo starts again. */
const MEMO_LIMIT = 20_000;

/**
 * `GET /localizations?format=ast` (openapi.yaml): each message parsed as react-intl's runtime
 * parser would (same library, default options), so the browser needs no parser of its own
 * (docs/decisions/0023). A message that does not parse is left out and reported: the client
 * then shows the message's English default, as it would after failing to parse it itself.
 */
export function compileMessages(
  messages: Readonly<Record<string, string>>,
  onInvalid: (id: string, error: unknown) => void,
): Record<string, MessageAst> {
  // fromEntries defines own properties, so a key such as "__proto__" stays a plain message id.
  return Object.fromEntries(
    Object.entries(messages).flatMap(([id, text]) => {
      const ast = astOf(text, (error) => onInvalid(id, error));
      return ast === null ? [] : [[id, ast]];
    }),
  );
}

function astOf(text: string, onError: (error: unknown) => void): MessageAst | null {
  const known = parsed.get(text);
  if (known) return known;
  try {
    // Each element as a plain object: the contract's type, which the parser's interfaces are not.
    const ast = parse(text).map((element: MessageFormatElement) => ({ ...element }));
    if (parsed.size >= MEMO_LIMIT) parsed.clear();
    parsed.set(text, ast);
    return ast;
  } catch (error) {
    onError(error);
    return null;
  }
}

/**
 * GET /localizations' payload: the messages of one language (those `kept` keeps) as ICU text or,
 * with `format=ast`, parsed; null when there is no such language.
 */
export async function localizationsAs(
  db: Database,
  languageId: number,
  format: 'icu' | 'ast' | undefined,
  log: FastifyBaseLogger,
  kept: (messages: Record<string, string>) => Record<string, string> = (messages) => messages,
): Promise<Record<string, string> | Record<string, MessageAst> | null> {
  const all = await localizations(db, languageId);
  if (all === null) return null;
  const messages = kept(all);
  if (format !== 'ast') return messages;
  return compileMessages(messages, (id, error) =>
    log.warn({ languageId, id, err: error }, 'message does not parse; left out of the parsed catalogue'),
  );
}
