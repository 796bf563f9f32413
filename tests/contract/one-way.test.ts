/**
 * Things the code does one way (docs/architecture.md): a second way creeps back in unnoticed,
 * so these read the sources for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** `file:line` of every line of `files` that matches `pattern`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])),
  );
}

describe('one way for each thing', () => {
  it('opens every database transaction with transaction() of server/db/statement.ts', () => {
    const files = sources('server').filter((file) => file !== 'server/db/statement.ts');
    expect(linesMatching(files, /\.transaction\(/)).toEqual([]);
  });

  it('says text in components with useText or <RichText>, numbers and times with useFormats (src/i18n)', () => {
    // docs/decisions/0040-one-way-to-say-text.md: the intl object and react-intl's components stay in src/i18n.
    const files = [...sources('src/features'), ...sources('src/components')];
    expect(
      linesMatching(files, /\buseIntl\b|\bformatMessage\b|<Formatted[A-Z]|\binjectIntl\b|\bIntlContext\b/),
    ).toEqual([]);
  });
});
