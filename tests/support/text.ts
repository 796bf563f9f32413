/**
 * Machines hold what they show as `Text` (machines/text.ts): a catalogue message or the server's
 * own words. Tests that are about the words compare their English; tests about which message
 * compare the message itself.
 */
import { englishOf, type Text } from '../../machines/text';

export function isText(value: unknown): value is Text {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  if (keys.length === 1 && keys[0] === 'verbatim') return typeof record.verbatim === 'string';
  return (
    typeof record.id === 'string' &&
    typeof record.defaultMessage === 'string' &&
    keys.every((key) => key === 'id' || key === 'defaultMessage' || key === 'values')
  );
}

/** `value` with every Text in it (however deep) replaced by the English it reads as. */
export function english(value: unknown): unknown {
  if (isText(value)) return englishOf(value);
  if (Array.isArray(value)) return value.map(english);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, english(item)]));
  }
  return value;
}
