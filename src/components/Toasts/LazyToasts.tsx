import { Suspense, useEffect, useState } from 'react';
import { lazyWithAriaLocale } from '../lazy/lazyWithAriaLocale';
import { onFirstInteraction } from '../lazy/onFirstInteraction';
import type { ToastsProps } from './Toasts';
import './Toasts.css';

export type { ToastItem, ToastKind, ToastsProps } from './Toasts';

const toasts = lazyWithAriaLocale<ToastsProps>(() => import('./Toasts').then((module) => module.Toasts));

/** Starts loading the toast region's chunk. */
export const loadToasts = toasts.load;

/**
 * The toast region, kept off the first load: its chunk is fetched at the visitor's first
 * interaction (what usually comes before a toast) and mounted with the first toast. A toast that
 * comes before the chunk is shown read-only meanwhile.
 */
export function LazyToasts(props: ToastsProps) {
  const [mounted, setMounted] = useState(false);
  if (!mounted && props.toasts.length > 0) setMounted(true);

  useEffect(
    () =>
      onFirstInteraction(() => {
        void loadToasts();
      }),
    [],
  );

  if (!mounted) return null;
  return (
    <Suspense
      fallback={
        <div className="toasts" role="status">
          {props.toasts.map((toast) => (
            <div key={toast.id} className={`toast toast--${toast.kind}`}>
              <span className="toast__message">{toast.message}</span>
            </div>
          ))}
        </div>
      }
    >
      <toasts.Lazy {...props} />
    </Suspense>
  );
}
