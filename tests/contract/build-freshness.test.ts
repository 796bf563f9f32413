// `npm start`, the browser suite and Lighthouse rebuild when dist/ is older than what the build
// reads: the list must name every top-level entry the build can read, and an edit in any of them
// (domain/ and vite.config.ts were once missed) must count.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, buildIsStale, markBuilt, NOT_BUILD_INPUTS } from '../../scripts/build-freshness';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function builtTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'blockfront-freshness-'));
  roots.push(root);
  for (const input of BUILD_INPUTS) {
    const file = input.includes('.') ? join(root, input) : join(root, input, 'a.ts');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    utimesSync(dirname(file), new Date(1_000_000), new Date(1_000_000));
  }
  mkdirSync(join(root, 'dist/server'), { recursive: true });
  writeFileSync(join(root, 'dist/server/main.js'), '');
  markBuilt(root);
  return root;
}

describe('build freshness', () => {
  it('classifies every top-level entry of the repository', () => {
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((path) => path.split('/')[0] ?? path);
    const unclassified = [...new Set(tracked)].filter(
      (entry) => !BUILD_INPUTS.includes(entry) && !NOT_BUILD_INPUTS.includes(entry),
    );
    expect(unclassified).toEqual([]);
  });

  it('is fresh right after a build', () => {
    expect(buildIsStale(builtTree())).toBe(false);
  });

  it.each(BUILD_INPUTS)('is stale after an edit in %s', (input) => {
    const root = builtTree();
    const file = input.includes('.') ? join(root, input) : join(root, input, 'b.ts');
    writeFileSync(file, 'edited');
    utimesSync(file, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    expect(buildIsStale(root)).toBe(true);
  });

  it('is stale without the server bundle', () => {
    const root = builtTree();
    rmSync(join(root, 'dist/server/main.js'));
    expect(buildIsStale(root)).toBe(true);
  });
});
