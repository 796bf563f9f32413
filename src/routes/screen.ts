import type { AnyActorRef } from 'xstate';
import type { ScreenName } from '../bootstrap/screen-runner';
import type { RouterContext } from './root';

/**
 * What every route with a screen machine shares (docs/architecture.md §2): its loader starts the screen's actor
 * and returns it as `{ screen }`; leaving the route stops it, which aborts its requests. Loader
 * data is not kept after leaving (gcTime 0), so coming back starts a fresh screen instead of
 * showing the stopped one. Screens started `alongside` the route's own are handed over under their
 * names (`{ screen, orders }`) and stopped with it.
 */
export function screenLifecycle(name: ScreenName, ...alongside: ScreenName[]) {
  return {
    gcTime: 0,
    onLeave: ({
      context,
      loaderData,
    }: {
      context: RouterContext;
      loaderData?: { screen?: AnyActorRef | undefined; [name: string]: AnyActorRef | undefined };
    }) => {
      context.screens.stop(name, loaderData?.screen);
      for (const other of alongside) context.screens.stop(other, loaderData?.[other]);
    },
  };
}
