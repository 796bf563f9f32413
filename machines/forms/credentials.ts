import * as z from 'zod/mini';
import { meetsPasswordRule } from '../../domain/password';
import { formMessages } from './messages';
import type { Rule } from './rules';

/**
 * The rules of an email address and a new password (docs/product.md §5), apart from the forms'
 * shared rules (rules.ts): zod's email check comes only with the forms that take one.
 */

/** zod's email format (docs/product.md §5 "email must look like {email}"). */
const emailSchema = z.email();
export const isEmail = (value: string): boolean => emailSchema.safeParse(value.trim()).success;

/**
 * docs/product.md §5's checks of a new password and its confirmation, in order: 'Password is required', the
 * password rule, 'Please confirm your password', 'Passwords do not match'.
 */
export function newPasswordRules<P extends string, C extends string>(
  password: P,
  confirmation: C,
): Rule<Record<P | C, string>, P | C>[] {
  return [
    { field: password, message: formMessages.passwordRequired, valid: (v) => v[password] !== '' },
    { field: password, message: formMessages.passwordRule, valid: (v) => meetsPasswordRule(v[password]) },
    { field: confirmation, message: formMessages.confirmPassword, valid: (v) => v[confirmation] !== '' },
    {
      field: confirmation,
      message: formMessages.passwordsDiffer,
      valid: (v) => v[confirmation] === v[password],
    },
  ];
}
