import { CatchBoundary } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LoadFailed } from '../LoadFailed/LoadFailed';
import { retryChunks } from './lazyWithAriaLocale';

export interface ChunkBoundaryProps {
  children: ReactNode;
  /** What stands in for the part that failed; `retry` renders it again, loading what failed anew. */
  fallback?: (retry: () => void) => ReactNode;
  /** After a failure, a change of this value tries again by itself (e.g. a new toast). */
  retryOn?: unknown;
}

/**
 * Keeps a lazily loaded part's failure to that part (docs/decisions/0027): without it, a chunk
 * that fails to load throws to the route's boundary, and from the shell to the whole page. The
 * router's error boundary, which the first load has anyway, does the catching.
 */
export function ChunkBoundary(props: ChunkBoundaryProps) {
  const latest = useRef(props);
  latest.current = props;
  // One component for the boundary's life: a new one per render would remount the fallback.
  const [Fallback] = useState(() => {
    // biome-ignore lint/correctness/noComponentHookFactories: made once per boundary (useState), reading its latest props
    function ChunkFallback({ reset }: { reset: () => void }) {
      const { fallback, retryOn } = latest.current;
      const retry = () => {
        retryChunks();
        reset();
      };
      const failedWith = useRef(retryOn);
      useEffect(() => {
        if (retryOn !== failedWith.current) retry();
      });
      return fallback ? fallback(retry) : <LoadFailed onRetry={retry} />;
    }
    return ChunkFallback;
  });
  return (
    <CatchBoundary getResetKey={() => 0} errorComponent={Fallback}>
      {props.children}
    </CatchBoundary>
  );
}
