import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface AriaChunk<P extends object> {
  /** Fetches the chunk (once; again after a failure) and resolves the localized component. */
  load: () => Promise<ComponentType<P>>;
  /** The same component for `<Suspense>`. */
  Lazy: LazyExoticComponent<ComponentType<P>>;
}

/** A react-aria component from a lazily loaded chunk, wrapped in react-aria's locale provider. */
export function lazyWithAriaLocale<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
): AriaChunk<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () => {
    loading ??= Promise.all([importComponent(), import('./AriaLocale')]).then(
      ([Component, { withAriaLocale }]) => withAriaLocale(Component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { load, Lazy: lazy(() => load().then((Component) => ({ default: Component }))) };
}
