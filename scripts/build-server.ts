// Bundles the API server for `npm start`: our code is bundled, node_modules stay external. Runs
// after `vite build`, so it also writes the compressed copies of the built storefront first.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { compressAssets } from './compress-assets';

const appDir = 'dist/app';
if (existsSync(appDir)) {
  const { files, bytes, brotliBytes } = await compressAssets(appDir);
  console.log(
    `build-server: compressed ${files} files in ${appDir}, ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`,
  );
}

const entry = 'server/main.ts';
const outdir = 'dist/server';

if (!existsSync(entry)) {
  console.log(`build-server: ${entry} does not exist yet; nothing to bundle.`);
  process.exit(0);
}

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [entry],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The bundle looks for its migrations and seed catalogues beside itself.
for (const [from, to] of [
  ['server/db/migrations', 'migrations'],
  ['server/db/seed/catalogues', 'catalogues'],
] as const) {
  if (existsSync(from)) cpSync(from, `${outdir}/${to}`, { recursive: true });
}
console.log(`build-server: ${entry} → ${outdir}/main.js`);
