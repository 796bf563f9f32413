import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('src/api/schema.d.ts', () => {
  it('is what `npm run gen:api` makes from openapi.yaml (regenerate, never edit by hand)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gen-api-')), 'schema.d.ts');
    execFileSync('node_modules/.bin/openapi-typescript', ['openapi.yaml', '-o', out], { stdio: 'pipe' });
    expect(readFileSync('src/api/schema.d.ts', 'utf8')).toBe(readFileSync(out, 'utf8'));
  });
});
