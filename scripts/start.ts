// `npm start`: build what is missing or stale, then serve the app and the API on one port.
import { execFileSync } from 'node:child_process';
import { buildIsStale, markBuilt } from './build-freshness';
import { supervise } from './supervise';

if (buildIsStale()) {
  console.log('start: building the app and the server…');
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  markBuilt();
}

supervise('node', ['--enable-source-maps', 'dist/server/main.js']);
