import { Link, type LinkProps } from '@tanstack/react-router';
import type { MessageDescriptor } from 'react-intl';
import { useText } from '../../i18n/useText';

/** One entry of a shell link list (header strip, footer, mobile menu). */
export function NavItem({
  to,
  label,
  className,
  onClick,
}: {
  to: LinkProps['to'];
  label: MessageDescriptor;
  className?: string;
  onClick?: () => void;
}) {
  const say = useText();
  return (
    <li>
      <Link to={to} className={className} onClick={onClick}>
        {say(label)}
      </Link>
    </li>
  );
}
