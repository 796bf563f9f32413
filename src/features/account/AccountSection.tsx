import { type ReactNode, useId } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useText } from '../../i18n/useText';

/** One account tab: a titled section inside the account page's <main> (never a <main> of its own). */
export function AccountSection({
  title,
  actions,
  children,
}: {
  title: MessageDescriptor & { id: string };
  /** Buttons beside the title, e.g. Edit. */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const say = useText();
  const titleId = useId();
  return (
    <section className="account-section" aria-labelledby={titleId}>
      <div className="account-section__head">
        <h2 id={titleId} className="account-section__title">
          {say(title)}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
