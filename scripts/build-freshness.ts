// Whether dist/ is older than what `npm run build` reads. `npm start` and the browser suite both
// ask, so an edit anywhere the build looks (domain/ and vite.config.ts included) is never served stale.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every top-level entry the build reads (scripts/ holds the Vite plugins and the server bundler). */
export const BUILD_INPUTS = [
  'index.html',
  'openapi.yaml',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'src',
  'machines',
  'domain',
  'server',
  'public',
  'scripts',
];

/** Top-level entries the build never reads; a new one must be put in one list or the other. */
export const NOT_BUILD_INPUTS = [
  '.ci',
  '.dependency-cruiser.cjs',
  '.gitignore',
  '.npmrc',
  'README.md',
  'agent',
  'biome.json',
  'docs',
  'drizzle.config.ts',
  'tests',
];

const STAMP = 'dist/.build-stamp';
const SERVER_BUNDLE = 'dist/server/main.js';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

export function buildIsStale(root = '.'): boolean {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, SERVER_BUNDLE))) return true;
  const built = statSync(stamp).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > built);
}

export function markBuilt(root = '.'): void {
  writeFileSync(join(root, STAMP), new Date().toISOString());
}
