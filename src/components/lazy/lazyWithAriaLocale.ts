import { type ComponentType, createElement, lazy } from 'react';
import { retryableImport } from './retryable';

export interface AriaChunk<P extends object> {
  /** Fetches the chunk (once; again after a failure) and resolves the localized component. */
  load: () => Promise<ComponentType<P>>;
  /**
   * The same component for `<Suspense>`. A failed load throws to the nearest error boundary
   * (`ChunkBoundary`); rendered again, it fetches again (React.lazy alone keeps its failure).
   */
  Lazy: ComponentType<P>;
}

/** A react-aria component from a lazily loaded chunk, wrapped in react-aria's locale provider. */
export function lazyWithAriaLocale<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
): AriaChunk<P> {
  const load = retryableImport(() =>
    Promise.all([importComponent(), import('./AriaLocale')]).then(([Component, { withAriaLocale }]) =>
      withAriaLocale(Component),
    ),
  );
  return { load, Lazy: retryableLazy(load) };
}

/** Bumped by `retryChunks`: a lazy part that failed before loads again when it renders next. */
let generation = 0;

/** Lets every lazy part that failed to load try again at its next render (a Retry). */
export function retryChunks(): void {
  generation += 1;
}

/**
 * React.lazy that can start over after a failure. The failure stays until `retryChunks` (React
 * renders a lazy part again as soon as its load settles: starting over there would try again in a
 * loop while the server is away).
 */
export function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let failedIn: number | undefined;
  const create = () =>
    lazy(() =>
      load().then(
        (Component) => ({ default: Component }),
        (error: unknown) => {
          failedIn = generation;
          throw error;
        },
      ),
    );
  let current = create();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy part, at module level, like React.lazy
  function RetryableLazy(props: P) {
    if (failedIn !== undefined && failedIn < generation) {
      failedIn = undefined;
      current = create();
    }
    return createElement(current, props);
  }
  return RetryableLazy;
}
