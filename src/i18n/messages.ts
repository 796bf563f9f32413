import type { MessageFormatElement } from 'react-intl';

/** A message react-intl formats: ICU text, or the server's parse of it (GET localizations?format=ast). */
type Message = string | MessageFormatElement[];

/**
 * The server's translations that can be shown: empty messages and values that are neither text
 * nor a parsed message are dropped, so the message's English default shows instead of a blank.
 */
export function serverMessages(
  server: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, Message> {
  const usable: Record<string, Message> = {};
  for (const [id, message] of Object.entries(server ?? {})) {
    if ((typeof message === 'string' && message.trim() !== '') || isParsed(message)) usable[id] = message;
  }
  return usable;
}

/** The server's parse of a message (openapi.yaml MessageAst): formatjs's elements, each with a numeric type. */
function isParsed(message: unknown): message is MessageFormatElement[] {
  return (
    Array.isArray(message) &&
    message.length > 0 &&
    message.every(
      (element) => typeof element === 'object' && element !== null && typeof element.type === 'number',
    )
  );
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
