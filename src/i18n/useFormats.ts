import { type IntlShape, useIntl } from 'react-intl';

/**
 * Numbers and times in the customer's locale, for components that show them outside a message
 * (an amount, a locale-aware date). Messages go through `useText` / `<RichText>`, never through
 * the intl object (docs/decisions/0040-one-way-to-say-text.md).
 */
export type Formats = Pick<IntlShape, 'locale' | 'formatNumber' | 'formatNumberToParts' | 'formatTime'>;

export function useFormats(): Formats {
  return useIntl();
}

/** A time of day as the order pages show it ('14:05', or the locale's own form). */
export const clockTime = { hour: '2-digit', minute: '2-digit' } as const;
