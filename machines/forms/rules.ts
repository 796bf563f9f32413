import { isApiFailure } from '../../domain/api-failure';
import { failureText, type MessageText, type Text, verbatim } from '../text';

/**
 * What the auth forms share: the rules of docs/product.md §5 as an ordered list (the first broken rule is the
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
 * server's message, the client's (429, 5xx, network), or the operation's default (docs/product.md §8).
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
