import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** One arrow of a machine: a transition to one of its targets (targetless ones point at their source). */
export interface MachineEdge {
  event: string;
  source: AnyStateNode;
  target: AnyStateNode;
  guard: string | undefined;
  delay: number | string | undefined;
}

type GuardRef = AnyTransitionDefinition['guard'];

/** Guard names as written in the machine; built-in combinators spelled out. */
export function guardLabel(guard: GuardRef): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object') return guard.type;
  const { guards, stateValue } = guard as { guards?: GuardRef[]; stateValue?: unknown };
  const parts = (guards ?? []).map((g) => guardLabel(g) ?? '');
  switch (guard.name) {
    case 'not':
      return `!${parts[0]}`;
    case 'and':
      return `(${parts.join(' && ')})`;
    case 'or':
      return `(${parts.join(' || ')})`;
    case 'stateIn':
      return `in ${JSON.stringify(stateValue)}`;
    default:
      // An inline arrow function takes its name from the `guard` key it is written under.
      return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard';
  }
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childrenOf(node).flatMap(allNodes)];
}

/** Every transition of the machine, per target, in document order; `always` ones have event ''. */
export function machineEdges(machine: AnyStateMachine): MachineEdge[] {
  return allNodes(machine.root).flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].flatMap((t) =>
      (t.target ?? [t.source]).map(
        (target): MachineEdge => ({
          event: t.eventType,
          source: t.source,
          target,
          guard: guardLabel(t.guard),
          delay: (t as { delay?: number | string }).delay,
        }),
      ),
    ),
  );
}

/** A state's path inside its machine (`loading`, `catering.food.done`); the root is the machine id. */
export function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? node.machine.id : node.path.join('.');
}

/** A transition as data: what the path records and the atlas list (`always` for eventless ones). */
export interface EdgeData {
  /** `source → target on EVENT [guard]`: how the path harness names the edge. */
  label: string;
  event: string;
  source: string;
  target: string;
  guard?: string;
  delay?: number | string;
}

export function edgeData(edge: MachineEdge): EdgeData {
  const event = edge.event === '' ? 'always' : edge.event;
  const source = statePath(edge.source);
  const target = statePath(edge.target);
  return {
    label: `${source} → ${target} on ${event}${edge.guard ? ` [${edge.guard}]` : ''}`,
    event,
    source,
    target,
    ...(edge.guard ? { guard: edge.guard } : {}),
    ...(edge.delay !== undefined ? { delay: edge.delay } : {}),
  };
}

function eventLabel(edge: MachineEdge): string {
  const { event } = edge;
  if (event === '') return 'always';
  if (event === '*') return 'any event';
  if (event.startsWith('xstate.after.'))
    return typeof edge.delay === 'number' ? `after ${edge.delay} ms` : `after ${edge.delay}`;
  if (event.startsWith('xstate.done.actor.')) return `done ${event.slice('xstate.done.actor.'.length)}`;
  if (event.startsWith('xstate.error.actor.')) return `error ${event.slice('xstate.error.actor.'.length)}`;
  if (event.startsWith('xstate.done.state.')) return 'done';
  return event;
}

function edgeLabel(edge: MachineEdge): string {
  return edge.guard ? `${eventLabel(edge)} [${edge.guard}]` : eventLabel(edge);
}

const RESERVED = new Set([
  'state',
  'note',
  'end',
  'direction',
  'class',
  'classDef',
  'style',
  'click',
  'default',
]);

/** Mermaid ids are global to a diagram: a state's key when unique, its path otherwise. */
function mermaidNames(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes = allNodes(machine.root);
  const keyCount = new Map<string, number>();
  for (const n of nodes) keyCount.set(n.key, (keyCount.get(n.key) ?? 0) + 1);
  const names = new Map<AnyStateNode, string>();
  for (const n of nodes) {
    const raw = n.path.length === 0 ? machine.id : keyCount.get(n.key) === 1 ? n.key : n.path.join('_');
    const safe = raw.replace(/\W/g, '_');
    names.set(n, RESERVED.has(safe) ? `${safe}_` : safe);
  }
  return names;
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node.parent; n; n = n.parent) chain.push(n);
  return chain;
}

/** The child of `container` that holds `node` (or is it); the container itself when `node` is above it. */
function childWithin(container: AnyStateNode, node: AnyStateNode): AnyStateNode {
  let n = node;
  while (n.parent && n.parent !== container) n = n.parent;
  return n.parent === container ? n : container;
}

/**
 * Mermaid cannot draw arrows between states of different composite states, so each arrow is
 * drawn in the nearest state containing both ends, between the children holding them, and
 * labelled with the exact source and target.
 */
function placeEdge(edge: MachineEdge): {
  container: AnyStateNode | undefined;
  from: AnyStateNode;
  to: AnyStateNode;
} {
  const { source, target } = edge;
  if (source === target) return { container: source.parent, from: source, to: source };
  const targetAncestors = new Set([target, ...ancestors(target)]);
  const container = ancestors(source).find((a) => targetAncestors.has(a) && a !== target);
  if (!container) return { container: source.parent, from: source, to: source };
  return { container, from: childWithin(container, source), to: childWithin(container, target) };
}

/** The machine as a Mermaid `stateDiagram-v2`. */
export function toMermaid(machine: AnyStateMachine): string {
  const names = mermaidNames(machine);
  const name = (n: AnyStateNode): string => names.get(n) ?? n.key;
  const edgesIn = new Map<AnyStateNode | undefined, string[]>();
  for (const edge of machineEdges(machine)) {
    const { container, from, to } = placeEdge(edge);
    const lines = edgesIn.get(container) ?? [];
    const lifted = from !== edge.source || to !== edge.target;
    const exact = lifted ? ` (${statePath(edge.source)} → ${statePath(edge.target)})` : '';
    lines.push(`${name(from)} --> ${name(to)} : ${edgeLabel(edge)}${exact}`);
    edgesIn.set(container, lines);
  }

  const inside = (node: AnyStateNode, indent: string): string[] => {
    const children = childrenOf(node);
    const lines: string[] = [];
    if (node.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        lines.push(...stateBlock(region, indent));
      });
    } else {
      const initial = node.initial?.target[0];
      if (initial) lines.push(`${indent}[*] --> ${name(initial)}`);
      for (const child of children) {
        if (child.type === 'compound' || child.type === 'parallel') lines.push(...stateBlock(child, indent));
        if (child.type === 'final') lines.push(`${indent}${name(child)} --> [*]`);
      }
    }
    lines.push(...(edgesIn.get(node) ?? []).map((line) => indent + line));
    return lines;
  };
  const stateBlock = (node: AnyStateNode, indent: string): string[] => {
    if (node.type !== 'compound' && node.type !== 'parallel') return [`${indent}${name(node)}`];
    return [`${indent}state ${name(node)} {`, ...inside(node, `${indent}  `), `${indent}}`];
  };

  const { root } = machine;
  const rootHasEdges = edgesIn.has(undefined);
  const body = rootHasEdges
    ? [
        `  [*] --> ${name(root)}`,
        ...stateBlock(root, '  '),
        ...(edgesIn.get(undefined) ?? []).map((l) => `  ${l}`),
      ]
    : inside(root, '  ');
  return ['stateDiagram-v2', ...body].join('\n');
}

const cell = (text: string): string => `\`${text.replace(/\|/g, '\\|')}\``;

function legend(machine: AnyStateMachine): string[] {
  const rows = machineEdges(machine)
    .map((e) => [
      e.event === '' ? 'always' : e.event,
      statePath(e.source),
      statePath(e.target),
      e.guard ?? '',
    ])
    .sort((a, b) => {
      const [x, y] = [a.join('\u0000'), b.join('\u0000')];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  return [
    '| Event | From | To | Guard |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      ([event = '', from = '', to = '', guard = '']) =>
        `| ${cell(event)} | ${cell(from)} | ${cell(to)} | ${guard ? cell(guard) : '—'} |`,
    ),
  ];
}

const GENERATED_NOTE = '<!-- Generated by `npm run diagrams` from machines/registry.ts. Do not edit. -->';

export function machineDoc(name: string, machine: AnyStateMachine): string {
  return [
    GENERATED_NOTE,
    '',
    `# ${name}`,
    '',
    machine.root.description ?? '',
    '',
    `![State diagram of ${name}](${name}.svg)`,
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
    '## Transitions',
    '',
    ...legend(machine),
    '',
  ].join('\n');
}

export function indexDoc(machines: Record<string, AnyStateMachine>, names: string[]): string {
  return [
    GENERATED_NOTE,
    '',
    '# State machine diagrams',
    '',
    'One page per machine in `machines/`: its states, transitions (event, `[guard]`, `after N ms`, `always`)',
    'and a table of every transition, with its picture (`<machine>.svg`). The machine tests cover each transition',
    'listed here. [index.html](index.html), the QA atlas, searches every machine; its page (`<machine>.html`)',
    'shows the picture zoomable and every test path as the steps a tester performs (open it in a browser from the file system).',
    '',
    '| Machine | Description |',
    '| --- | --- |',
    ...names.map(
      (name) =>
        `| [${name}](${name}.md) ([picture](${name}.svg), [atlas](${name}.html)) | ${(machines[name]?.root.description ?? '').replace(/\|/g, '\\|')} |`,
    ),
    '',
  ].join('\n');
}
