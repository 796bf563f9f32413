import { waitFor } from 'xstate';
import type { RouterContext } from './root';

/** Starts the staticPage screen for `idOrSlug` and waits for the page (or its failure) to paint it at once. */
export async function loadStaticPage(context: RouterContext, idOrSlug: string) {
  const screen = await context.screens.start('staticPage', { idOrSlug });
  await waitFor(screen, (snapshot) => !snapshot.matches('loading'));
  return { screen };
}
