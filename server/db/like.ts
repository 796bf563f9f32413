/** A `like`/`ilike` pattern for text containing `text`: `%`, `_` and `\` in it match themselves. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
