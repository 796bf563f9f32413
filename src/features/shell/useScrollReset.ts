import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

type Location = { pathname: string; search: Record<string, unknown>; hash: string };

/**
 * docs/product.md §2: navigation scrolls to the top; on the same path only a change of the `page` search
 * value does. A link to an anchor (#id) is left to the browser.
 */
export function shouldResetScroll(from: Location | undefined, to: Location): boolean {
  if (!from || to.hash !== '') return false;
  if (from.pathname !== to.pathname) return true;
  return String(from.search.page ?? '') !== String(to.search.page ?? '');
}

export function useScrollReset(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', ({ fromLocation, toLocation }) => {
        if (shouldResetScroll(fromLocation, toLocation)) window.scrollTo(0, 0);
      }),
    [router],
  );
}
