import { CatchBoundary } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadFailed } from '../LoadFailed/LoadFailed';

export interface ChunkBoundaryProps {
  children: ReactNode;
  /** What stands in for the part that failed; `retry` renders it again (a lazy part loads again). */
  fallback?: (retry: () => void) => ReactNode;
  /** A change of this value after a failure tries again by itself (e.g. a new toast). */
  resetKey?: unknown;
}

/**
 * Keeps a lazily loaded part's failure to that part (docs/decisions/0026): without it, a chunk
 * that fails to load throws to the route's boundary, and from the shell to the whole page. The
 * router's error boundary, which the first load has anyway, does the catching.
 */
export function ChunkBoundary({ children, fallback, resetKey }: ChunkBoundaryProps) {
  return (
    <CatchBoundary
      getResetKey={() => resetKey}
      errorComponent={({ reset }) => (fallback ? fallback(reset) : <LoadFailed onRetry={reset} />)}
    >
      {children}
    </CatchBoundary>
  );
}
