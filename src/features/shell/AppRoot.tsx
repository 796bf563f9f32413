import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useSyncExternalStore,
} from 'react';
import { defineMessages } from 'react-intl';
import { localeOf } from '../../../machines/language';
import { LoadFailed } from '../../components/LoadFailed/LoadFailed';
import { ChunkBoundary } from '../../components/lazy/ChunkBoundary';
import { retryableLazy } from '../../components/lazy/lazyWithAriaLocale';
import { retryableImport } from '../../components/lazy/retryable';
import { IntlProvider } from '../../i18n/IntlProvider';
import { useAppActor, useAppSelector, useChild } from '../app/AppActorContext';
import { injectGoogleTag } from './googleTag';
import './AppRoot.css';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  loading: { id: 'shell.startup.loading', defaultMessage: 'Loading...' },
});

/** The router does no scrolling of its own: the shell's scroll rule (docs/product.md §2) decides. */
const routerScrollsNever = () => false;

/**
 * The start-up spinner, the initialization error, or the routed app (docs/product.md §2 "Shell", §8), in
 * the chosen language: its code and the server's messages merged over the English catalogue.
 */
export function AppRoot({ router, routerMounted }: { router: AnyRouter; routerMounted: () => void }) {
  // Deferred: the switch to the routed app renders the whole shell and page, and as a deferred
  // update React renders it in slices that leave the main thread free, not in one long task.
  const appPhase = useAppSelector((snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('initError') ? 'error' : 'ready',
  );
  const routerResolved = useRouterResolved(router);
  const phase = useDeferredValue(appPhase === 'ready' && !routerResolved ? 'loading' : appPhase);
  const app = useAppActor();
  const initError = useAppSelector((snapshot) => snapshot.context.initError);
  const retryInSeconds = useAppSelector((snapshot) => snapshot.context.retryInSeconds);
  const googleTag = useAppSelector((snapshot) => snapshot.context.settings?.google_tag ?? null);
  const language = useChild('language');
  const locale = useSelector(language, (snapshot) => localeOf(snapshot.context));
  const serverMessages = useSelector(language, (snapshot) => snapshot.context.messages);

  useEffect(() => injectGoogleTag(googleTag), [googleTag]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <IntlProvider locale={locale} messages={serverMessages}>
      {phase === 'loading' && <StartupSpinner />}
      {phase === 'error' && (
        // Its code may not arrive either (the server away): then the short message, whose Retry
        // loads it again.
        <ChunkBoundary>
          <Suspense fallback={<StartupSpinner />}>
            <StartupError
              error={initError}
              retryInSeconds={retryInSeconds}
              onRetry={() => app.send({ type: 'RETRY' })}
            />
          </Suspense>
        </ChunkBoundary>
      )}
      {phase === 'ready' && (
        // The last resort in place of the router's own (English, no retry): the root route's error
        // component is the usual one (docs/decisions/0027).
        <ChunkBoundary fallback={(retry) => <LoadFailed page onRetry={retry} />}>
          <RouterProvider router={router} scrollRestoration={routerScrollsNever} />
          <AfterMount run={routerMounted} />
        </ChunkBoundary>
      )}
    </IntlProvider>
  );
}

/** Runs `run` in the commit that mounts it: placed after the router, once the router's own layout effects have run. */
function AfterMount({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}

/** Shown only when start-up fails, so its code is not part of the first load. */
const StartupError = retryableLazy(
  retryableImport(() => import('./StartupError').then(({ StartupError }) => StartupError)),
);

/** Whether the router has loaded its first location (bootApp starts that load). */
function useRouterResolved(router: AnyRouter): boolean {
  const subscribe = useCallback((notify: () => void) => router.subscribe('onResolved', notify), [router]);
  const resolved = () => router.state.resolvedLocation !== undefined;
  // The server renders (src/render/server-entry.tsx) after the router has loaded, as the browser does.
  return useSyncExternalStore(subscribe, resolved, resolved);
}

/**
 * An inline SVG spinner: the first paint needs no component library. index.html holds the same
 * markup, painted before the scripts arrive (an SVG counts as content for the first contentful
 * paint; a bordered box would not). The browser entry renders React only once the first screen is
 * ready (bootApp's mountApp), so this one shows where the app is rendered earlier, as in tests.
 */
function StartupSpinner() {
  const say = useText();
  return (
    <main className="app-status">
      <svg
        className="app-status__spinner"
        viewBox="0 0 48 48"
        role="progressbar"
        aria-label={say(messages.loading)}
      >
        <circle className="app-status__track" cx="24" cy="24" r="20" />
        <path className="app-status__arc" d="M24 4a20 20 0 0 1 20 20" />
      </svg>
    </main>
  );
}
