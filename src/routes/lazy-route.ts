import type { AsyncRouteComponent } from '@tanstack/react-router';
import { type ComponentType, createElement } from 'react';
import { retryableImport } from '../components/lazy/retryable';

/**
 * A route's component from its own chunk, like TanStack's `lazyRouteComponent` (the router calls
 * `preload` on every load of the route) but without its page reload on a failed chunk, which with
 * the server away shows the browser's error page: the failure renders the route's error component
 * instead, and its Retry, or the next navigation here, fetches the chunk again
 * (docs/decisions/0027).
 */
export function lazyRouteComponent<M extends Record<string, unknown>, K extends keyof M>(
  importer: () => Promise<M>,
  exportName: K,
): AsyncRouteComponent<M[K] extends ComponentType<infer P> ? P : never> {
  let component: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const load = retryableImport(importer);
  const preload = (): Promise<void> => {
    if (component) return Promise.resolve();
    if (pending) return pending;
    failure = undefined;
    pending = load()
      .then((module) => {
        component = module[exportName] as ComponentType;
      })
      .catch((error: unknown) => {
        failure = { error };
      })
      .then(() => {
        pending = undefined;
      });
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route, at module level, like React.lazy
  function LazyRoute(props: object) {
    // The router awaits `preload` before it renders the route; the promise is for any other render.
    if (!component) throw failure ? failure.error : preload();
    return createElement(component as ComponentType<object>, props);
  }
  return Object.assign(LazyRoute, { preload }) as never;
}
