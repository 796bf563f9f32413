export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The class list of the button look, shared by Button and LinkButton. */
export function buttonClass(
  variant: ButtonVariant,
  size: ButtonSize,
  fullWidth = false,
  extra?: string,
): string {
  return ['button', `button--${variant}`, `button--${size}`, fullWidth ? 'button--full' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}
