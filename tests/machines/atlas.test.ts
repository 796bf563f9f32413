/**
 * The QA atlas (ADR 0011, scripts/atlas.ts): a page per registry machine with its picture at full
 * size behind zoom controls, every recorded path written as tester steps (no machine internals),
 * the card decline reachable from the checkout, and an index whose search data holds every machine
 * and every path.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { eventWords, failureWords, humanise, stateWords } from '../../scripts/atlas-words';
import { diagramFiles, readPathData } from '../../scripts/diagram-files';

const dir = resolve(import.meta.dirname, '../../docs/diagrams');
const pathData = readPathData(dir);
const files = diagramFiles(machines, pathData);
const names = Object.keys(machines).sort();

/** The page's text as a reader sees it (tags out, entities back). */
const text = (page: string): string =>
  page
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const pageOf = (name: string): string => files.get(`${name}.html`) ?? '';

interface IndexEntry {
  name: string;
  paths: Array<{ id: string; title: string; text: string }>;
}
const index = files.get('index.html') ?? '';
const entries = JSON.parse(
  /<script type="application\/json" id="atlas-data">([\s\S]*?)<\/script>/.exec(index)?.[1] ?? '[]',
) as IndexEntry[];

describe('the QA atlas', () => {
  it.each(names)(
    '%s has a page with its picture at full size, zoom controls and a link from the index',
    (name) => {
      const page = pageOf(name);
      const svg = files.get(`${name}.svg`) ?? '';
      const width = Math.ceil(Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1]));
      expect(page).toContain(`<img src="${name}.svg" width="${width}"`);
      for (const id of ['zoom-in', 'zoom-out', 'zoom-reset', 'zoom-fit'])
        expect(page).toContain(`id="${id}"`);
      expect(page).toContain('<link rel="stylesheet" href="atlas.css">');
      expect(page).toContain('<script src="atlas-zoom.js"></script>');
      expect(`${page}${files.get('atlas.css')}`).not.toMatch(/max-width:\s*100%/);
      expect(page).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
      expect(index).toContain(`<a href="${name}.html">${name}</a>`);
    },
  );

  it.each(names)('%s: every recorded path appears as steps in words, without machine internals', (name) => {
    const page = pageOf(name);
    const words = text(page);
    expect(page).not.toMatch(/xstate\$\$type|childEvents|xstate\.(done|error|after)\./);
    const data = pathData[name];
    expect(data, `${name} has a path record`).toBeDefined();
    data?.paths.forEach((path, i) => {
      expect(page).toContain(`<li class="path" id="p-${i + 1}">`);
      for (const step of path.steps) {
        const does = eventWords(name, step.event as { type: string });
        expect(words).toContain(does);
        for (const line of stateWords(machines[name] as (typeof machines)[string], step.state)) {
          expect(words).toContain(line);
        }
      }
    });
  });

  it('the search data holds every machine and every path of it, linking to the path on its page', () => {
    expect(entries.map((e) => e.name)).toEqual(names);
    for (const entry of entries) {
      expect(entry.paths.map((p) => p.id)).toEqual(
        (pathData[entry.name]?.paths ?? []).map((_, i) => `p-${i + 1}`),
      );
      for (const p of entry.paths) expect(p.text.length).toBeGreaterThan(0);
    }
    expect(index).toMatch(/<input id="search" type="search"/);
    expect(index).toContain('<label for="search">');
  });

  it('writes events as a tester does them, and server answers as what the server says', () => {
    expect(eventWords('checkout', { type: 'SELECT', method: 'card' })).toBe('Choose Card as payment method');
    expect(eventWords('checkout', { type: 'PLAYER', value: 'Alex' })).toBe("Type the player name 'Alex'");
    expect(
      eventWords('checkout', {
        type: 'xstate.error.actor.submitCheckout',
        error: { kind: 'server', message: 'The payment service cannot be reached right now.', status: 503 },
      }),
    ).toBe('The server refuses the checkout: “The payment service cannot be reached right now.” (503)');
    expect(eventWords('somewhere', { type: 'SET_COUNT', id: 17, count: 4 })).toBe(
      'Set count (id 17, count 4)',
    );
    expect(eventWords('somewhere', { type: 'xstate.done.actor.someLookup' })).toBe('Some lookup succeeds');
    expect(eventWords('somewhere', { type: 'xstate.after.3000.somewhere.waiting' })).toBe(
      'After 3 s, with nothing else happening',
    );
    expect(failureWords({ kind: 'cancelled', message: '' })).toMatch(/cancelled/);
    expect(humanise('loadingMessages')).toBe('loading messages');
  });

  it('shows the card decline from the checkout: the failure page and its notice', () => {
    const checkout = text(pageOf('checkout'));
    const result = pathData.paymentResult;
    const declined = result?.paths.findIndex(
      (p) => (result.inputs[p.input] as { outcome?: string } | null)?.outcome === 'failed',
    );
    expect(declined).toBeGreaterThanOrEqual(0);
    expect(pageOf('checkout')).toContain(`href="paymentResult.html#p-${(declined ?? 0) + 1}"`);
    expect(checkout).toContain('the card is declined');
    expect(checkout).toContain('/fail-payment');
    expect(checkout).toContain('Payment failed. Please try again.');
    const decline = entries.find((e) => e.name === 'checkout')?.paths.filter((p) => /declined/.test(p.text));
    expect(decline?.length).toBeGreaterThan(0);
  });
});
