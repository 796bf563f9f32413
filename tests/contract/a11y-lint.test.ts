/**
 * Biome's accessibility rules are on (ADR 0001): the project's biome.json, applied to a fixture
 * outside the repository, reports an image without alt text and a button without a type.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'a11y-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(source: string): string {
  copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  writeFileSync(join(dir, 'Fixture.tsx'), source);
  const run = spawnSync(
    join(root, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--max-diagnostics=50', 'Fixture.tsx'],
    { cwd: dir, encoding: 'utf8' },
  );
  return `${run.stdout}${run.stderr}`;
}

describe("biome.json's accessibility rules", () => {
  it('report inaccessible markup', () => {
    const report = lint(
      'export const Bad = () => (\n  <div>\n    <img src="a.png" />\n    <button>Go</button>\n  </div>\n);\n',
    );
    expect(report).toContain('lint/a11y/useAltText');
    expect(report).toContain('lint/a11y/useButtonType');
  });

  it('pass accessible markup', () => {
    const report = lint(
      'export const Good = () => (\n  <div>\n    <img src="a.png" alt="" />\n    <button type="button">Go</button>\n  </div>\n);\n',
    );
    expect(report).not.toContain('lint/a11y');
    expect(report).toMatch(/Checked 1 file/);
  });
});
