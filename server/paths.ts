import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files the server reads at run time. This module runs from `server/` (tsx) or bundled into
 * `dist/server/main.js`; both sit below the project root, found as the nearest folder upwards
 * that holds `openapi.yaml`.
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'openapi.yaml'))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`openapi.yaml not found in ${start} or any folder above it`);
  }
}

const root = findRoot(path.dirname(fileURLToPath(import.meta.url)));

export const paths = {
  root,
  openapi: path.join(root, 'openapi.yaml'),
  /** The built storefront (vite build); absent in development, where Vite serves it. */
  appDist: path.join(root, 'dist', 'app'),
};
