import { describe, expect, it } from 'vitest';
import type { RenderEntry, RenderResult } from '../../server/render/app-page';
import { cachedRenderEntry } from '../../server/render/render-cache';

/** A render entry that counts its renders and answers what `outcome` says. */
function countingEntry(outcome: (url: string) => Promise<RenderResult> = async (url) => page(url)) {
  const renders: string[] = [];
  const entry: RenderEntry = {
    render: (request) => {
      renders.push(`${request.cookieConsent ?? '-'} ${request.url}`);
      return outcome(request.url);
    },
  };
  return { entry, renders };
}

function page(url: string): RenderResult {
  return { kind: 'page', status: 200, html: `<main>${url}</main>`, lang: 'en', title: url, startup: {} };
}

const answer = async () => undefined;
const request = (url: string, cookieConsent?: string) => ({ url, cookieConsent, answer });

describe('cachedRenderEntry', () => {
  it('renders a page once per ttl for the same consent cookie, and shares a render in progress', async () => {
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
    expect(renders).toEqual(['- /shop']);
    await cached.render(request('/shop', 'accepted'));
    await cached.render(request('/shop?page=2'));
    expect(renders).toEqual(['- /shop', 'accepted /shop', '- /shop?page=2']);
    time = 2_000;
    await cached.render(request('/shop'));
    expect(renders).toHaveLength(4);
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
    expect(renders).toEqual(['- /a', '- /b', '- /c', '- /a']);
  });
});
