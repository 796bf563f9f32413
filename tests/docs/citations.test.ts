// Every "§" the repository cites resolves in docs/: `docs/product.md §N` and
// `docs/architecture.md §N` name a numbered `## N.` heading of that file (docs/architecture.md §5).
// Documents that are not in the repository (an outside spec or design note, an issue tracker) are
// never cited: a maintainer who clones the repository has neither.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Generated files (their sources are checked) and files that are not text. */
const SKIPPED = [
  /^docs\/diagrams\//,
  /^domain\/contract\.d\.ts$/,
  /^src\/i18n\/en\.json$/,
  /^package-lock\.json$/,
  /^server\/db\/migrations\/meta\//,
  /\.(png|jpe?g|webp|avif|gif|ico|svg|woff2?|ttf|br|gz)$/,
];

function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => path !== '' && !SKIPPED.some((pattern) => pattern.test(path)));
}

/** The section ids (`3`, `3b`) of a doc's numbered `## N.` headings. */
function sectionsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^## (\d+[a-z]?)\. /gm)].map((match) => match[1] as string));
}

type Docs = Record<'product' | 'architecture', Set<string>>;

/** A document a "§" may belong to: ours, or an RFC. */
const OWNER = /(?:docs\/)?\b(product|architecture)\.md\b|\bRFC ?\d+\b|\b(SPEC|DESIGN)\b/g;
/** A section sign with a number; `§c` colour codes and `'§6There'` of game replies are no citation. */
const SECTION = /(?<![\w§])§ ?(\d+[a-z]?)(?![A-Za-z0-9])/g;

/** What is wrong with the citations of one file, as `path:line: problem`. */
function citationProblems(path: string, text: string, docs: Docs): string[] {
  const problems: string[] = [];
  const ownDoc =
    path === 'docs/product.md' ? 'product' : path === 'docs/architecture.md' ? 'architecture' : null;
  let carried: string | null = null;
  text.split('\n').forEach((line, index) => {
    const where = `${path}:${index + 1}`;
    const owners = [...line.matchAll(OWNER)].map((match) => ({
      at: match.index,
      doc: match[1] ?? (match[2] ? 'outside' : 'rfc'),
    }));
    for (const match of line.matchAll(SECTION)) {
      const before = owners.filter((owner) => owner.at < match.index).at(-1);
      // Only a line that goes on with the citation ("and §5") continues the previous line's.
      const goesOn = line.slice(0, match.index).replace(/\b(and|or|to)\b|[\s/*#,;(–-]/g, '') === '';
      const doc = before?.doc ?? (goesOn ? carried : null) ?? ownDoc;
      const id = match[1] as string;
      if (doc === null) problems.push(`${where}: §${id} names no document`);
      else if (doc === 'outside')
        problems.push(`${where}: §${id} cites a document that is not in the repository`);
      else if ((doc === 'product' || doc === 'architecture') && !docs[doc].has(id))
        problems.push(`${where}: docs/${doc}.md has no §${id}`);
    }
    // A citation may run on to the next line ("docs/product.md §2 and\n §5").
    carried = owners.at(-1)?.doc ?? null;
  });
  return problems;
}

/** Mentions of documents and issue numbers the repository does not hold. */
const FOREIGN = [
  { pattern: /\b(SPEC|DESIGN|STACK)\.md\b/, what: 'a document outside the repository' },
  { pattern: /\b(SPEC|DESIGN)\b(?!_)/, what: 'a document outside the repository' },
  { pattern: /\/work\/shared|\.\.\/shared\/(SPEC|DESIGN|STACK)/, what: 'a folder outside the repository' },
  { pattern: /\bissues? #?\d+/i, what: 'an issue number (cite the ADR or doc section instead)' },
  { pattern: /(^|[\s([])#\d+( ?§|[:)])/, what: 'an issue number (cite the ADR or doc section instead)' },
];

function foreignMentions(path: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const found = FOREIGN.find(({ pattern }) => pattern.test(line));
    if (found) problems.push(`${path}:${index + 1}: ${found.what}: ${line.trim().slice(0, 100)}`);
  });
  return problems;
}

function read(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

describe('citations', () => {
  const docs: Docs = {
    product: sectionsOf(read('docs/product.md')),
    architecture: sectionsOf(read('docs/architecture.md')),
  };
  const files = repositoryFiles()
    // The tests that spell out the forbidden citations.
    .filter((path) => !['tests/docs/citations.test.ts', 'tests/docs/adr-shape.test.ts'].includes(path))
    .map((path) => ({ path, text: read(path) }))
    .filter(({ text }) => !text.includes('\0'));

  it('the docs have the sections the code cites', () => {
    expect([...docs.product]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect([...docs.architecture]).toEqual(['1', '2', '3', '3b', '4', '4b', '5', '6']);
  });

  it('every § names a section of docs/product.md or docs/architecture.md that exists', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.flatMap(({ path, text }) => citationProblems(path, text, docs)).join('\n')).toBe('');
  });

  it('nothing cites a document or an issue the repository does not hold', () => {
    expect(files.flatMap(({ path, text }) => foreignMentions(path, text)).join('\n')).toBe('');
  });

  it('tells a broken citation from a good one', () => {
    const text = [
      '// docs/product.md §2 and §8; docs/architecture.md §3b (RFC 9110 §10.2.3)',
      '// docs/product.md §2 and',
      '// §5 on the next line',
      "reply.replace(/§./g, ''); parse('§6There are §c1§6 out')",
      '// docs/product.md §10',
      '// docs/architecture.md §7',
      '// a bare §4',
      '// SPEC §2 and DESIGN.md §1',
    ].join('\n');
    expect(citationProblems('src/x.ts', text, docs)).toEqual([
      'src/x.ts:5: docs/product.md has no §10',
      'src/x.ts:6: docs/architecture.md has no §7',
      'src/x.ts:7: §4 names no document',
      'src/x.ts:8: §2 cites a document that is not in the repository',
      'src/x.ts:8: §1 cites a document that is not in the repository',
    ]);
    expect(citationProblems('docs/product.md', 'as in §3, not §12', docs)).toEqual([
      'docs/product.md:1: docs/product.md has no §12',
    ]);
  });

  it('tells an issue number from a colour, an entity or an order number', () => {
    const clean = "color: #1a2b3c; '&#39;' 'Order #77' npm/cli#8320 a #42 key-common";
    expect(foreignMentions('a.ts', clean)).toEqual([]);
    for (const line of [
      '// (issue #12)',
      '// Issue 20: x',
      '// #9 §1',
      '/** #15: the tab',
      "it('x (#12)'",
      'SPEC.md',
    ]) {
      expect(foreignMentions('a.ts', line)).toHaveLength(1);
    }
  });
});
