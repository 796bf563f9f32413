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

/** React.lazy that starts over after a failure: the next render loads again. */
export function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const create = () =>
    lazy(() =>
      load().then(
        (Component) => ({ default: Component }),
        (error: unknown) => {
          current = create();
          throw error;
        },
      ),
    );
  let current = create();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazy part, at module level, like React.lazy
  function RetryableLazy(props: P) {
    return createElement(current, props);
  }
  return RetryableLazy;
}
