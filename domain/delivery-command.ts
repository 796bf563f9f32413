import { PLAYER_NAME_MAX_LENGTH } from './player-name';

/**
 * A product's delivery command template (ADR 0031): a game command with placeholders that the
 * store fills in when the order is paid. One rule for saving a template and for filling it.
 *
 * - Placeholders are `{player}`, `{uuid}`, `{quantity}`, `{order}` and `{product}`. Anything else
 *   written `{lower_case}` is an unknown placeholder and refused; other braces (a command's NBT
 *   data, `{Glowing:1b}`) are text.
 * - A template is one command: no line break or other control character.
 * - A command the game would cut off is refused when saved: the template with every placeholder
 *   at its longest may not exceed `COMMAND_MAX_LENGTH` (the game's limit for a typed command).
 * - Values can never add a second command: each must match its own pattern (no white space,
 *   `;`, quote, brace or control character), checked again when the command is filled.
 */

export const PLACEHOLDERS = ['player', 'uuid', 'quantity', 'order', 'product'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

/** The longest command the game takes (the chat and command-block limit). */
export const COMMAND_MAX_LENGTH = 256;

const PLACEHOLDER = /\{([a-z_]+)\}/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** What each value must look like, so that it is always one word of the command. */
const VALUE_PATTERNS: Record<Placeholder, RegExp> = {
  player: /^[A-Za-z0-9_.*!~+#-]{1,18}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  quantity: /^[1-9][0-9]{0,3}$/,
  order: /^[1-9][0-9]{0,9}$/,
  product: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
};

export type TemplateProblem =
  | { kind: 'unknownPlaceholder'; name: string }
  | { kind: 'notOneCommand' }
  | { kind: 'empty' }
  | { kind: 'tooLong'; limit: number; longest: number };

const isPlaceholder = (name: string): name is Placeholder =>
  (PLACEHOLDERS as readonly string[]).includes(name);

/** The longest each placeholder can be; `{product}` is the product's own slug. */
function longestValues(productSlug: string): Record<Placeholder, number> {
  return {
    // A Bedrock name carries a prefix of up to two characters.
    player: PLAYER_NAME_MAX_LENGTH + 2,
    uuid: 36,
    quantity: 2,
    order: 10,
    product: productSlug.length,
  };
}

/** What is wrong with a template, or null when it may be saved for the product `productSlug`. */
export function templateProblem(template: string, productSlug: string): TemplateProblem | null {
  if (template.trim() === '') return { kind: 'empty' };
  if (CONTROL.test(template)) return { kind: 'notOneCommand' };
  const longest = longestValues(productSlug);
  let length = template.length;
  for (const [whole, name = ''] of template.matchAll(PLACEHOLDER)) {
    if (!isPlaceholder(name)) return { kind: 'unknownPlaceholder', name };
    length += longest[name] - whole.length;
  }
  if (length > COMMAND_MAX_LENGTH) return { kind: 'tooLong', limit: COMMAND_MAX_LENGTH, longest: length };
  return null;
}

export class UnsafeCommandValueError extends Error {
  constructor(readonly placeholder: string) {
    super(`The value of {${placeholder}} could change the command; it is not filled in`);
    this.name = 'UnsafeCommandValueError';
  }
}

/**
 * The command with its placeholders filled. Throws `UnsafeCommandValueError` for a value that
 * does not match its pattern (it could end the command or start another) and for a template
 * that fails `templateProblem` (it was saved before a rule changed).
 */
export function fillTemplate(template: string, values: PlaceholderValues): string {
  for (const name of PLACEHOLDERS) {
    if (!VALUE_PATTERNS[name].test(values[name])) throw new UnsafeCommandValueError(name);
  }
  const problem = templateProblem(template, values.product);
  if (problem !== null && problem.kind !== 'tooLong') throw new UnsafeCommandValueError(problem.kind);
  const command = template.replace(PLACEHOLDER, (_whole, name: string) =>
    isPlaceholder(name) ? values[name] : `{${name}}`,
  );
  if (CONTROL.test(command) || command.length > COMMAND_MAX_LENGTH)
    throw new UnsafeCommandValueError('command');
  return command;
}
