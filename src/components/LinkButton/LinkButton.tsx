import type { AnchorHTMLAttributes, ReactElement, ReactNode } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClass } from '../Button/buttonClass';
import '../Button/Button.css';

/** What a custom link element receives: spread it onto the router's Link. */
export interface LinkButtonRenderProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children'> {
  className: string;
  children: ReactNode;
}

export interface LinkButtonProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
  /**
   * Renders another link element with the button look, e.g. the router's Link:
   * `render={(props) => <Link to="/shop" {...props} />}`. Without it a plain `<a>` is rendered.
   */
  render?: (props: LinkButtonRenderProps) => ReactElement;
}

/** A link that looks like a button: navigation, not an action. */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
  children,
  render,
  ...anchorProps
}: LinkButtonProps) {
  const classes = buttonClass(variant, size, fullWidth, className);
  if (render) return render({ ...anchorProps, className: classes, children });
  return (
    <a {...anchorProps} className={classes}>
      {children}
    </a>
  );
}
