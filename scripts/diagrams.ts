/**
 * Writes docs/diagrams/<machine>.md (Mermaid stateDiagram-v2 + transition table) and <machine>.svg
 * for every machine in machines/registry.ts, an index, and the QA atlas index.html (from the path
 * records in docs/diagrams/paths/). `--check` only lists stale files and exits 1 if any.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { machines } from '../machines/registry';
import { diagramFiles, readPathData, staleFiles } from './diagram-files';

const dir = resolve(import.meta.dirname, '../docs/diagrams');
const started = performance.now();
const files = diagramFiles(machines, readPathData(dir));
const stale = await staleFiles(dir, files);

if (process.argv.includes('--check')) {
  if (stale.length > 0) {
    console.error(
      `Stale diagrams (run npm run diagrams):\n${stale.map((f) => `  docs/diagrams/${f}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`docs/diagrams is up to date (${files.size} files).`);
} else {
  await mkdir(dir, { recursive: true });
  for (const file of stale) {
    const content = files.get(file);
    if (content === undefined) await rm(join(dir, file));
    else await writeFile(join(dir, file), content);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`docs/diagrams: ${stale.length} of ${files.size} files written or removed (${seconds} s).`);
}
