import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, readStartupData, STARTUP_DATA_ID } from '../../../src/bootstrap/served-page';

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
