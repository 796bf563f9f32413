import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useText } from '../../i18n/useText';

/** One entry of a shell link list (header strip, footer, mobile menu). */
export function NavItem({
  to,
  label,
  className,
  onClick,
  after,
}: {
  to: LinkProps['to'];
  label: MessageDescriptor;
  className?: string;
  onClick?: () => void;
  /** Shown after the label inside the link, e.g. the menu's balance amount or cart badge. */
  after?: ReactNode;
}) {
  const say = useText();
  return (
    <li>
      <Link to={to} className={className} onClick={onClick}>
        {say(label)}
        {after ? ' ' : null}
        {after}
      </Link>
    </li>
  );
}
