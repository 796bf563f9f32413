import type { RouterHistory } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { waitFor } from 'xstate';
import type { ApiClient } from '../api';
import { AppActorProvider } from '../features/app/AppActorContext';
import { servedForms } from '../features/forms/servedForms';
import { AppRoot } from '../features/shell/AppRoot';
import { type AppRouter, createAppRouter } from '../routes/router';
import type { AppActor } from './app-actor';
import type { StartupData } from './inlined-answers';
import { nextTask } from './next-task';
import { type AppStart, showsServerScreen, startApp } from './start-app';

export interface BootedApp {
  api: ApiClient;
  app: AppActor;
  router: AppRouter;
  /** Settles when start-up has answered and, if it succeeded, the first page has loaded. */
  firstScreen: Promise<void>;
  /** Called by `App` once the router has mounted: navigation asked for before then runs now. */
  routerMounted: () => void;
}

/**
 * Bootstrap (docs/architecture.md §1): api client → app actor (both from src/bootstrap/start-app.ts: main.tsx
 * creates and starts them before this module has loaded; by default bootApp starts its own) →
 * router. The browser entry uses the browser's history; the UI tests pass a memory history.
 */
export function bootApp({
  history,
  started = startApp(),
}: {
  history?: RouterHistory;
  started?: AppStart;
} = {}): BootedApp {
  const { api, app, screens } = started;
  const router = createAppRouter({ app, api, screens }, history);
  // A machine may ask to navigate (a payment's result, a session that ended) while the first render
  // is still a transition React has not committed: the router would then re-render a tree that is
  // not mounted (React warns and drops that update). Such a navigation waits for the mount.
  let mounted = false;
  const waiting: (() => void)[] = [];
  started.connectRouter({
    isOnProtectedRoute: () => router.state.matches.some((match) => match.staticData.access === 'protected'),
    currentPath: () => router.state.location.href,
    navigate: (to, replace) => {
      const go = () => void router.navigate({ to, replace });
      if (mounted) go();
      else waiting.push(go);
    },
  });
  const routerMounted = () => {
    mounted = true;
    for (const go of waiting.splice(0)) go();
  };
  // The first page loads (guards, loaders, code) while the start-up requests run, so the router
  // mounts resolved (AppRoot) and does not load and render the page a second time as it mounts.
  const firstPage = nextTask().then(() => router.load());
  const firstScreen = waitFor(app, (snapshot) => !snapshot.matches('loading'))
    .then((snapshot) => (snapshot.matches('ready') ? firstPage : undefined))
    // Whatever went wrong, the app renders its own state (AppRoot shows the start-up error).
    .catch(() => undefined);
  return { api, app, router, firstScreen, routerMounted };
}

/**
 * Renders the app into `element` once its first screen is ready, and returns its React root.
 * Where the server rendered that same screen (`startup`, docs/decisions/0021) React hydrates
 * its HTML; otherwise the server's HTML, or index.html's start-up spinner, stays until the
 * render replaces it. Both are transitions, so the whole shell and page do not block the main
 * thread in one task. Each served form's values go to the app's form that takes its place
 * (src/features/forms/servedForms.ts), and once the render has committed `takeOver` carries out
 * what the visitor did meanwhile (docs/decisions/0023).
 */
export async function mountApp(
  started: AppStart,
  element: HTMLElement,
  startup: StartupData | null = null,
  takeOver?: () => void,
): Promise<Root> {
  // This module's code has just run: the router is built in a task of its own, and its first
  // load starts in another (bootApp), so that none of them holds the main thread for long.
  await nextTask();
  const { app, router, firstScreen, routerMounted } = bootApp({ started });
  await firstScreen;
  servedForms.forms = element.querySelectorAll('form');
  // After the commit, not inside it: a click on a part React has yet to hydrate hydrates it first.
  const tree = (
    <App
      app={app}
      router={router}
      routerMounted={routerMounted}
      onCommit={takeOver && (() => queueMicrotask(takeOver))}
    />
  );
  if (startup !== null && showsServerScreen(app, router.state.resolvedLocation?.pathname, startup)) {
    // The router renders its matches as it does on the server (no Suspense boundary of its own
    // around them), which is what a router hydrating server HTML is marked with.
    router.ssr = { manifest: undefined };
    // Hydrating in a transition lets React yield to the browser every few milliseconds; outside
    // one, the whole page hydrates in a single task (docs/decisions/0023).
    return new Promise((resolve) => startTransition(() => resolve(hydrateRoot(element, tree))));
  }
  const root = createRoot(element);
  startTransition(() => root.render(tree));
  return root;
}

/**
 * The whole app for `render`: the actor's context around the start-up screens and the router.
 * `onCommit` runs once its first render has committed and the effects below it have run: by then
 * a hydrated page shows what differs for a signed-in customer (src/features/shared/session.ts),
 * so what the visitor did meanwhile is done to their page, not to the signed-out one.
 */
export function App({
  app,
  router,
  routerMounted,
  onCommit,
}: Pick<BootedApp, 'app' | 'router' | 'routerMounted'> & { onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return (
    <StrictMode>
      <AppActorProvider actor={app}>
        <AppRoot router={router} routerMounted={routerMounted} />
      </AppActorProvider>
    </StrictMode>
  );
}
