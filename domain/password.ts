/**
 * The password rule (docs/product.md §5, the contract's `Password` schema): 6 to 12 characters, at least one
 * lower case letter, one upper case letter and one digit, no white space. Lengths count
 * characters (Unicode code points), as JSON Schema's `minLength`/`maxLength` and the server's
 * validator do, so an emoji is one character on both sides.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 12;

/** docs/product.md §5's hints under a new password (1 lower case [a-z], …), with the pattern each one asks for. */
export const PASSWORD_HINTS = [
  { id: 'lower', pattern: /[a-z]/ },
  { id: 'upper', pattern: /[A-Z]/ },
  { id: 'digit', pattern: /[0-9]/ },
] as const;

export type PasswordHintId = (typeof PASSWORD_HINTS)[number]['id'];

/** The rule as one pattern: openapi.yaml's `Password.pattern` must be exactly this (a test checks). */
export const PASSWORD_PATTERN = `^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])\\S{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`;
const passwordPattern = new RegExp(PASSWORD_PATTERN, 'u');

export const meetsPasswordRule = (password: string): boolean => passwordPattern.test(password);

/** Which hints the password already meets, e.g. to tick them off while typing. */
export function passwordHintsMet(password: string): Record<PasswordHintId, boolean> {
  return {
    lower: PASSWORD_HINTS[0].pattern.test(password),
    upper: PASSWORD_HINTS[1].pattern.test(password),
    digit: PASSWORD_HINTS[2].pattern.test(password),
  };
}

/** The server's text for the rule (its English catalogue uses it), so both sides say the same. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces';
