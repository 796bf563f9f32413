// Once per `npm run test:e2e`: check for Chromium, empty the artifacts folder, and build the app and
// the server when dist/ is missing or older than what the build reads (the check `npm start` makes).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { buildIsStale, markBuilt } from '../../../scripts/build-freshness';
import { ARTIFACTS_DIR } from './artifacts';
import { chromePath } from './browser';

export default function setup(): void {
  if (!existsSync(chromePath())) {
    throw new Error(
      `No Chromium at ${chromePath()}: run \`bash scripts/ensure-chromium.sh\` or set CHROME_PATH.`,
    );
  }
  rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  if (!buildIsStale()) return;
  console.log('e2e: building the app and the server…');
  // vitest sets NODE_ENV=test, which would make Vite build React's development bundle and keep the
  // Stately inspector: the suite must drive what `npm start` serves.
  execFileSync('npm', ['run', '-s', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  markBuilt();
}
