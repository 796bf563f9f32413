import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Strings only @statelyai/inspect brings: its package name and the inspector's address. */
const MARKERS = ['@statelyai/inspect', 'stately.ai/inspect', 'createBrowserInspector'];

/**
 * The built JavaScript files of `dir` (recursively) that contain the Stately inspector, which
 * only `npm run dev` may load (`?inspect`, src/bootstrap/dev-inspector.ts).
 */
export function inspectorTraces(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.m?js$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        if (MARKERS.some((marker) => text.includes(marker))) found.push(path);
      }
    }
  };
  visit(dir);
  return found.sort();
}
