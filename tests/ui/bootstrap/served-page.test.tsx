import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstPaint,
  holdEarlyActions,
  readStartupData,
  STARTUP_DATA_ID,
} from '../../../src/bootstrap/served-page';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = STARTUP_DATA_ID;
    script.textContent = json;
    doc.body.append(script);
  }
  return doc;
}

describe('readStartupData', () => {
  it('reads the answers the server inlined', () => {
    const data = { languageId: 1, currencyCode: 'EUR', answers: { '/settings': { status: 'OK' } } };
    expect(readStartupData(pageWith(JSON.stringify(data)))).toEqual(data);
  });

  it('is null without the element, or with unreadable or shapeless data', () => {
    expect(readStartupData(pageWith(null))).toBeNull();
    expect(readStartupData(pageWith('{"answers":'))).toBeNull();
    expect(readStartupData(pageWith('"text"'))).toBeNull();
    expect(readStartupData(pageWith('{"languageId":1}'))).toBeNull();
  });
});

type PaintList = { getEntriesByName: (name: string) => unknown[] };

/** A PerformanceObserver that reports the paints the test names. */
class FakePaintObserver {
  static supportedEntryTypes: string[] = [];
  static instances: FakePaintObserver[] = [];
  disconnected = false;
  constructor(private readonly callback: (list: PaintList) => void) {
    FakePaintObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(names: string[]) {
    this.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
  }
}

function fakePaintObserver(supported: string[]): FakePaintObserver[] {
  FakePaintObserver.supportedEntryTypes = supported;
  FakePaintObserver.instances = [];
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  return FakePaintObserver.instances;
}

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, not the first paint', async () => {
    vi.useFakeTimers();
    const observers = fakePaintObserver(['paint']);
    let settled = false;
    void afterFirstPaint().then(() => {
      settled = true;
    });
    observers[0]?.report(['first-paint']);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    observers[0]?.report(['first-contentful-paint']);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('gives up after a second (a hidden tab paints nothing)', async () => {
    vi.useFakeTimers();
    fakePaintObserver(['paint']);
    let settled = false;
    void afterFirstPaint().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('does not wait where the browser reports no paints', async () => {
    fakePaintObserver(['navigation']);
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });
});

describe('holdEarlyActions', () => {
  function serverScreen() {
    const root = document.createElement('div');
    root.innerHTML = `
      <a href="#elsewhere">Elsewhere</a>
      <button type="button">Add to cart</button>
      <form method="post"><input name="email" /><button type="submit">Sign In</button></form>`;
    document.body.append(root);
    return root;
  }
  const byText = (root: HTMLElement, text: string) =>
    [...root.querySelectorAll<HTMLElement>('a, button')].find((element) => element.textContent === text);

  it('replays the clicks on buttons made before the app took over, once it has, in order', () => {
    const root = serverScreen();
    const seen: string[] = [];
    const release = holdEarlyActions(root);
    byText(root, 'Add to cart')?.click();
    byText(root, 'Add to cart')?.click();
    // The app's handlers arrive with hydration, after the clicks.
    root.addEventListener('click', (event) => seen.push((event.target as HTMLElement).textContent ?? ''));
    expect(seen).toEqual([]);
    release();
    expect(seen).toEqual(['Add to cart', 'Add to cart']);
    byText(root, 'Add to cart')?.click();
    expect(seen).toHaveLength(3);
    root.remove();
  });

  it('holds a form submission instead of posting it, and submits it again once released', () => {
    const root = serverScreen();
    const form = root.querySelector('form');
    const submitted: (string | undefined)[] = [];
    const release = holdEarlyActions(root);
    form?.requestSubmit();
    form?.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push((event as SubmitEvent).submitter?.textContent ?? undefined);
    });
    expect(submitted).toEqual([]);
    release();
    expect(submitted).toEqual([undefined]);
    root.remove();
  });

  it('leaves a checkbox to the browser: the box is ticked, its form carries it', () => {
    const root = serverScreen();
    root.insertAdjacentHTML('beforeend', '<input type="checkbox" aria-label="Accept the terms" />');
    const box = root.querySelector<HTMLInputElement>('input[type="checkbox"]');
    const release = holdEarlyActions(root);
    box?.click();
    expect(box?.checked).toBe(true);
    release();
    expect(box?.checked).toBe(true);
    root.remove();
  });

  it('does a held action to the element at its place once released, where the app rendered over the page', () => {
    const root = serverScreen();
    const release = holdEarlyActions(root);
    byText(root, 'Add to cart')?.click();
    root.querySelector('form')?.requestSubmit();
    // The app's render replaces the server's elements with its own, in the same places.
    root.innerHTML = `
      <a href="#elsewhere">Anderswo</a>
      <button type="button">In den Warenkorb</button>
      <form method="post"><input name="email" /><button type="submit">Anmelden</button></form>`;
    const done: string[] = [];
    root.addEventListener('click', (event) =>
      done.push(`click ${(event.target as HTMLElement).textContent}`),
    );
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      done.push('submit');
    });
    release();
    expect(done).toEqual(['click In den Warenkorb', 'submit']);
    root.remove();
  });

  it('keeps the held event from the app’s own listeners until released', () => {
    const root = serverScreen();
    const release = holdEarlyActions(root);
    const seen: string[] = [];
    // React listens on the same element once it has the page (after the hold began).
    root.addEventListener('click', () => seen.push('app'), true);
    byText(root, 'Add to cart')?.click();
    expect(seen).toEqual([]);
    release();
    expect(seen).toEqual(['app']);
    root.remove();
  });

  it('leaves links alone', () => {
    const root = serverScreen();
    const release = holdEarlyActions(root);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    byText(root, 'Elsewhere')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    release();
    root.remove();
  });
});
