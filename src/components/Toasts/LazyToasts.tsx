import { Suspense, useEffect, useState } from 'react';
import { ChunkBoundary } from '../lazy/ChunkBoundary';
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
 * comes before the chunk, or while it cannot be loaded, is shown read-only.
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
  const plain = <PlainToasts toasts={props.toasts} />;
  // Without its chunk (the server away), the toasts still show, read-only; a new toast tries again.
  return (
    <ChunkBoundary fallback={() => plain} retryOn={props.toasts}>
      <Suspense fallback={plain}>
        <toasts.Lazy {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** The toasts as text, while their region's chunk loads or when it could not. */
function PlainToasts({ toasts }: Pick<ToastsProps, 'toasts'>) {
  return (
    <div className="toasts" role="status">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          <span className="toast__message">{toast.message}</span>
        </div>
      ))}
    </div>
  );
}
