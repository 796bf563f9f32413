import { notFound } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { RouterContext } from './root';

/**
 * Starts the staticPage screen for `idOrSlug` and waits for the page (or its failure) to paint it
 * at once. A page the API does not know is the router's not-found (the not-found page, and a 404
 * from the server's render, docs/decisions/0024).
 */
export async function loadStaticPage(context: RouterContext, idOrSlug: string) {
  const screen = await context.screens.start('staticPage', { idOrSlug });
  const settled = await waitFor(screen, (snapshot) => !snapshot.matches('loading'));
  if (settled.matches('notFound')) {
    context.screens.stop('staticPage', screen);
    throw notFound();
  }
  return { screen };
}
