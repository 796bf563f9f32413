import type { ReactNode } from 'react';
import './EmptyState.css';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** An action such as a 'Start Shopping' LinkButton. */
  action?: ReactNode;
  /** A decorative icon; hidden from assistive technology. */
  icon?: ReactNode;
  /** The heading level that fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** The 'nothing here yet' block of a list or page. */
export function EmptyState({
  title,
  description,
  action,
  icon,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={['empty-state', className].filter(Boolean).join(' ')}>
      {icon && (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="empty-state__title">{title}</Heading>
      {description && <p className="empty-state__description">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
