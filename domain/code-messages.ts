/**
 * The language the code's own messages are written in: each message's `defaultMessage`, which the
 * app shows wherever it has no translation, formatted with this locale's rules.
 */
export const CODE_LANGUAGE = 'en';

/**
 * ICU message text that formats as itself, so it needs no ICU parser: no argument, tag or plural
 * sign, and no doubled apostrophe (the only escape left without those).
 */
export function isPlainMessage(text: string): boolean {
  return /^[^{}<>#]*$/.test(text) && !text.includes("''");
}
