// Each ADR is a decision on one screen, not a diary: a title, Context / Decision / Consequences,
// at most 400 words (counted as `wc -w` does). Measurements and what was tried go to
// docs/benchmarks.md. The ADRs and benchmarks.md cite the repository's own docs, never the
// external notes they were first written against.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const MAX_WORDS = 400;
const adrs = readdirSync(DIR)
  .filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name))
  .sort();
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const FOREIGN_CITATION =
  /SPEC\.md|DESIGN\.md|STACK\.md|\.\.\/shared|\bSPEC §|\bDESIGN §|\bissues? #\d|(^|[\s(])#\d+\b/m;

describe('architecture decision records', () => {
  it('are there', () => {
    expect(adrs.length).toBeGreaterThan(30);
  });

  it.each(adrs)('%s has its number as title and the three sections, in order', (name) => {
    const lines = read(name).split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. \\S`));
    const headings = lines.filter((line) => line.startsWith('## '));
    expect(headings).toEqual(['## Context', '## Decision', '## Consequences']);
  });

  it.each(adrs)(`%s fits one screen (at most ${MAX_WORDS} words)`, (name) => {
    expect(words(read(name))).toBeLessThanOrEqual(MAX_WORDS);
  });

  it.each([...adrs, '../benchmarks.md'])('%s cites the repository, not external notes or issues', (name) => {
    expect(read(name)).not.toMatch(FOREIGN_CITATION);
  });

  it('the index lists every ADR with its summary', () => {
    const index = read('README.md');
    for (const name of adrs)
      expect(index).toMatch(new RegExp(`\\]\\(${name.replace('.', '\\.')}\\) *[—–-]+ *\\S`));
  });
});
