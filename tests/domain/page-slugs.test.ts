import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_SLUGS, PAGE_SLUG_PATTERN, RESERVED_PAGE_SLUGS } from '../../domain/page-slugs';

const routesDir = path.resolve(import.meta.dirname, '../../src/routes');

/** The first segment of every absolute route path the app declares (`/shop`, `/email/verify/…`). */
function firstSegments(): string[] {
  const segments = new Set<string>();
  for (const file of readdirSync(routesDir)) {
    const source = readFileSync(path.join(routesDir, file), 'utf8');
    for (const match of source.matchAll(/(?:path: |paymentWaitingRoute\()'\/([a-z][a-z-]*)/g)) {
      segments.add(match[1] as string);
    }
  }
  return [...segments].sort();
}

describe('page slugs', () => {
  it('reserves every first segment of the app routes but the pages the app shows itself', () => {
    const segments = firstSegments();
    expect(segments).toContain('shop');
    expect(segments).toContain('operator');
    const unreserved = segments.filter((segment) => !RESERVED_PAGE_SLUGS.has(segment));
    expect(unreserved.sort()).toEqual([...APP_PAGE_SLUGS].sort());
  });

  it('reserves only slugs a page could have', () => {
    for (const slug of RESERVED_PAGE_SLUGS) expect(slug).toMatch(PAGE_SLUG_PATTERN);
  });
});
