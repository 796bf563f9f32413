// Once per `npm run test:e2e`: check for Chromium, empty the artifacts folder, and build the app and
// the server when dist/ is missing or older than its sources (the same stamp and source list as
// `npm start`, scripts/start.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR } from './artifacts';
import { chromePath } from './browser';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['index.html', 'openapi.yaml', 'package-lock.json', 'src', 'machines', 'server', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

export default function setup(): void {
  if (!existsSync(chromePath())) {
    throw new Error(
      `No Chromium at ${chromePath()}: run \`bash scripts/ensure-chromium.sh\` or set CHROME_PATH.`,
    );
  }
  rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  const built = existsSync(STAMP) && existsSync('dist/server/main.js') ? statSync(STAMP).mtimeMs : 0;
  if (Math.max(...SOURCES.map(newestMtime)) <= built) return;
  console.log('e2e: building the app and the server…');
  // vitest sets NODE_ENV=test, which would make Vite build React's development bundle and keep the
  // Stately inspector: the suite must drive what `npm start` serves.
  execFileSync('npm', ['run', '-s', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(STAMP, new Date().toISOString());
}
