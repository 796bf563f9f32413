/**
 * Path coverage for XState machines (docs/architecture.md §5). `pathPlan` walks the pure machine with
 * `xstate/graph` using the candidate events a test supplies (with payloads that make each guard
 * true and false; actor results and delays as `doneEvent` / `errorEvent` / `afterEvent`), picks
 * the shortest path to every transition, and reports the edges of `toDirectedGraph` (plus
 * `always`) that no path takes. `describePaths` replays every path on a running actor with its
 * actors stubbed (`replayLive`, tests/support/liveReplay.ts), so actions run, and compares each
 * step's state and effects with docs/diagrams/paths/<machine>.json (`npm run test:paths` rewrites
 * the records after a reviewed change). `replay` re-runs a path on the pure machine only.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  getInitialMicrosteps,
  getMicrosteps,
  type InputFrom,
  initialTransition,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { type AdjacencyMap, type DirectedGraphNode, getAdjacencyMap, toDirectedGraph } from 'xstate/graph';
import { type EdgeData, edgeData, guardLabel } from '../../scripts/mermaid';
import { type LivePath, type LiveRun, replayLive } from './liveReplay';

export { type LiveRun, replayLive } from './liveReplay';

import { machinePathData, pathDataDir, registryName } from './pathData';

/** Results of invoked actors and elapsed delays, which traversal never produces by itself. */
export type DoneActorEvent = { type: `xstate.done.actor.${string}`; output: unknown };
export type ErrorActorEvent = { type: `xstate.error.actor.${string}`; error: unknown };
export type AfterEvent = { type: `xstate.after.${number | string}.${string}` };

export const doneEvent = (actorId: string, output?: unknown): DoneActorEvent => ({
  type: `xstate.done.actor.${actorId}`,
  output,
});
export const errorEvent = (actorId: string, error?: unknown): ErrorActorEvent => ({
  type: `xstate.error.actor.${actorId}`,
  error,
});
export const afterEvent = (delay: number | string, stateId: string): AfterEvent => ({
  type: `xstate.after.${delay}.${stateId}`,
});

export type CandidateEvent<M extends AnyStateMachine> =
  | EventFromLogic<M>
  | DoneActorEvent
  | ErrorActorEvent
  | AfterEvent;

export interface PlanOptions<M extends AnyStateMachine> {
  /** Events to try in every state; only those some transition of the state handles are sent. */
  events: readonly CandidateEvent<M>[] | ((snapshot: SnapshotFrom<M>) => readonly CandidateEvent<M>[]);
  input?: InputFrom<M>;
  /** Several start inputs; coverage is the union over all of them. */
  inputs?: readonly InputFrom<M>[];
  /**
   * What makes two snapshots the same vertex (default: value and context). Project an unbounded
   * context (counters, growing lists) onto something finite here.
   */
  key?: (snapshot: SnapshotFrom<M>) => unknown;
}

/** A transition to one target; `label` is `source → target on EVENT [guard]`, state ids relative to the machine. */
export interface Edge extends EdgeData {
  transition: AnyTransitionDefinition;
}

export interface PathStep {
  event: EventObject;
  /** JSON of `{ value, context }` the step must land on. */
  state: string;
  /** Readable event: `SUBMIT`, `done login`, `after 500 ms`, with the payload when it tells paths apart. */
  label: string;
  /** Labels of the edges this step takes (its event's transition and any `always` after it). */
  edges: string[];
}

export interface MachinePath {
  name: string;
  input: unknown;
  /** Edges taken at the start (eventless transitions out of the initial state). */
  startEdges: string[];
  steps: PathStep[];
  /** Labels of the edges this path takes. */
  covers: string[];
}

export interface PathPlan {
  machine: AnyStateMachine;
  paths: MachinePath[];
  edges: Edge[];
  uncovered: Edge[];
}

export interface Coverage {
  transitions: number;
  covered: number;
}

const TRAVERSAL_LIMIT = 5_000;

/**
 * Whether some transition handles the event. Unlike `snapshot.can`, this counts forbidden
 * transitions (`EVENT: {}`, which stop an event from reaching an ancestor's handler): they are
 * edges too.
 */
const handles = (snapshot: AnyMachineSnapshot, event: EventObject): boolean =>
  snapshot.machine.getTransitionData(snapshot, event).length > 0;

const recorded = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

function toEdge(t: AnyTransitionDefinition, target: AnyStateNode): Edge {
  const delay = (t as { delay?: number | string }).delay;
  return {
    ...edgeData({ event: t.eventType, source: t.source, target, guard: guardLabel(t.guard), delay }),
    transition: t,
  };
}

/** Every edge of `toDirectedGraph`, plus eventless (`always`) edges, which it leaves out. */
function machineEdges(machine: AnyStateMachine): Edge[] {
  const edges: Edge[] = [];
  const visit = (node: DirectedGraphNode): void => {
    for (const edge of node.edges) edges.push(toEdge(edge.transition, edge.target));
    for (const t of node.stateNode.always ?? []) {
      for (const target of t.target ?? [t.source]) edges.push(toEdge(t, target));
    }
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return edges;
}

function properAncestorsAndSelf(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) chain.push(n);
  return chain;
}

/**
 * Eventless transitions taken between two microsteps: per atomic state of `before`, the first
 * `always` transition (self, then ancestors) whose source was active and whose targets are now active.
 */
function alwaysTaken(before: AnyMachineSnapshot, after: AnyMachineSnapshot): AnyTransitionDefinition[] {
  const active = new Set<AnyStateNode>(after._nodes);
  const taken: AnyTransitionDefinition[] = [];
  for (const atomic of before._nodes.filter((n: AnyStateNode) => n.type === 'atomic' || n.type === 'final')) {
    const match = properAncestorsAndSelf(atomic)
      .flatMap((n) => n.always ?? [])
      .find((t) => (t.target ?? []).length > 0 && (t.target ?? []).every((target) => active.has(target)));
    if (match && !taken.includes(match)) taken.push(match);
  }
  return taken;
}

function microstepAlways(microsteps: Array<[AnyMachineSnapshot, unknown]>): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = [];
  for (let i = 1; i < microsteps.length; i++) {
    const before = microsteps[i - 1]?.[0];
    const after = microsteps[i]?.[0];
    if (before && after) taken.push(...alwaysTaken(before, after));
  }
  return taken;
}

function transitionsTaken(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): AnyTransitionDefinition[] {
  return [
    ...machine.getTransitionData(snapshot, event),
    ...microstepAlways(getMicrosteps(machine, snapshot, event)),
  ];
}

const SYSTEM_EVENT = /^xstate\.(done\.actor|error\.actor|after)\.(.+)$/;

const json = (value: unknown): string => {
  const text =
    JSON.stringify(value, (_, v: unknown) => (v instanceof Error ? `${v.name}: ${v.message}` : v)) ?? '';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * `TYPE {payload}` for the machine's own events; actor results and delays read `done id`,
 * `error id`, `after 3000 ms`, with the payload only when `ambiguous` (several payloads of that type).
 */
function formatEvent(event: EventObject, ambiguous: boolean): string {
  const { type, ...payload }: { type: string; output?: unknown; error?: unknown } = event;
  const system = SYSTEM_EVENT.exec(type);
  const hasPayload = Object.values(payload).some((v) => v !== undefined);
  if (!system) return hasPayload ? `${type} ${json(payload)}` : type;
  const [, kind, rest = ''] = system;
  const name =
    kind === 'after'
      ? `after ${rest.split('.')[0]} ms`
      : `${kind === 'done.actor' ? 'done' : 'error'} ${rest}`;
  const value = 'output' in payload ? payload.output : payload.error;
  return ambiguous && hasPayload ? `${name} ${json(value)}` : name;
}

function payloadsByType(events: EventObject[]): Map<string, Set<string>> {
  const byType = new Map<string, Set<string>>();
  for (const event of events) {
    const seen = byType.get(event.type) ?? new Set<string>();
    seen.add(JSON.stringify(event));
    byType.set(event.type, seen);
  }
  return byType;
}

interface Vertex {
  snapshot: AnyMachineSnapshot;
  events: EventObject[];
  states: string[];
  /** Per step, the transitions it takes; the first entry is the start's `always` transitions. */
  taken: AnyTransitionDefinition[][];
}

interface Candidate extends Omit<Vertex, 'snapshot'> {
  input: unknown;
}

function candidatesFor<M extends AnyStateMachine>(
  machine: M,
  options: PlanOptions<M>,
  input: unknown,
): Candidate[] {
  const logic: AnyStateMachine = machine;
  const key = (snapshot: AnyMachineSnapshot): string =>
    options.key ? JSON.stringify(options.key(snapshot as SnapshotFrom<M>)) : recorded(snapshot);
  const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const all =
      typeof options.events === 'function' ? options.events(snapshot as SnapshotFrom<M>) : options.events;
    return all.filter((e) => handles(snapshot, e));
  };
  let adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject>;
  try {
    adjacency = getAdjacencyMap(logic, { events, serializeState: key, limit: TRAVERSAL_LIMIT, input });
  } catch (error) {
    throw new Error(
      `${machine.id}: traversal did not end (${String(error)}); bound the context with \`key\` or the events`,
    );
  }

  const [start] = initialTransition(logic, input);
  const initialAlways = microstepAlways(getInitialMicrosteps(logic, input));
  const candidates: Candidate[] = [{ input, events: [], states: [], taken: [initialAlways] }];

  // Shortest event sequence to every vertex: the adjacency map is built breadth first, so its
  // insertion order is BFS order and the first discovery of a vertex is a shortest path to it.
  const vertices = new Map<string, Vertex>([
    [key(start), { snapshot: start, events: [], states: [], taken: [initialAlways] }],
  ]);
  for (const [vertexKey, { transitions }] of Object.entries(adjacency)) {
    const from = vertices.get(vertexKey);
    if (!from) continue;
    const edges = Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>;
    for (const { event, state } of edges) {
      const next: Vertex = {
        snapshot: state,
        events: [...from.events, event],
        states: [...from.states, recorded(state)],
        taken: [...from.taken, transitionsTaken(logic, from.snapshot, event)],
      };
      candidates.push({ input, events: next.events, states: next.states, taken: next.taken });
      const nextKey = key(state);
      if (!vertices.has(nextKey)) vertices.set(nextKey, next);
    }
  }
  return candidates;
}

const isPrefix = (a: Candidate, b: Candidate): boolean =>
  a !== b &&
  a.input === b.input &&
  a.events.length < b.events.length &&
  a.events.every((e, i) => e === b.events[i]);

/**
 * Paths that together take every transition the candidate events can reach: for each edge the
 * shortest path ending in it, minus paths that are prefixes of others.
 */
export function pathPlan<M extends AnyStateMachine>(machine: M, options: PlanOptions<M>): PathPlan {
  const edges = machineEdges(machine);
  const inputs = options.inputs ?? [options.input];
  const covered = new Set<AnyTransitionDefinition>();
  const chosen: Candidate[] = [];
  for (const input of inputs) {
    for (const candidate of candidatesFor(machine, options, input)) {
      const taken = candidate.taken.flat();
      if (taken.some((t) => !covered.has(t))) {
        chosen.push(candidate);
        for (const t of taken) covered.add(t);
      }
    }
  }
  const kept = chosen.filter((c) => !chosen.some((other) => isPrefix(c, other)));
  const names = new Map<string, number>();
  const payloads = payloadsByType(kept.flatMap((c) => c.events));
  const paths = kept.map((c): MachinePath => {
    const label = (e: EventObject): string => formatEvent(e, (payloads.get(e.type)?.size ?? 0) > 1);
    const sequence = c.events.length ? c.events.map(label).join(' → ') : 'start';
    const base =
      inputs.length > 1 ? `input ${JSON.stringify(c.input) ?? 'undefined'}: ${sequence}` : sequence;
    const seen = (names.get(base) ?? 0) + 1;
    names.set(base, seen);
    const labelsOf = (taken: AnyTransitionDefinition[] = []): string[] =>
      edges.filter((e) => taken.includes(e.transition)).map((e) => e.label);
    return {
      name: seen > 1 ? `${base} #${seen}` : base,
      input: c.input,
      startEdges: labelsOf(c.taken[0]),
      steps: c.events.map((event, i) => ({
        event,
        state: c.states[i] ?? '',
        label: label(event),
        edges: labelsOf(c.taken[i + 1]),
      })),
      covers: labelsOf(c.taken.flat()),
    };
  });
  return { machine, paths, edges, uncovered: edges.filter((e) => !covered.has(e.transition)) };
}

/** Sends the path's events to the pure machine; every event must be accepted and land where recorded. */
export function replay<M extends AnyStateMachine>(machine: M, path: LivePath): SnapshotFrom<M> {
  const logic: AnyStateMachine = machine;
  let [snapshot] = initialTransition(logic, path.input);
  path.steps.forEach((step, i) => {
    if (!handles(snapshot, step.event)) {
      throw new Error(
        `${path.name}: step ${i + 1} (${step.event.type}) is not accepted in ${JSON.stringify(snapshot.value)}`,
      );
    }
    [snapshot] = transition(logic, snapshot, step.event);
    const landed = recorded(snapshot);
    if (landed !== step.state) {
      throw new Error(
        `${path.name}: step ${i + 1} (${step.event.type}) landed on ${landed}, expected ${step.state}`,
      );
    }
  });
  return snapshot as SnapshotFrom<M>;
}

export function coverage(plan: PathPlan): Coverage {
  return { transitions: plan.edges.length, covered: plan.edges.length - plan.uncovered.length };
}

export function formatCoverage(plan: PathPlan): string {
  const { transitions, covered } = coverage(plan);
  return `${transitions} transitions, ${covered} covered`;
}

export function assertFullCoverage(plan: PathPlan): void {
  if (plan.uncovered.length === 0) return;
  throw new Error(
    `${plan.machine.id}: ${formatCoverage(plan)}; never taken:\n${plan.uncovered.map((e) => `  ${e.label}`).join('\n')}`,
  );
}

/**
 * One test per path (named by its events), replayed on a running actor (`replayLive`); one asserting
 * that every transition is covered; and, for a machine of machines/registry.ts, one comparing every
 * step's state and effects with docs/diagrams/paths/<machine>.json (`npx vitest run <suite> -u`
 * rewrites it after a reviewed change).
 */
export function describePaths(title: string, plan: PathPlan): void {
  describe(title, () => {
    const runs = new Map<string, LiveRun>();
    const run = (path: MachinePath): LiveRun => {
      const done = runs.get(path.name) ?? replayLive(plan.machine, path);
      runs.set(path.name, done);
      return done;
    };
    for (const path of plan.paths) {
      it(path.name, () => {
        run(path);
      });
    }
    it(`covers every transition (${formatCoverage(plan)})`, () => {
      assertFullCoverage(plan);
    });
    const name = registryName(plan.machine);
    if (name === undefined) return;
    it(`does on every step what docs/diagrams/paths/${name}.json records`, async () => {
      for (const path of plan.paths) run(path);
      const suite = expect.getState().testPath ?? '';
      const data = machinePathData(name, suite, plan, runs);
      await expect(`${JSON.stringify(data, null, 2)}\n`).toMatchFileSnapshot(
        join(pathDataDir, `${name}.json`),
      );
    });
  });
}

/** describePaths for each plan, titled by its machine's id. */
export function describeEachPaths(...plans: PathPlan[]): void {
  for (const plan of plans) describePaths(`${plan.machine.id} paths`, plan);
}
