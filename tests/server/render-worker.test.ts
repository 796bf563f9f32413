// docs/decisions/0055: renders run in a worker thread that asks this thread for the API's answers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RenderEntry } from '../../server/render/app-page';
import { renderingInWorker } from '../../server/render/render-worker';

const dir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-render-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A render entry file: renders `url` with the answer to /settings; fails on /fail; ends its
 * thread on /exit, and on /ask-then-exit while its question is still unanswered.
 */
const entryFile = path.join(dir, 'entry.mjs');
writeFileSync(
  entryFile,
  `import { threadId } from 'node:worker_threads';
export async function render(request) {
  if (request.url === '/fail') throw new Error('render failed: ' + request.url);
  if (request.url === '/exit') process.exit(3);
  if (request.url === '/ask-then-exit') {
    setTimeout(() => process.exit(4), 20);
    await request.answer('/slow', new URLSearchParams());
  }
  const settings = await request.answer('/settings', new URLSearchParams('lang_id=2'));
  return { kind: 'page', status: 200, html: request.url + ' ' + JSON.stringify(settings), lang: 'en', title: '', startup: { threadId, languageId: request.languageId } };
}
`,
);
const mainEntry: RenderEntry = {
  pageKey: (url) => url.split('?')[0] ?? url,
  render: async () => ({ kind: 'none', reason: 'main' }),
};
const choices = { cookieConsent: undefined, languageId: 2, currencyCode: null } as const;

describe('renderingInWorker', () => {
  it('renders in another thread with the answers this thread gives, and keys pages here', async () => {
    const asked: string[] = [];
    const rendering = renderingInWorker(entryFile, mainEntry);
    try {
      const result = await rendering.render({
        url: '/shop',
        ...choices,
        answer: async (path, query) => {
          asked.push(`${path}?${query}`);
          return { status: 'OK' };
        },
      });
      expect(result).toMatchObject({
        kind: 'page',
        html: '/shop {"status":"OK"}',
        startup: { languageId: 2 },
      });
      expect(result.kind === 'page' && (result.startup as { threadId: number }).threadId).not.toBe(0);
      expect(asked).toEqual(['/settings?lang_id=2']);
      expect(rendering.pageKey?.('/shop?x=1')).toBe('/shop');
    } finally {
      await rendering.close();
    }
  });

  it('fails a render that fails, and one whose worker ends, and renders the next in a new worker', async () => {
    const rendering = renderingInWorker(entryFile, mainEntry);
    const answer = async () => ({ status: 'OK' });
    try {
      await expect(rendering.render({ url: '/fail', ...choices, answer })).rejects.toThrow(
        'render failed: /fail',
      );
      await expect(rendering.render({ url: '/exit', ...choices, answer })).rejects.toThrow(
        'exited with code 3',
      );
      await expect(rendering.render({ url: '/', ...choices, answer })).resolves.toMatchObject({
        kind: 'page',
      });
    } finally {
      await rendering.close();
    }
  });

  it("gives an answer to the worker that asked: a worker started since never gets another render's", async () => {
    const rendering = renderingInWorker(entryFile, mainEntry);
    const later = (body: unknown, ms: number) =>
      new Promise((resolve) => setTimeout(() => resolve(body), ms));
    try {
      await expect(
        rendering.render({ url: '/ask-then-exit', ...choices, answer: () => later('stale', 200) }),
      ).rejects.toThrow('exited with code 4');
      const next = await rendering.render({ url: '/', ...choices, answer: () => later('fresh', 400) });
      expect(next).toMatchObject({ kind: 'page', html: '/ "fresh"' });
    } finally {
      await rendering.close();
    }
  });

  it('fails what is still rendering when it closes', async () => {
    const rendering = renderingInWorker(entryFile, mainEntry);
    const pending = rendering.render({ url: '/', ...choices, answer: () => new Promise(() => undefined) });
    const failed = expect(pending).rejects.toThrow('closing');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await rendering.close();
    await failed;
  });
});
