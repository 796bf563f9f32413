import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { Text } from '../../machines/text';

/** A machine's text in the customer's language: a catalogue message, or the server's words as they are. */
export function useText(): (text: Text) => string {
  const intl = useIntl();
  return useCallback(
    (text: Text) => ('verbatim' in text ? text.verbatim : intl.formatMessage(text, text.values)),
    [intl],
  );
}

/** `useText` for an optional text. */
export function useOptionalText(): (text: Text | null | undefined) => string | undefined {
  const format = useText();
  return useCallback((text) => (text ? format(text) : undefined), [format]);
}
