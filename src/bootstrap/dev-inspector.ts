import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

/**
 * Development only: with `?inspect` in the address, the Stately inspector (@statelyai/inspect,
 * which opens stately.ai in a new window) watches the live actors of the app. Events are kept
 * until the inspector has loaded, so the start-up is seen too. In a production build
 * `import.meta.env.DEV` is false and this code, and the inspector with it, is left out
 * (`npm run size` checks).
 */
export function devInspector(): Inspect | undefined {
  if (import.meta.env.DEV) {
    if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
    const waiting: InspectionEvent[] = [];
    let forward: Inspect | undefined;
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const { inspect } = createBrowserInspector();
      forward = (event) => inspect.next?.(event);
      for (const event of waiting.splice(0)) forward(event);
    });
    return (event) => {
      if (forward) forward(event);
      else waiting.push(event);
    };
  }
  return undefined;
}
