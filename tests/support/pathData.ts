/**
 * The generated paths of a machine as data: docs/diagrams/paths/<machine>.json, written by its path
 * suite (a vitest file snapshot: `npx vitest run tests/machines -u` rewrites it) and read by
 * `npm run diagrams` for the QA atlas. It is the reviewed record of what every step does: the
 * state it lands on, the context fields it changes, and its effects.
 */
import { relative, resolve } from 'node:path';
import type { AnyStateMachine, EventObject } from 'xstate';
import { machines } from '../../machines/registry';
import type { EdgeData } from '../../scripts/mermaid';
import { type ActionCall, type LiveRun, type LiveStep, plain, type SentEvent } from './liveReplay';
import type { PathPlan } from './paths';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const pathDataDir = resolve(repoRoot, 'docs/diagrams/paths');

/** Effects and landing state of a step; empty lists and objects are left out. */
export interface StepData {
  state: unknown;
  changed?: Record<string, unknown>;
  started?: Array<{ id: string; input?: unknown }>;
  emitted?: EventObject[];
  sent?: SentEvent[];
  actions?: ActionCall[];
}

export interface PathData {
  name: string;
  /** Index into `inputs`. */
  input: number;
  covers: string[];
  start: StepData & { edges?: string[] };
  steps: Array<StepData & { label: string; event: EventObject; edges: string[] }>;
}

export interface MachinePathData {
  machine: string;
  /** The test file that replays these paths. */
  suite: string;
  transitions: number;
  covered: number;
  uncovered: string[];
  edges: EdgeData[];
  inputs: unknown[];
  paths: PathData[];
}

/** The registry's name of a machine (its id), or undefined for machines outside the registry. */
export function registryName(machine: AnyStateMachine): string | undefined {
  return Object.entries(machines).find(([, m]) => m.id === machine.id)?.[0];
}

function stepData(step: LiveStep): StepData {
  return {
    state: step.value,
    ...(Object.keys(step.changed).length > 0 ? { changed: step.changed } : {}),
    ...(step.started.length > 0 ? { started: step.started } : {}),
    ...(step.emitted.length > 0 ? { emitted: step.emitted } : {}),
    ...(step.sent.length > 0 ? { sent: step.sent } : {}),
    ...(step.actions.length > 0 ? { actions: step.actions } : {}),
  };
}

export function machinePathData(
  name: string,
  suiteFile: string,
  plan: PathPlan,
  runs: ReadonlyMap<string, LiveRun>,
): MachinePathData {
  const inputs: unknown[] = [];
  const inputIndex = (input: unknown): number => {
    const text = JSON.stringify(input ?? null);
    const found = inputs.findIndex((i) => JSON.stringify(i) === text);
    if (found >= 0) return found;
    inputs.push(plain(input ?? null));
    return inputs.length - 1;
  };
  return {
    machine: name,
    suite: relative(repoRoot, suiteFile).split('\\').join('/'),
    transitions: plan.edges.length,
    covered: plan.edges.length - plan.uncovered.length,
    uncovered: plan.uncovered.map((e) => e.label),
    edges: plan.edges.map(({ transition: _, ...edge }) => edge),
    inputs,
    paths: plan.paths.map((path): PathData => {
      const run = runs.get(path.name);
      if (!run) throw new Error(`${name}: path "${path.name}" was not replayed`);
      return {
        name: path.name,
        input: inputIndex(path.input),
        covers: path.covers,
        start: {
          ...stepData(run.start),
          ...(path.startEdges.length > 0 ? { edges: path.startEdges } : {}),
        },
        steps: path.steps.map((step, i) => {
          const live = run.steps[i];
          if (!live) throw new Error(`${name}: path "${path.name}" stopped before step ${i + 1}`);
          return {
            label: step.label,
            event: plain(step.event) as EventObject,
            edges: step.edges,
            ...stepData(live),
          };
        }),
      };
    }),
  };
}
