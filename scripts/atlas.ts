/**
 * docs/diagrams/index.html, the QA atlas (docs/decisions/0011): every machine of the registry with its picture,
 * description, states and transitions, and for every transition the generated test paths that take
 * it (from docs/diagrams/paths/<machine>.json, the records the path suites check) and the test file
 * that replays them. One static page: inline style and script, pictures beside it, nothing fetched.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachinePathData, PathData, StepData } from '../tests/support/pathData';
import { type EdgeData, edgeData, machineEdges, statePath } from './mermaid';

/** Where each machine is listed; a machine missing here is listed under "Other machines". */
export const AREAS: ReadonlyArray<readonly [area: string, machines: readonly string[]]> = [
  ['Start-up and session', ['app', 'session', 'language', 'currency']],
  ['Shop and cart', ['shop', 'product', 'cart', 'cartPage']],
  ['Checkout and payments', ['checkout', 'topUp', 'paymentStatus', 'paymentResult']],
  ['Account', ['profile', 'profileEdit', 'changePassword', 'changeEmail', 'orders', 'verificationEmail']],
  ['Forms', ['signIn', 'signUp', 'forgotPassword', 'resetPassword']],
  ['Shell', ['toasts', 'mobileMenu', 'cookieConsent', 'copyAddress', 'staticPages', 'staticPage']],
];
const OTHER = 'Other machines';

const html = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const slug = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '-');

/** Compact JSON for reading: `{"a":1}` → `{a: 1}`, long values cut. */
function brief(value: unknown, max = 120): string {
  const text = (JSON.stringify(value) ?? 'undefined')
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1: ')
    .replace(/,(?=["{[\w])/g, ', ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([region, inner]) => `${region}.${stateText(inner)}`)
      .join(', ');
  }
  return String(value);
}

function eventText(event: { type: string } & Record<string, unknown>): string {
  const { type, ...rest } = event;
  return Object.keys(rest).length > 0 ? `${type} ${brief(rest)}` : type;
}

/** One line per effect of a step, in the words a tester reads. */
function effectLines(step: StepData): string[] {
  return [
    ...Object.entries(step.changed ?? {}).map(([key, value]) => `${key} = ${brief(value)}`),
    ...(step.started ?? []).map(
      (s) => `starts ${s.id}${s.input === undefined ? '' : ` with ${brief(s.input)}`}`,
    ),
    ...(step.emitted ?? []).map((e) => `emits ${eventText(e as { type: string })}`),
    ...(step.sent ?? []).map((s) => `sends ${eventText(s.event as { type: string })} to ${s.to}`),
    ...(step.actions ?? []).map(
      (a) => `calls ${a.action}${a.params === undefined ? '' : ` ${brief(a.params)}`}`,
    ),
  ];
}

/** `after 500 ms`, `done login`: the harness's step label, or the event as text for the start. */
function delayText(edge: EdgeData): string {
  if (edge.delay === undefined) return '—';
  return typeof edge.delay === 'number' ? `${edge.delay} ms` : String(edge.delay);
}

function eventCell(edge: EdgeData): string {
  const { event } = edge;
  if (event.startsWith('xstate.after.')) return 'after';
  if (event.startsWith('xstate.done.actor.')) return `done ${event.slice('xstate.done.actor.'.length)}`;
  if (event.startsWith('xstate.error.actor.')) return `error ${event.slice('xstate.error.actor.'.length)}`;
  if (event.startsWith('xstate.done.state.')) return 'done (final state reached)';
  return event;
}

function allStates(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStates)];
}

function statesList(machine: AnyStateMachine): string {
  const items = allStates(machine.root)
    .slice(1)
    .map((node) => {
      const kind = node.type === 'atomic' ? '' : ` <span class="kind">${node.type}</span>`;
      const initial = node.parent?.initial?.target.includes(node) ? ' <span class="kind">initial</span>' : '';
      const description = node.description ? ` — ${html(node.description)}` : '';
      const depth = node.path.length - 1;
      return `<li style="margin-left:${depth * 1.25}rem"><code>${html(statePath(node))}</code>${initial}${kind}${description}</li>`;
    });
  return items.length > 0 ? `<ul class="states">${items.join('')}</ul>` : '<p>One state.</p>';
}

/** The edges of the record, or (no suite yet) of the machine itself, without paths. */
function edgesOf(machine: AnyStateMachine, data: MachinePathData | undefined): EdgeData[] {
  return data ? data.edges : machineEdges(machine).map(edgeData);
}

/** Where a path takes an edge: `start`, or the 1-based number of the step. */
function stepsTaking(path: PathData, label: string): Array<'start' | number> {
  const at: Array<'start' | number> = [];
  if (path.start.edges?.includes(label)) at.push('start');
  path.steps.forEach((step, i) => {
    if (step.edges.includes(label)) at.push(i + 1);
  });
  return at;
}

/** The harness's step label with its JSON payload written as in the effects: `CHANGE {field: "email", …}`. */
const stepLabel = (label: string): string =>
  label.replace(/"([A-Za-z_$][\w$]*)":/g, '$1: ').replace(/,(?=["{[\w])/g, ', ');

const pathSequence = (path: PathData): string =>
  path.steps.length === 0 ? 'start' : path.steps.map((s) => stepLabel(s.label)).join(' → ');

function pathId(name: string, index: number): string {
  return `p-${slug(name)}-${index + 1}`;
}

function pathBlock(name: string, data: MachinePathData, path: PathData, index: number): string {
  const input =
    data.inputs.length > 1 ? `<p class="input">Input ${html(brief(data.inputs[path.input], 200))}</p>` : '';
  const start = effectLines(path.start);
  const steps = path.steps.map((step) => {
    const effects = effectLines(step);
    return `<li><b>${html(stepLabel(step.label))}</b> ⇒ <code>${html(stateText(step.state))}</code>${
      effects.length > 0 ? `<ul>${effects.map((l) => `<li>${html(l)}</li>`).join('')}</ul>` : ''
    }</li>`;
  });
  return [
    `<li id="${pathId(name, index)}" class="path" data-search="${html(searchText(path))}">`,
    `<span class="sequence">${html(pathSequence(path))}</span>${input}`,
    `<p class="start">Start ⇒ <code>${html(stateText(path.start.state))}</code>${
      start.length > 0 ? `; ${html(start.join('; '))}` : ''
    }</p>`,
    steps.length > 0 ? `<ol class="steps">${steps.join('')}</ol>` : '',
    '</li>',
  ].join('');
}

function searchText(path: PathData): string {
  return [path.name, ...effectLines(path.start), ...path.steps.flatMap((s) => [s.label, ...effectLines(s)])]
    .join(' ')
    .toLowerCase();
}

function transitionRows(name: string, edges: EdgeData[], data: MachinePathData | undefined): string {
  return edges
    .map((edge) => {
      const taking = (data?.paths ?? [])
        .map((path, index) => ({ path, index, at: stepsTaking(path, edge.label) }))
        .filter(({ at }) => at.length > 0);
      const stepText = taking.flatMap(({ path, at }) =>
        at.map((n) =>
          n === 'start' ? effectLines(path.start) : effectLines(path.steps[n - 1] ?? { state: '' }),
        ),
      );
      const search = [
        edge.event,
        eventCell(edge),
        edge.guard ?? '',
        edge.source,
        edge.target,
        ...stepText.flat(),
      ]
        .join(' ')
        .toLowerCase();
      const links = taking.map(({ path, index, at }) => {
        const where = at.map((n) => (n === 'start' ? 'at start' : `step ${n}`)).join(', ');
        const step = at[0] === 'start' ? path.start : path.steps[(at[0] as number) - 1];
        const effects = step ? effectLines(step) : [];
        return `<li><a href="#${pathId(name, index)}">${html(pathSequence(path))}</a> <span class="where">(${where})</span>${
          effects.length > 0 ? `<br><span class="effects">${html(effects.join('; '))}</span>` : ''
        }</li>`;
      });
      return [
        `<tr class="transition" data-search="${html(search)}">`,
        `<td><code>${html(edge.source)}</code></td>`,
        `<td><code>${html(eventCell(edge))}</code></td>`,
        `<td>${edge.guard ? `<code>${html(edge.guard)}</code>` : '—'}</td>`,
        `<td>${html(delayText(edge))}</td>`,
        `<td><code>${html(edge.target)}</code></td>`,
        `<td>${links.length > 0 ? `<ol class="taken-by">${links.join('')}</ol>` : '<span class="missing">no path</span>'}</td>`,
        '</tr>',
      ].join('');
    })
    .join('\n');
}

function machineSection(name: string, machine: AnyStateMachine, data: MachinePathData | undefined): string {
  const edges = edgesOf(machine, data);
  const description = machine.root.description ?? '';
  const suite = data
    ? `Replayed by <code class="suite">${html(data.suite)}</code>: ${data.paths.length} paths take ${data.covered} of ${data.transitions} transitions.`
    : '<span class="missing">No path suite records this machine yet.</span>';
  return [
    `<section class="machine" id="m-${slug(name)}" data-machine="${html(name)}" data-search="${html(`${name} ${description}`.toLowerCase())}">`,
    `<h3>${html(name)}</h3>`,
    `<p class="description">${html(description)}</p>`,
    `<p class="suite-line">${suite}</p>`,
    `<figure><img src="${html(name)}.svg" alt="State diagram of ${html(name)}" loading="lazy"><figcaption><a href="${html(name)}.md">Mermaid source and transition list</a></figcaption></figure>`,
    `<details><summary>States</summary>${statesList(machine)}</details>`,
    '<table class="transitions"><thead><tr><th>From</th><th>Event</th><th>Guard</th><th>Delay</th><th>To</th><th>Test paths that take it</th></tr></thead><tbody>',
    transitionRows(name, edges, data),
    '</tbody></table>',
    data
      ? `<details class="paths"><summary>All ${data.paths.length} paths, step by step</summary><ol>${data.paths
          .map((path, i) => pathBlock(name, data, path, i))
          .join('\n')}</ol></details>`
      : '',
    '</section>',
  ].join('\n');
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #fff; }
header { position: sticky; top: 0; background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: .75rem 1.5rem; z-index: 1; }
header h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
header label { font-weight: 600; margin-right: .5rem; }
header input { font: inherit; padding: .25rem .5rem; width: min(32rem, 90%); }
header .count { margin-left: .75rem; color: #57606a; }
nav { padding: .5rem 1.5rem; border-bottom: 1px solid #d0d7de; }
nav ul { margin: .25rem 0; padding-left: 1.25rem; }
main { padding: 0 1.5rem 3rem; }
h2 { border-bottom: 2px solid #d0d7de; margin-top: 2rem; }
.machine, .path { scroll-margin-top: 7rem; }
.machine { border: 1px solid #d0d7de; border-radius: 6px; padding: 0 1rem 1rem; margin: 1.25rem 0; }
figure { margin: .5rem 0; overflow-x: auto; }
figure img { max-width: 100%; height: auto; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; font-size: .9rem; }
th, td { border: 1px solid #d0d7de; padding: .3rem .5rem; vertical-align: top; text-align: left; }
th { background: #f6f8fa; }
code { font-size: .85em; background: #f6f8fa; padding: 0 .2em; border-radius: 3px; }
.kind, .where, .effects, .input { color: #57606a; font-size: .85em; }
.missing { color: #a40e26; font-weight: 600; }
ol.taken-by { margin: 0; padding-left: 1.25rem; }
.path { margin: .5rem 0; }
.path .sequence { font-weight: 600; }
.path p { margin: .1rem 0; }
.states { list-style: none; padding-left: 0; }
[hidden] { display: none !important; }
`;

/** Filters machines, transitions and paths by the words typed (event names, messages, states). */
const SCRIPT = `
const box = document.getElementById('search');
const count = document.getElementById('count');
function filter() {
  const words = box.value.trim().toLowerCase().split(/\\s+/).filter(Boolean);
  const hit = (el) => words.every((w) => el.dataset.search.includes(w));
  let shown = 0;
  for (const section of document.querySelectorAll('.machine')) {
    const whole = words.length === 0 || hit(section);
    let rows = 0;
    for (const row of section.querySelectorAll('tr.transition')) {
      const show = whole || hit(row);
      row.hidden = !show;
      if (show) rows++;
    }
    for (const path of section.querySelectorAll('li.path')) path.hidden = !(whole || hit(path));
    const matchedPaths = section.querySelectorAll('li.path:not([hidden])').length;
    section.hidden = !(whole || rows > 0 || matchedPaths > 0);
    if (words.length > 0 && !whole && matchedPaths > 0) section.querySelector('details.paths').open = true;
    if (!section.hidden) shown++;
  }
  for (const area of document.querySelectorAll('section.area')) {
    area.hidden = area.querySelectorAll('.machine:not([hidden])').length === 0;
  }
  count.textContent = shown + ' machine' + (shown === 1 ? '' : 's');
}
box.addEventListener('input', filter);
filter();
`;

export function atlasHtml(
  machines: Record<string, AnyStateMachine>,
  pathData: Record<string, MachinePathData | undefined>,
): string {
  const names = Object.keys(machines).sort();
  const listed = new Set(AREAS.flatMap(([, members]) => members));
  const areas = [
    ...AREAS.map(([area, members]) => [area, members.filter((m) => names.includes(m))] as const),
    [OTHER, names.filter((n) => !listed.has(n))] as const,
  ].filter(([, members]) => members.length > 0);
  const nav = areas
    .map(
      ([area, members]) =>
        `<li>${html(area)}: ${members.map((m) => `<a href="#m-${slug(m)}">${html(m)}</a>`).join(', ')}</li>`,
    )
    .join('');
  const body = areas
    .map(([area, members]) =>
      [
        `<section class="area" id="a-${slug(area)}">`,
        `<h2>${html(area)}</h2>`,
        ...members.map((m) => {
          const machine = machines[m];
          return machine ? machineSection(m, machine, pathData[m]) : '';
        }),
        '</section>',
      ].join('\n'),
    )
    .join('\n');
  return `<!doctype html>
<!-- Generated by \`npm run diagrams\` from machines/registry.ts and docs/diagrams/paths/*.json. Do not edit. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Blockfront state machines: the QA atlas</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Blockfront state machines</h1>
<label for="search">Search</label><input id="search" type="search" placeholder="An event (SUBMIT), a message (Logged out successfully), a state…" autocomplete="off"><span id="count" class="count" aria-live="polite"></span>
</header>
<nav aria-label="Machines by area"><ul>${nav}</ul></nav>
<main>
<p>Every machine of <code>machines/registry.ts</code>: its picture, states and transitions. For each transition, the generated test paths that take it, with what each step does (context changes, actors started, events emitted and sent, actions called), as the path suite replays and checks it on a running actor. Regenerate with <code>npm run test:paths</code> and <code>npm run diagrams</code>.</p>
${body}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
