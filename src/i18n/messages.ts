export type Messages = Record<string, string>;

/**
 * The catalogue in use: the server's translations over the English defaults. Empty strings and
 * values that are not strings are dropped, so the English default shows instead of a blank.
 */
export function mergeMessages(
  defaults: Messages,
  server: Readonly<Record<string, unknown>> | null | undefined,
): Messages {
  const merged: Messages = { ...defaults };
  for (const [id, text] of Object.entries(server ?? {})) {
    if (typeof text === 'string' && text.trim() !== '') merged[id] = text;
  }
  return merged;
}

/** A locale tag the Intl APIs accept, or the fallback: a bad code from the server must not crash. */
export function safeLocale(locale: string | null | undefined, fallback = 'en'): string {
  if (!locale) return fallback;
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? fallback;
  } catch {
    return fallback;
  }
}
