import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner';
import { type ButtonSize, type ButtonVariant, buttonClass } from './buttonClass';
import './Button.css';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children' | 'style'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
  children: React.ReactNode;
}

/**
 * An action button. While `isPending` it shows a spinner, ignores presses (react-aria keeps it
 * focusable and announces the change) and never gets narrower than it was before, so a label
 * like 'SIGNING IN...' does not make the layout jump.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
  isPending = false,
  children,
  ...rest
}: ButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const idleWidth = useRef(0);

  // Read from a ResizeObserver, which reports after the browser's own layout: measuring in an
  // effect (offsetWidth) would force a layout on every commit of every page with a button.
  useEffect(() => {
    const element = ref.current;
    if (!element || isPending || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.borderBoxSize[0]?.inlineSize;
      if (width) idleWidth.current = width;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isPending]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (element) element.style.minWidth = isPending && idleWidth.current > 0 ? `${idleWidth.current}px` : '';
  }, [isPending]);

  return (
    <AriaButton
      {...rest}
      ref={ref}
      isPending={isPending}
      className={buttonClass(variant, size, fullWidth, className)}
    >
      {isPending && <Spinner size="sm" decorative className="button__spinner" />}
      <span className="button__label">{children}</span>
    </AriaButton>
  );
}
