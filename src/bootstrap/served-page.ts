// What src/main.tsx needs before it asks for any of the app's code: the start-up answers the
// server inlined with its rendering of the first screen (docs/decisions/0021), and when the page
// has painted (docs/decisions/0023).
import type { StartupData } from './inlined-answers';

/** The id of the `<script type="application/json">` element that carries StartupData. */
export const STARTUP_DATA_ID = 'startup-data';

/** The inlined start-up data of this page, or null (no server render, or unreadable). */
export function readStartupData(doc: Document): StartupData | null {
  const text = doc.getElementById(STARTUP_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as StartupData;
    return typeof data === 'object' && data !== null && typeof data.answers === 'object' ? data : null;
  } catch {
    return null;
  }
}

/** How long to wait for the first paint at most: a hidden tab paints nothing until it is shown. */
const PAINT_WAIT_MS = 1000;

/**
 * Resolves once the browser has shown the page's first contentful paint (its presentation, not
 * only the frame's rendering, which an animation frame callback would catch), or after
 * PAINT_WAIT_MS; at once where the browser does not report paints.
 */
export function afterFirstPaint(): Promise<void> {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  )
    return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, PAINT_WAIT_MS);
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    function done() {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Holds what a visitor does to the server's first screen before React has taken it over, and
 * replays it once React has (the returned function): a button's click would otherwise do nothing
 * and a form's submission would post the fields to the server (refused, docs/decisions/0021).
 * Links are left alone: they load their page. Checkboxes and radios are held as clicks too, so
 * their state does not move ahead of the app's.
 */
export function holdEarlyActions(root: HTMLElement): () => void {
  const held: (() => void)[] = [];
  // Nothing else listens yet: keeping the browser's default action is all that is needed.
  const onClick = (event: MouseEvent) => {
    const control = (event.target as Element).closest<HTMLElement>(
      'button, input[type="checkbox"], input[type="radio"]',
    );
    if (!control) return;
    event.preventDefault();
    held.push(() => control.click());
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    const submitter = event.submitter ?? undefined;
    event.preventDefault();
    held.push(() => form.requestSubmit(submitter));
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  return () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('submit', onSubmit, true);
    for (const replay of held.splice(0)) replay();
  };
}
