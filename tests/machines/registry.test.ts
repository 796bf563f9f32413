/**
 * Every machine of machines/registry.ts has a path suite (docs/architecture.md §5): a test file that calls
 * `describePaths` (or `describeEachPaths`, which calls it per machine), whose record of every step,
 * docs/diagrams/paths/<machine>.json, covers every transition. A machine added without a suite, or a
 * record left behind by a removed machine, fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { type MachinePathData, pathDataDir, repoRoot } from '../support/pathData';

const names = Object.keys(machines).sort();

describe('machines/registry.ts', () => {
  it('names each machine by its id', () => {
    for (const [name, machine] of Object.entries(machines)) expect(machine.id, name).toBe(name);
  });

  it.each(names)('%s has a path suite that replays every transition', (name) => {
    const file = join(pathDataDir, `${name}.json`);
    expect(existsSync(file), `${name} has no path suite (no docs/diagrams/paths/${name}.json)`).toBe(true);
    const data = JSON.parse(readFileSync(file, 'utf8')) as MachinePathData;
    expect(data.machine).toBe(name);
    const suite = join(repoRoot, data.suite);
    expect(existsSync(suite), `${data.suite} is gone`).toBe(true);
    expect(readFileSync(suite, 'utf8')).toMatch(/describe(Each)?Paths\(/);
    expect(data.uncovered).toEqual([]);
    expect(data.covered).toBe(data.transitions);
    const taken = new Set(data.paths.flatMap((p) => p.covers));
    for (const edge of data.edges) expect(taken, `${name}: ${edge.label}`).toContain(edge.label);
  });

  it('has a machine for every recorded path suite', () => {
    const recorded = readdirSync(pathDataDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(recorded).toEqual(names);
  });
});
