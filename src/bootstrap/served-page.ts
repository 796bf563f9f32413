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
 * carries it out once React has (the returned function, called as the app's first render
 * commits): a button's click would otherwise do nothing and a form's submission would post the
 * fields to the server (refused, docs/decisions/0021). Each is kept by where it happened (its
 * element's position under `root`) and done to the element there at release: the same element
 * where React hydrated the server's HTML, the app's own where it rendered over it (a stored
 * session, language or currency). React does not see a held event, so it is done once. Links
 * are left alone: they load their page. So are checkboxes and the other fields: what they hold
 * then is the form's values (src/features/forms/servedForms.ts).
 */
export function holdEarlyActions(root: HTMLElement): () => void {
  const held: number[][] = [];
  const positionOf = (element: Element) => {
    const position = [];
    for (let node = element; node !== root; node = node.parentElement as Element)
      position.unshift([...(node.parentElement as Element).children].indexOf(node));
    return position;
  };
  // A button's click, or a form's submission (by the browser's own means, e.g. Enter).
  const hold = (event: Event) => {
    const target =
      event.type === 'click' ? (event.target as Element).closest('button') : (event.target as Element);
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(positionOf(target));
  };
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', hold, true);
  return () => {
    root.removeEventListener('click', hold, true);
    root.removeEventListener('submit', hold, true);
    // Every target is found before any is acted on: an action may change the page.
    const targets = held
      .splice(0)
      .map((position) => position.reduce<Element | undefined>((node, index) => node?.children[index], root));
    for (const target of targets) {
      if (target instanceof HTMLFormElement) target.requestSubmit();
      else if (target instanceof HTMLButtonElement) target.click();
    }
  };
}
