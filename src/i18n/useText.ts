import { useCallback } from 'react';
import { type MessageDescriptor, type PrimitiveType, useIntl } from 'react-intl';
import type { Text } from '../../machines/text';

/**
 * What a component says: a machine's text (a catalogue message, or the server's words as they
 * are) or a component's own message descriptor (docs/decisions/0040-one-way-to-say-text.md).
 */
export type Message = Text | MessageDescriptor;

/** The values a message puts in; a message with elements in it is a `<RichText>`. */
export type MessageValues = Record<string, PrimitiveType>;

export type Say = (text: Message, values?: MessageValues) => string;

/**
 * The one way a component turns a message into a string, in the customer's language:
 * `const say = useText(); say(messages.title)`, `say(messages.lead, { email })`.
 */
export function useText(): Say {
  const intl = useIntl();
  return useCallback(
    (text: Message, values?: MessageValues) => {
      if ('verbatim' in text) return text.verbatim;
      const own = 'values' in text ? (text.values as MessageValues | undefined) : undefined;
      return intl.formatMessage(text as MessageDescriptor, values ? { ...own, ...values } : own);
    },
    [intl],
  );
}

/** `useText` for an optional text. */
export function useOptionalText(): (text: Text | null | undefined) => string | undefined {
  const format = useText();
  return useCallback((text) => (text ? format(text) : undefined), [format]);
}
