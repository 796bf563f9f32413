import type { ReactNode } from 'react';
import './ErrorText.css';

export interface ErrorTextProps {
  children: ReactNode;
  id?: string;
  /** Announce it as soon as it appears (role="alert"); off for errors tied to a field. */
  announce?: boolean;
  className?: string;
}

/** An error message in the error colour with an icon, so it is not told by colour alone. */
export function ErrorText({ children, id, announce = true, className }: ErrorTextProps) {
  return (
    <p
      id={id}
      role={announce ? 'alert' : undefined}
      className={['error-text', className].filter(Boolean).join(' ')}
    >
      <svg className="error-text__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path fill="currentColor" d="M7 3h2v6H7zM7 11h2v2H7z" />
      </svg>
      <span>{children}</span>
    </p>
  );
}
