// Days an operator picks (the console's date filters), as the address holds them and the API takes them.

/** A day as the address holds it (YYYY-MM-DD, a real date), or null. */
export function validDay(text: unknown): string | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const at = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== text ? null : text;
}

/**
 * The API's `from`/`until` for days the operator picked, both included: from the start of `from`
 * to the start of the day after `until` (the API's `until` is exclusive). Days are UTC days, as
 * the console's other day figures (the overview) are.
 */
export function dayRange(from: string, until: string): { from?: string; until?: string } {
  const start = validDay(from);
  const end = validDay(until);
  const after = end === null ? null : new Date(Date.parse(`${end}T00:00:00.000Z`) + 86_400_000);
  return {
    ...(start === null ? {} : { from: `${start}T00:00:00.000Z` }),
    ...(after === null ? {} : { until: after.toISOString() }),
  };
}
