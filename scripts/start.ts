// `npm start`: build what is missing or stale, then serve the app and the API on one port.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { supervise } from './supervise';

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

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...SOURCES.map(newestMtime)) > built) {
  console.log('start: building the app and the server…');
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
}

const [command, args] = existsSync('dist/server/main.js')
  ? ['node', ['--enable-source-maps', 'dist/server/main.js']]
  : ['npx', ['vite', 'preview', '--port', process.env.PORT ?? '3000', '--strictPort']];
supervise(command, args);
