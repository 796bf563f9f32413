// `npm run size`: the JavaScript the first load of `/` fetches, gzip, against DESIGN.md §6, and
// no trace of the development-only Stately inspector anywhere in the build.
// The scripts the built index.html loads or preloads (the entry, and the UI that src/main.tsx
// imports dynamically), everything they import statically (Vite's manifest), and the lazy chunks
// of the modules `/` renders on first load (with their static imports).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inspectorTraces } from './inspector-traces';

const BUDGET_BYTES = 150 * 1024;
const DIST = 'dist/app';
const MANIFEST = join(DIST, '.vite/manifest.json');
/** Source modules that `/` loads lazily on its first render (route chunks of the home page). */
const FIRST_LOAD_OF_HOME = [/^src\/routes\/index\.tsx?$/, /^src\/features\/home\//];

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

if (!existsSync(MANIFEST)) {
  console.error(`size: ${MANIFEST} is missing; run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;

function withStaticImports(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    withStaticImports(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const page = readFileSync(join(DIST, 'index.html'), 'utf8');
const pageScripts = new Set(
  [...page.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1],
  ),
);
const entries = Object.keys(manifest).filter(
  (key) => manifest[key]?.isEntry || pageScripts.has(manifest[key]?.file ?? ''),
);
const homeChunks = Object.keys(manifest).filter((key) =>
  FIRST_LOAD_OF_HOME.some((pattern) => pattern.test(manifest[key]?.src ?? key)),
);
const files = [...withStaticImports([...entries, ...homeChunks])]
  .map((key) => manifest[key]?.file)
  .filter((file): file is string => Boolean(file?.endsWith('.js')));

let total = 0;
for (const file of files.sort()) {
  const gzip = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
  total += gzip;
  console.log(`${(gzip / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `first load of /: ${(total / 1024).toFixed(1)} KB gzip JS, ${verdict} the ${BUDGET_BYTES / 1024} KB budget`,
);
const inspector = inspectorTraces(DIST);
console.log(
  inspector.length === 0
    ? 'no Stately inspector code in the build'
    : `the Stately inspector is in the production build: ${inspector.join(', ')}`,
);
process.exit(total <= BUDGET_BYTES && inspector.length === 0 ? 0 : 1);
