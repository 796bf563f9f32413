import { isNotFound, useRouterState } from '@tanstack/react-router';
import type { HeaderStyle } from './Header';

/**
 * The header of the deepest matched route that names one (docs/product.md §2: transparent over the hero on
 * Home, auth screens, Rules, FAQ and static pages); a not-found page always gets the solid bar.
 */
export function useHeaderStyle(): HeaderStyle {
  return useRouterState({
    select: (state) => {
      if (state.matches.some((match) => match.status === 'notFound' || isNotFound(match.error)))
        return 'solid';
      const styled = state.matches.findLast((match) => match.staticData.header !== undefined);
      return styled?.staticData.header ?? 'solid';
    },
  });
}
