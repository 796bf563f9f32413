import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lazy/whenIdle';
import type { ToastsProps } from './Toasts';
import './Toasts.css';

export type { ToastItem, ToastKind, ToastsProps } from './Toasts';

/** Starts loading the toast region's chunk. */
export const loadToasts = () => import('./Toasts');

const Toasts = lazy(() => loadToasts().then((module) => ({ default: module.Toasts })));

/**
 * The toast region, kept off the first load: its chunk is fetched when the browser is idle and
 * mounted with the first toast. A toast that comes before the chunk is shown read-only meanwhile.
 */
export function LazyToasts({ toasts, onDismiss }: ToastsProps) {
  const [mounted, setMounted] = useState(false);
  if (!mounted && toasts.length > 0) setMounted(true);

  useEffect(
    () =>
      whenIdle(() => {
        void loadToasts();
      }),
    [],
  );

  if (!mounted) return null;
  return (
    <Suspense
      fallback={
        <div className="toasts" role="status">
          {toasts.map((toast) => (
            <div key={toast.id} className={`toast toast--${toast.kind}`}>
              <span className="toast__message">{toast.message}</span>
            </div>
          ))}
        </div>
      }
    >
      <Toasts toasts={toasts} onDismiss={onDismiss} />
    </Suspense>
  );
}
