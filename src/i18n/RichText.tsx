import type { ReactNode } from 'react';
import { FormattedMessage, type MessageDescriptor, type PrimitiveType } from 'react-intl';

/** A tag of the message (`<terms>…</terms>`) as an element around its translated words. */
export type RichTag = (chunks: ReactNode[]) => ReactNode;

/**
 * The one way to say a message with elements in it (a link, `<strong>`): one catalogue message
 * whose tags and placeholders each language orders its own way; everything without elements is
 * `useText` (docs/decisions/0040-one-way-to-say-text.md).
 */
export function RichText({
  text,
  values,
}: {
  text: MessageDescriptor;
  values: Record<string, PrimitiveType | ReactNode | RichTag>;
}) {
  return <FormattedMessage {...text} values={values} />;
}
