import { Link, type LinkProps } from '@tanstack/react-router';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';

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
  return (
    <li>
      <Link to={to} className={className} onClick={onClick}>
        <FormattedMessage {...label} />
      </Link>
    </li>
  );
}
