import * as z from 'zod/mini';
import { isApiFailure } from '../domain';
import { failureText, type MessageText, type Text, verbatim } from '../text';

/**
 * What the auth forms share: the rules of SPEC §5 as an ordered list (the first broken rule is the
 * one shown, at its field, or for the whole form when it names no field), and the mapping of a
 * failed call onto the form (server field errors on their fields, otherwise one message).
 */

/** One message per field; a field without an entry is fine. */
export type FieldErrors<F extends string> = Partial<Record<F, Text>>;

export interface Rule<V, F extends string> {
  /** Where the message is shown; null for a message about the whole form. */
  field: F | null;
  message: MessageText;
  valid: (values: V) => boolean;
}

export interface FormErrors<F extends string> {
  errors: FieldErrors<F>;
  formError: Text | null;
}

export const NO_ERRORS = { errors: {}, formError: null } as const;

export const filled = (value: string): boolean => value.trim() !== '';

/** zod's email format (SPEC §5 "email must look like {email}"). */
const emailSchema = z.email();
export const isEmail = (value: string): boolean => emailSchema.safeParse(value.trim()).success;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 12;

/** SPEC §5's hints under a new password, with the pattern each one asks for. */
export const PASSWORD_HINTS = [
  { id: 'lower', text: '1 lower case [a-z]', pattern: /[a-z]/ },
  { id: 'upper', text: '1 upper case [A-Z]', pattern: /[A-Z]/ },
  { id: 'digit', text: '1 numeric [0-9]', pattern: /[0-9]/ },
] as const;

export type PasswordHintId = (typeof PASSWORD_HINTS)[number]['id'];

/** The password rule (SPEC §5, the contract's `Password`): 6 to 12 characters, lower, upper, digit, no spaces. */
const passwordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH),
    z.maxLength(PASSWORD_MAX_LENGTH),
    ...PASSWORD_HINTS.map((hint) => z.regex(hint.pattern)),
    z.regex(/^\S*$/),
  );
export const meetsPasswordRule = (password: string): boolean => passwordSchema.safeParse(password).success;

/** Which hints the password already meets, e.g. to tick them off while typing. */
export function passwordHintsMet(password: string): Record<PasswordHintId, boolean> {
  return {
    lower: PASSWORD_HINTS[0].pattern.test(password),
    upper: PASSWORD_HINTS[1].pattern.test(password),
    digit: PASSWORD_HINTS[2].pattern.test(password),
  };
}

/** The server's text for the rule (the contract's `Password`), so both sides say the same. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces';

/** The first broken rule, as the form shows it; no errors when every rule holds. */
export function firstFailure<V, F extends string>(rules: readonly Rule<V, F>[], values: V): FormErrors<F> {
  const broken = rules.find((rule) => !rule.valid(values));
  if (!broken) return NO_ERRORS;
  if (broken.field === null) return { errors: {}, formError: broken.message };
  const errors: FieldErrors<F> = {};
  errors[broken.field] = broken.message;
  return { errors, formError: null };
}

export const isValid = <V, F extends string>(rules: readonly Rule<V, F>[], values: V): boolean =>
  rules.every((rule) => rule.valid(values));

/**
 * A failed call as the form shows it. Server field errors (422 `errors: {field: [..]}`) land on the
 * form's fields by `fieldOf` (server name → form field), the first message of each; a field the form
 * does not have (e.g. a reset link's `token`) gives the form message. Without field errors, the
 * server's message, the client's (429, 5xx, network), or the operation's default (SPEC §8).
 */
export function failureErrors<F extends string>(
  error: unknown,
  fieldOf: Readonly<Record<string, F>>,
  fallback: MessageText,
): FormErrors<F> {
  const fieldErrors = isApiFailure(error) ? Object.entries(error.fieldErrors ?? {}) : [];
  const errors: FieldErrors<F> = {};
  let unplaced: Text | null = null;
  for (const [serverField, messages] of fieldErrors) {
    if (messages[0] === undefined) continue;
    const first = verbatim(messages[0]);
    const field = Object.hasOwn(fieldOf, serverField) ? fieldOf[serverField] : undefined;
    if (field === undefined) unplaced ??= first;
    else errors[field] ??= first;
  }
  if (Object.keys(errors).length > 0) return { errors, formError: unplaced };
  return { errors, formError: unplaced ?? failureText(error, fallback) };
}

/** Errors after the customer edits `field`: its own message goes, and so does the form message. */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  const { [field]: _removed, ...rest } = errors;
  return rest as FieldErrors<F>;
}
