import './Spinner.css';
import { useText } from '../../i18n/useText';

export interface SpinnerProps {
  /** Accessible label; defaults to 'Loading...'. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Hide it from assistive technology when something else already announces the wait. */
  decorative?: boolean;
  className?: string;
}

/** An indeterminate progress indicator. */
export function Spinner({ label, size = 'md', decorative = false, className }: SpinnerProps) {
  const say = useText();
  const classes = ['spinner', `spinner--${size}`, className].filter(Boolean).join(' ');
  if (decorative) return <span className={classes} aria-hidden="true" />;
  return (
    <span
      className={classes}
      role="progressbar"
      aria-label={label ?? say({ id: 'components.spinner.loading', defaultMessage: 'Loading...' })}
    />
  );
}
