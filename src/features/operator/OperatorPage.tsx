import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useText } from '../../i18n/useText';

/** One page of the console: its heading (the page's one h1) and its content, inside the console's <main>. */
export function OperatorPage({
  title,
  heading,
  children,
}: {
  title: MessageDescriptor & { id: string };
  /** The heading when it is more than the title (a customer's email). */
  heading?: string;
  children?: ReactNode;
}) {
  const say = useText();
  return (
    <div className="operator-page">
      <h1 className="operator-page__title">{heading ?? say(title)}</h1>
      {children}
    </div>
  );
}
