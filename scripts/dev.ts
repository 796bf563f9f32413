// `npm run dev`: the Vite dev server, with /api proxied to the API server in watch mode.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [];

if (existsSync('server/main.ts')) {
  children.push(
    spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    }),
  );
}
children.push(spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }));

function stop(code: number) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
