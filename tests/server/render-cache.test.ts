import { describe, expect, it } from 'vitest';
import type { PageChoices, RenderEntry, RenderResult } from '../../server/render/app-page';
import { cachedRenderEntry } from '../../server/render/render-cache';

/** A render entry that counts its renders and answers what `outcome` says. */
function countingEntry(outcome: (url: string) => Promise<RenderResult> = async (url) => page(url)) {
  const renders: string[] = [];
  const entry: RenderEntry = {
    render: (request) => {
      const choices = [request.cookieConsent, request.languageId, request.currencyCode];
      renders.push(`${choices.map((choice) => choice ?? '-').join('/')} ${request.url}`);
      return outcome(request.url);
    },
  };
  return { entry, renders };
}

function page(url: string): Extract<RenderResult, { kind: 'page' }> {
  return { kind: 'page', status: 200, html: `<main>${url}</main>`, lang: 'en', title: url, startup: {} };
}

const answer = async () => undefined;
const request = (url: string, choices: Partial<PageChoices> = {}): Parameters<RenderEntry['render']>[0] => ({
  url,
  cookieConsent: undefined,
  languageId: null,
  currencyCode: null,
  ...choices,
  answer,
});

describe('cachedRenderEntry', () => {
  it('renders a page once per ttl for the same choices, and shares a render in progress', async () => {
    let time = 0;
    const { entry, renders } = countingEntry();
    const cached = cachedRenderEntry(entry, { ttlMs: 2_000, now: () => time });
    const [first, second] = await Promise.all([
      cached.render(request('/shop')),
      cached.render(request('/shop')),
    ]);
    expect(first).toBe(second);
    time = 1_999;
    await cached.render(request('/shop'));
    expect(renders).toEqual(['-/-/- /shop']);
    await cached.render(request('/shop', { cookieConsent: 'true' }));
    await cached.render(request('/shop', { languageId: 2 }));
    await cached.render(request('/shop', { currencyCode: 'USD' }));
    await cached.render(request('/shop', { languageId: 2 }));
    await cached.render(request('/shop?page=2'));
    expect(renders).toEqual([
      '-/-/- /shop',
      'true/-/- /shop',
      '-/2/- /shop',
      '-/-/USD /shop',
      '-/-/- /shop?page=2',
    ]);
    time = 2_000;
    await cached.render(request('/shop'));
    expect(renders).toHaveLength(6);
  });

  it('does not keep a render that failed', async () => {
    let fail = true;
    const { entry, renders } = countingEntry(async (url) => {
      if (fail) throw new Error('render failed');
      return page(url);
    });
    const cached = cachedRenderEntry(entry, { now: () => 0 });
    await expect(cached.render(request('/'))).rejects.toThrow('render failed');
    fail = false;
    await expect(cached.render(request('/'))).resolves.toMatchObject({ kind: 'page' });
    expect(renders).toHaveLength(2);
  });

  it('keeps at most maxEntries pages, dropping the oldest', async () => {
    const { entry, renders } = countingEntry();
    const cached = cachedRenderEntry(entry, { maxEntries: 2, now: () => 0 });
    for (const url of ['/a', '/b', '/c', '/b', '/a']) await cached.render(request(url));
    expect(renders).toEqual(['-/-/- /a', '-/-/- /b', '-/-/- /c', '-/-/- /a']);
  });

  it('renders the page a URL shows once, whatever query string no route reads', async () => {
    const { entry, renders } = countingEntry();
    const keyed: RenderEntry = { ...entry, pageKey: (url) => url.replace(/[?&]x=\d+/, '') };
    const cached = cachedRenderEntry(keyed, { now: () => 0 });
    const pages = [];
    for (let n = 0; n < 100; n += 1) pages.push(await cached.render(request(`/shop?x=${n}`)));
    expect(renders).toEqual(['-/-/- /shop']);
    expect(new Set(pages).size).toBe(1);
  });

  it('runs a bounded number of renders at once, queues a few, and answers the rest unrendered at once', async () => {
    const finish: (() => void)[] = [];
    const { entry, renders } = countingEntry(
      (url) => new Promise((resolve) => finish.push(() => resolve(page(url)))),
    );
    const cached = cachedRenderEntry(entry, { concurrency: 2, queue: 1, now: () => 0 });
    const results = ['/a', '/b', '/c', '/d', '/e'].map((url) => cached.render(request(url)));
    await Promise.resolve();
    expect(renders).toEqual(['-/-/- /a', '-/-/- /b']);
    await expect(results[3]).resolves.toMatchObject({ kind: 'none' });
    await expect(results[4]).resolves.toMatchObject({ kind: 'none' });
    // The queued one starts when a slot is free; the refused ones were not kept.
    finish.shift()?.();
    await results[0];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renders).toEqual(['-/-/- /a', '-/-/- /b', '-/-/- /c']);
    for (const done of finish.splice(0)) done();
    await expect(results[2]).resolves.toMatchObject({ kind: 'page' });
    const again = cached.render(request('/d'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish.shift()?.();
    await expect(again).resolves.toMatchObject({ kind: 'page' });
    expect(renders).toEqual(['-/-/- /a', '-/-/- /b', '-/-/- /c', '-/-/- /d']);
  });

  it('past the ttl serves the kept page at once while one fresh render replaces it', async () => {
    let time = 0;
    let version = 0;
    const finish: (() => void)[] = [];
    const { entry, renders } = countingEntry(
      (url) =>
        new Promise((resolve) => {
          version += 1;
          const html = `${url} v${version}`;
          finish.push(() => resolve({ ...page(url), html }));
        }),
    );
    const cached = cachedRenderEntry(entry, { ttlMs: 2_000, staleMs: 10_000, now: () => time });
    const first = cached.render(request('/shop'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish.shift()?.();
    await expect(first).resolves.toMatchObject({ html: '/shop v1' });

    time = 5_000;
    // Stale: the same page at once, and one fresh render for all who ask meanwhile.
    await expect(cached.render(request('/shop'))).resolves.toMatchObject({ html: '/shop v1' });
    await expect(cached.render(request('/shop'))).resolves.toMatchObject({ html: '/shop v1' });
    expect(renders).toHaveLength(2);
    finish.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(cached.render(request('/shop'))).resolves.toMatchObject({ html: '/shop v2' });

    // Past ttl and stale time, a visitor waits for a fresh render.
    time = 5_000 + 12_000;
    const late = cached.render(request('/shop'));
    let settled = false;
    void late.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    finish.shift()?.();
    await expect(late).resolves.toMatchObject({ html: '/shop v3' });
  });

  it('keeps serving the stale page when its fresh render fails, and tries again', async () => {
    let time = 0;
    let fail = false;
    const { entry, renders } = countingEntry(async (url) => {
      if (fail) throw new Error('render failed');
      return page(url);
    });
    const cached = cachedRenderEntry(entry, { ttlMs: 2_000, staleMs: 10_000, now: () => time });
    const kept = await cached.render(request('/'));
    time = 3_000;
    fail = true;
    await expect(cached.render(request('/'))).resolves.toBe(kept);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(cached.render(request('/'))).resolves.toBe(kept);
    expect(renders).toHaveLength(3);
  });
});

describe('cachedRenderEntry after a catalogue change on this node', () => {
  it('renders a kept page again at once, fresh or stale, and keeps the new render', async () => {
    let time = 0;
    let generation = 0;
    let version = 0;
    const { entry, renders } = countingEntry(async (url) => {
      version += 1;
      return { ...page(url), html: `${url} v${version}` };
    });
    const cached = cachedRenderEntry(entry, {
      ttlMs: 5_000,
      staleMs: 10_000,
      now: () => time,
      generation: () => generation,
    });
    await expect(cached.render(request('/shop'))).resolves.toMatchObject({ html: '/shop v1' });
    // Within the ttl: the change is rendered at once, and that render is kept.
    time = 1_000;
    generation = 1;
    await expect(cached.render(request('/shop'))).resolves.toMatchObject({ html: '/shop v2' });
    await expect(cached.render(request('/shop'))).resolves.toMatchObject({ html: '/shop v2' });
    expect(renders).toHaveLength(2);

    // Past the ttl a kept page is served stale while refreshed; after a change it is not served.
    time = 7_000;
    generation = 2;
    await expect(cached.render(request('/shop'))).resolves.toMatchObject({ html: '/shop v3' });
    expect(renders).toHaveLength(3);
  });
});
