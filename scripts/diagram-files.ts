/**
 * Every generated file of docs/diagrams: per machine its Markdown page (Mermaid + transitions),
 * picture (SVG) and QA atlas page (<machine>.html), the index page, and the atlas's searchable
 * index (index.html), the atlas built from the path records in
 * docs/diagrams/paths/, which the path suites write. `npm run diagrams` writes them; the diagram
 * test fails when any is stale.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { MachinePathData } from '../tests/support/pathData';
import { atlasPages, svgSize } from './atlas';
import { renderSvg } from './diagram-svg';
import { indexDoc, machineDoc, toMermaid } from './mermaid';

/** The path records by machine name (docs/diagrams/paths/<machine>.json). */
export function readPathData(dir: string): Record<string, MachinePathData> {
  const pathsDir = join(dir, 'paths');
  if (!existsSync(pathsDir)) return {};
  return Object.fromEntries(
    readdirSync(pathsDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => [
        f.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(pathsDir, f), 'utf8')) as MachinePathData,
      ]),
  );
}

/** File name → content of every generated file of docs/diagrams, in a stable order. */
export function diagramFiles(
  machines: Record<string, AnyStateMachine>,
  pathData: Record<string, MachinePathData | undefined>,
): Map<string, string> {
  const names = Object.keys(machines).sort();
  const files = new Map<string, string>([['README.md', indexDoc(machines, names)]]);
  const sizes: Record<string, { width: number; height: number }> = {};
  for (const name of names) {
    const machine = machines[name];
    if (!machine) continue;
    const svg = renderSvg(toMermaid(machine));
    sizes[name] = svgSize(svg);
    files.set(`${name}.md`, machineDoc(name, machine));
    files.set(`${name}.svg`, svg);
  }
  for (const [file, content] of atlasPages(machines, pathData, sizes)) files.set(file, content);
  return files;
}

const GENERATED = /\.(md|svg|html|css|js)$/;

/** Files that differ from what would be generated, are missing, or belong to no machine. */
export async function staleFiles(dir: string, files: Map<string, string>): Promise<string[]> {
  const onDisk = (await readdir(dir).catch(() => [] as string[])).filter((f) => GENERATED.test(f));
  const stale: string[] = onDisk.filter((f) => !files.has(f));
  for (const [file, content] of files) {
    const current = await readFile(join(dir, file), 'utf8').catch(() => undefined);
    if (current !== content) stale.push(file);
  }
  return stale.sort();
}
