import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

let generated = '';

beforeAll(() => {
  const out = join(mkdtempSync(join(tmpdir(), 'gen-api-')), 'schema.d.ts');
  execFileSync('node_modules/.bin/openapi-typescript', ['openapi.yaml', '-o', out], { stdio: 'pipe' });
  generated = readFileSync(out, 'utf8');
});

// `npm run gen:api` writes the contract's types once, into domain/: the client, the machines and the
// server all read them there (docs/decisions/0010, 0020).
describe.each(['domain/contract.d.ts'])('%s', (file) => {
  it('is what `npm run gen:api` makes from openapi.yaml (regenerate, never edit by hand)', () => {
    expect(readFileSync(file, 'utf8')).toBe(generated);
  });
});
