type Messages = Record<string, string>;

/**
 * The server's translations that can be shown: empty strings and values that are not strings are
 * dropped, so the message's English default shows instead of a blank.
 */
export function serverMessages(server: Readonly<Record<string, unknown>> | null | undefined): Messages {
  const usable: Messages = {};
  for (const [id, text] of Object.entries(server ?? {})) {
    if (typeof text === 'string' && text.trim() !== '') usable[id] = text;
  }
  return usable;
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
