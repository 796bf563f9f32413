import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

/** Why a message text cannot be served as it is. */
export type MessageProblem = { kind: 'syntax'; at: number } | { kind: 'placeholders'; expected: string[] };

/** The arguments (`{name}`) and tags (`<b>`) of a parsed message, each once, sorted. */
function placeholdersOf(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(`{${element.value}}`);
        break;
      case TYPE.select:
      case TYPE.plural:
        into.add(`{${element.value}}`);
        for (const option of Object.values(element.options)) placeholdersOf(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${element.value}>`);
        placeholdersOf(element.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

function parsed(text: string): MessageFormatElement[] | { at: number } {
  try {
    // The options react-intl parses with (its defaults), so what passes here formats in the app.
    return parse(text);
  } catch (error) {
    const at = (error as { location?: { start?: { offset?: number } } }).location?.start?.offset ?? 0;
    return { at };
  }
}

const sorted = (set: Set<string>) => [...set].sort();

/**
 * A translation the store can serve: it parses as an ICU message (as react-intl reads it) and
 * uses exactly the arguments and tags of the default language's text, so that every value the
 * app passes is shown and none is asked for that the app does not pass. Null when it is fine.
 */
export function messageProblem(text: string, defaultText: string | null): MessageProblem | null {
  const elements = parsed(text);
  if (!Array.isArray(elements)) return { kind: 'syntax', at: elements.at };
  if (defaultText === null) return null;
  const reference = parsed(defaultText);
  // A default text that does not parse itself names no placeholders to hold the translation to.
  if (!Array.isArray(reference)) return null;
  const expected = sorted(placeholdersOf(reference));
  const given = sorted(placeholdersOf(elements));
  return expected.join('\n') === given.join('\n') ? null : { kind: 'placeholders', expected };
}
