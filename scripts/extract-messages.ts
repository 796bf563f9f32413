// `npm run i18n:extract`: writes the default English catalogue src/i18n/en.json from the
// messages in the code (react-intl descriptors in src/, `say({ id, defaultMessage })` calls, and the machines' own defineMessages, each with an id and a defaultMessage), and the same
// catalogue as the server's English seed (server/ never imports from src/, so it gets a copy).
// tests/ui/components/catalogue.test.ts fails while en.json differs from what this produces;
// tests/contract/catalogues.test.ts fails while the copy or the de/es catalogues lag behind.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const CATALOGUE_PATH = join(root, 'src/i18n/en.json');
/** The server seeds its `translations` table from `<code>.json` files in this folder. */
export const SERVER_CATALOGUES_DIR = join(root, 'server/db/seed/catalogues');
export const SERVER_CATALOGUE_PATH = join(SERVER_CATALOGUES_DIR, 'en.json');

/** The catalogue the code defines now: message id → English default, sorted by id. */
export function extractCatalogue(): Record<string, string> {
  const cli = createRequire(import.meta.url).resolve('@formatjs/cli/bin/formatjs');
  const dir = mkdtempSync(join(tmpdir(), 'messages-'));
  try {
    const outFile = join(dir, 'en.json');
    execFileSync(
      process.execPath,
      [
        cli,
        'extract',
        'src/**/*.{ts,tsx}',
        'machines/**/*.ts',
        '--ignore',
        'src/**/*.d.ts',
        // A component's own message written at the call: `say({ id, defaultMessage })` (src/i18n/useText.ts).
        '--additional-function-names',
        'say',
        '--out-file',
        outFile,
        '--format',
        'simple',
        '--throws',
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const extracted = JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, string>;
    return Object.fromEntries(Object.entries(extracted).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The catalogue as it is written to disk (the layout Biome keeps). */
export function serializeCatalogue(catalogue: Record<string, string>): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const catalogue = extractCatalogue();
  const text = serializeCatalogue(catalogue);
  writeFileSync(CATALOGUE_PATH, text);
  mkdirSync(SERVER_CATALOGUES_DIR, { recursive: true });
  writeFileSync(SERVER_CATALOGUE_PATH, text);
  console.log(
    `extract-messages: ${Object.keys(catalogue).length} messages → src/i18n/en.json, server/db/seed/catalogues/en.json`,
  );
}
