/**
 * The QA atlas (ADR 0011): docs/diagrams/index.html, searchable across machines, and one page per
 * machine (docs/diagrams/<machine>.html) with its picture at full size and zoomable, its states,
 * its transitions and every generated test path written as the steps a tester performs
 * (scripts/atlas-words.ts), from the path records docs/diagrams/paths/<machine>.json that the path
 * suites check. Static pages: one style sheet (atlas.css) and the zoom script (atlas-zoom.js)
 * beside them with the pictures, nothing fetched from elsewhere, so they work opened from the
 * file system.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachinePathData, PathData } from '../tests/support/pathData';
import {
  detailWords,
  edgeEventWords,
  eventWords,
  humanise,
  inputTitle,
  inputWords,
  nodeWords,
  screenWords,
  stateWords,
} from './atlas-words';
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

/** A way on from a state where the machine's part ends and another machine's begins. */
interface Continuation {
  /** What happens in between, in words. */
  when: string;
  machine: string;
  /** Which of that machine's recorded paths continue this one. */
  paths: (path: PathData, data: MachinePathData) => boolean;
}

const outcome = (path: PathData, data: MachinePathData): unknown =>
  (data.inputs[path.input] as { outcome?: unknown } | null)?.outcome;
const endsIn = (path: PathData, state: string): boolean =>
  (path.steps.at(-1)?.state ?? path.start.state) === state;

/**
 * The provider's payment page is outside every machine: a card is paid or declined there and the
 * browser comes back to a result page (paymentResult) or the pending page (paymentStatus).
 */
const PROVIDER_PAGE: Continuation[] = [
  {
    when: "On the provider's payment page the card is declined (or the customer cancels): the browser comes back to the payment failure page /fail-payment",
    machine: 'paymentResult',
    paths: (path, data) => outcome(path, data) === 'failed',
  },
  {
    when: "On the provider's payment page the card is paid: the browser comes back to the success page /success-payment",
    machine: 'paymentResult',
    paths: (path, data) => outcome(path, data) === 'success',
  },
  {
    when: 'The provider has not decided yet: the pending page asks for the status until the payment is paid or declined',
    machine: 'paymentStatus',
    paths: (path) => endsIn(path, 'paid') || endsIn(path, 'failed'),
  },
];

/** By machine, by the (top-level) state a path ends in: where the story goes on. */
const CONTINUES: Record<string, Record<string, Continuation[]>> = {
  checkout: { redirecting: PROVIDER_PAGE },
  orders: { redirecting: PROVIDER_PAGE },
  topUp: { redirecting: PROVIDER_PAGE },
};

const html = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const slug = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '-');

const pathId = (index: number): string => `p-${index + 1}`;

function allStates(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStates)];
}

/** A path's title: its input's short name if it has one, then its steps in words, one after the other. */
function pathTitle(machine: string, path: PathData, data: MachinePathData): string {
  const steps =
    path.steps.length === 0
      ? 'Start only'
      : path.steps.map((s) => eventWords(machine, s.event as { type: string })).join(' → ');
  const input = inputTitle(machine, data.inputs[path.input]);
  return input ? `${input}: ${steps}` : steps;
}

/** What the screen shows at the end of a path: the last step's screen words, or its state. */
function pathEnd(machine: AnyStateMachine, path: PathData): string {
  const last = path.steps.at(-1) ?? path.start;
  const screen = screenWords(last);
  return screen.length > 0 ? screen.join('; ') : stateWords(machine, last.state).join('; ');
}

function topState(value: unknown): string {
  if (typeof value === 'string') return value;
  return value && typeof value === 'object' ? (Object.keys(value)[0] ?? '') : '';
}

/** The continuation of a path that ends where another machine takes over, with links to its paths. */
function continuations(
  name: string,
  path: PathData,
  machines: Record<string, AnyStateMachine>,
  pathData: Record<string, MachinePathData | undefined>,
): Array<{ when: string; machine: string; links: Array<{ id: string; title: string }> }> {
  const last = path.steps.at(-1)?.state ?? path.start.state;
  return (CONTINUES[name]?.[topState(last)] ?? []).map((c) => ({
    when: c.when,
    machine: c.machine,
    links: continuedPaths(c, machines, pathData),
  }));
}

/** The other machine's paths that continue there: their titles and what the screen shows at their end. */
function continuedPaths(
  c: Continuation,
  machines: Record<string, AnyStateMachine>,
  pathData: Record<string, MachinePathData | undefined>,
): Array<{ id: string; title: string }> {
  const data = pathData[c.machine];
  const machine = machines[c.machine];
  if (!data || !machine) return [];
  return data.paths
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => c.paths(p, data))
    .map(({ p, i }) => ({
      id: pathId(i),
      title: `Path ${i + 1}: ${pathTitle(c.machine, p, data)} ⇒ ${pathEnd(machine, p)}`,
    }));
}

interface PathWords {
  title: string;
  input: string;
  start: { state: string[]; screen: string[]; details: string[] };
  steps: Array<{ does: string; state: string[]; screen: string[]; details: string[] }>;
  continues: ReturnType<typeof continuations>;
}

function pathWords(
  name: string,
  machine: AnyStateMachine,
  data: MachinePathData,
  path: PathData,
  machines: Record<string, AnyStateMachine>,
  pathData: Record<string, MachinePathData | undefined>,
): PathWords {
  return {
    title: pathTitle(name, path, data),
    input: data.inputs.length > 0 ? inputWords(name, data.inputs[path.input]) : '',
    start: {
      state: stateWords(machine, path.start.state),
      screen: screenWords(path.start),
      details: detailWords(path.start),
    },
    steps: path.steps.map((step) => ({
      does: eventWords(name, step.event as { type: string }),
      state: stateWords(machine, step.state),
      screen: screenWords(step),
      details: detailWords(step),
    })),
    continues: continuations(name, path, machines, pathData),
  };
}

/** All the words of a path, for the search. */
function pathSearchText(words: PathWords): string {
  return [
    words.title,
    words.input,
    ...words.start.state,
    ...words.start.screen,
    ...words.steps.flatMap((s) => [s.does, ...s.state, ...s.screen]),
    ...words.continues.flatMap((c) => [c.when, c.machine]),
  ].join(' ');
}

function thenBlock(state: string[], screen: string[], details: string[]): string {
  return [
    `<p class="then"><span class="label">Then:</span> ${state.map(html).join('<br>')}</p>`,
    screen.length > 0 ? `<ul class="screen">${screen.map((l) => `<li>${html(l)}</li>`).join('')}</ul>` : '',
    details.length > 0
      ? `<details class="tech"><summary>Recorded details</summary><ul>${details.map((l) => `<li>${html(l)}</li>`).join('')}</ul></details>`
      : '',
  ].join('');
}

function pathBlock(words: PathWords, index: number): string {
  const steps = [
    `<li class="step start"><p class="does">At the start</p>${thenBlock(words.start.state, words.start.screen, words.start.details)}</li>`,
    ...words.steps.map(
      (s) =>
        `<li class="step"><p class="does">${html(s.does)}</p>${thenBlock(s.state, s.screen, s.details)}</li>`,
    ),
    ...words.continues.map(
      (c) =>
        `<li class="step continues"><p class="does">${html(c.when)}</p><p class="then"><span class="label">Continues in</span> <a href="${html(c.machine)}.html">${html(c.machine)}</a>:</p><ul class="screen">${c.links
          .map((l) => `<li><a href="${html(c.machine)}.html#${l.id}">${html(l.title)}</a></li>`)
          .join('')}</ul></li>`,
    ),
  ];
  return [
    `<li class="path" id="${pathId(index)}">`,
    `<h3><a class="anchor" href="#${pathId(index)}">Path ${index + 1}</a>: ${html(words.title)}</h3>`,
    words.input
      ? `<p class="input"><span class="label">Before you start:</span> ${html(words.input)}</p>`
      : '',
    `<ol class="steps">${steps.join('')}</ol>`,
    '</li>',
  ].join('\n');
}

/** Where a path takes an edge. */
function takes(path: PathData, label: string): boolean {
  return Boolean(path.start.edges?.includes(label)) || path.steps.some((s) => s.edges.includes(label));
}

function stateCell(machine: AnyStateMachine, source: string): string {
  return html(source === '' ? humanise(machine.id) : source.split('.').map(humanise).join(' › '));
}

function transitionRows(
  machine: AnyStateMachine,
  edges: EdgeData[],
  data: MachinePathData | undefined,
): string {
  return edges
    .map((edge) => {
      const links = (data?.paths ?? [])
        .map((path, index) => ({ path, index }))
        .filter(({ path }) => takes(path, edge.label))
        .map(({ index }) => `<a href="#${pathId(index)}">${index + 1}</a>`);
      return [
        '<tr>',
        `<td>${stateCell(machine, edge.source)}</td>`,
        `<td>${html(edgeEventWords(edge.event))}</td>`,
        `<td>${edge.guard ? html(humanise(edge.guard)) : '—'}</td>`,
        `<td>${stateCell(machine, edge.target)}</td>`,
        `<td>${links.length > 0 ? links.join(', ') : '<span class="missing">no path</span>'}</td>`,
        '</tr>',
      ].join('');
    })
    .join('\n');
}

function statesList(machine: AnyStateMachine): string {
  const items = allStates(machine.root)
    .slice(1)
    .map((node) => {
      const initial = node.parent?.initial?.target.includes(node) ? ' <span class="kind">(first)</span>' : '';
      const kind = node.type === 'final' ? ' <span class="kind">(last)</span>' : '';
      const depth = node.path.length - 1;
      return `<li style="margin-left:${depth * 1.25}rem">${html(nodeWords(node))}${initial}${kind} <code>${html(statePath(node))}</code></li>`;
    });
  return items.length > 0 ? `<ul class="states">${items.join('')}</ul>` : '<p>One state.</p>';
}

const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #fff; overflow-wrap: break-word; }
a { color: #0550ae; }
a:focus-visible, button:focus-visible, input:focus-visible, .picture:focus-visible, summary:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
header { background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: .75rem 1rem; }
header h1 { font-size: 1.4rem; margin: .25rem 0; overflow-wrap: anywhere; }
main { padding: 0 1rem 3rem; max-width: 80rem; }
h2 { border-bottom: 2px solid #d0d7de; margin-top: 2rem; font-size: 1.25rem; }
h3 { font-size: 1.05rem; margin: .25rem 0; }
code { font-size: .85em; background: #f6f8fa; padding: 0 .2em; border-radius: 3px; overflow-wrap: anywhere; }
.muted, .kind, .label { color: #57606a; }
.label { font-weight: 600; }
.missing { color: #a40e26; font-weight: 600; }
.toolbar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0; }
.toolbar button { font: inherit; min-width: 2.75rem; min-height: 2.75rem; padding: .25rem .75rem; border: 1px solid #8c959f; border-radius: 6px; background: #f6f8fa; color: #1f2328; cursor: pointer; }
.picture { overflow: auto; max-height: 80vh; border: 1px solid #d0d7de; border-radius: 6px; background: #fff; }
.picture img { display: block; max-width: none; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; margin: .75rem 0; font-size: .95rem; }
th, td { border: 1px solid #d0d7de; padding: .3rem .5rem; vertical-align: top; text-align: left; }
th { background: #f6f8fa; }
.states { list-style: none; padding-left: 0; }
.states li { margin: .2rem 0; }
ol.paths { list-style: none; padding: 0; }
.path { border: 1px solid #d0d7de; border-radius: 6px; padding: .5rem 1rem; margin: 1rem 0; scroll-margin-top: 1rem; }
.path:target { border-color: #0969da; box-shadow: 0 0 0 2px #0969da; }
.path h3 .anchor { color: inherit; }
.steps { padding-left: 1.5rem; }
.step { margin: .5rem 0; }
.step p { margin: .1rem 0; }
.step .does { font-weight: 600; }
.step.start .does { color: #57606a; }
.step.continues { border-left: 4px solid #bf8700; padding-left: .5rem; }
.screen { margin: .1rem 0; padding-left: 1.25rem; }
.tech { font-size: .85rem; color: #57606a; }
.tech ul { margin: .1rem 0; }
.continues-list li { margin: .25rem 0; }
.search { margin: 1rem 0; }
.search label { display: block; font-weight: 600; margin-bottom: .25rem; }
.search input { font: inherit; padding: .4rem .6rem; width: 100%; max-width: 40rem; border: 1px solid #8c959f; border-radius: 6px; }
#results li { margin: .4rem 0; }
#results .where { color: #57606a; font-size: .9em; }
.area ul { padding-left: 1.25rem; }
.area li { margin: .3rem 0; }
[hidden] { display: none !important; }
`;

/** Zoom: buttons, and + / - / 0 / f on the keyboard (not while typing). */
const ZOOM_SCRIPT = `
const box = document.getElementById('picture');
const img = box.querySelector('img');
const level = document.getElementById('zoom-level');
const natural = Number(img.getAttribute('width'));
let scale = 1;
function zoom(to) {
  scale = Math.min(4, Math.max(0.1, to));
  img.style.width = Math.round(natural * scale) + 'px';
  img.style.height = 'auto';
  level.textContent = Math.round(scale * 100) + ' %';
}
const fit = () => zoom(Math.min(1, (box.clientWidth - 2) / natural));
document.getElementById('zoom-in').addEventListener('click', () => zoom(scale * 1.25));
document.getElementById('zoom-out').addEventListener('click', () => zoom(scale / 1.25));
document.getElementById('zoom-reset').addEventListener('click', () => zoom(1));
document.getElementById('zoom-fit').addEventListener('click', fit);
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest && event.target.closest('input, textarea, select')) return;
  if (event.key === '+' || event.key === '=') zoom(scale * 1.25);
  else if (event.key === '-') zoom(scale / 1.25);
  else if (event.key === '0') zoom(1);
  else if (event.key === 'f') fit();
  else return;
  event.preventDefault();
});
zoom(1);
`;

function page(title: string, body: string, script: string | { src: string }): string {
  return `<!doctype html>
<!-- Generated by \`npm run diagrams\` from machines/registry.ts and docs/diagrams/paths/*.json. Do not edit. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<link rel="stylesheet" href="atlas.css">
</head>
<body>
${body}
${typeof script === 'string' ? `<script>${script}</script>` : `<script src="${script.src}"></script>`}
</body>
</html>
`;
}

function areaOf(name: string): string {
  return AREAS.find(([, members]) => members.includes(name))?.[0] ?? OTHER;
}

/** The picture's size as the SVG declares it (width and height in px). */
export function svgSize(svg: string): { width: number; height: number } {
  const width = /<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1];
  const height = /<svg[^>]*\sheight="([\d.]+)"/.exec(svg)?.[1];
  return { width: Math.ceil(Number(width ?? 800)), height: Math.ceil(Number(height ?? 600)) };
}

function machinePage(
  name: string,
  machine: AnyStateMachine,
  data: MachinePathData | undefined,
  machines: Record<string, AnyStateMachine>,
  pathData: Record<string, MachinePathData | undefined>,
  size: { width: number; height: number },
): { html: string; paths: Array<{ id: string; title: string; text: string }> } {
  const edges = data ? data.edges : machineEdges(machine).map(edgeData);
  const description = machine.root.description ?? '';
  const words = (data?.paths ?? []).map((path) =>
    pathWords(name, machine, data as MachinePathData, path, machines, pathData),
  );
  const suite = data
    ? `Replayed by the test <code>${html(data.suite)}</code>: ${data.paths.length} paths take ${data.covered} of ${data.transitions} transitions.`
    : '<span class="missing">No path suite records this machine yet.</span>';
  const continues = Object.entries(CONTINUES[name] ?? {});
  const continuesBlock =
    continues.length > 0
      ? [
          '<section aria-labelledby="continues"><h2 id="continues">Where it continues</h2>',
          ...continues.map(
            ([state, list]) =>
              `<p>After <b>${html(nodeWords(machine.root.states[state] ?? machine.root))}</b></p><ul class="continues-list">${list
                .map(
                  (c) =>
                    `<li>${html(c.when)}. Continues in <a href="${html(c.machine)}.html">${html(c.machine)}</a>:<ul>${continuedPaths(
                      c,
                      machines,
                      pathData,
                    )
                      .map((l) => `<li><a href="${html(c.machine)}.html#${l.id}">${html(l.title)}</a></li>`)
                      .join('')}</ul></li>`,
                )
                .join('')}</ul>`,
          ),
          '</section>',
        ].join('\n')
      : '';
  const body = `<header>
<p><a href="index.html">← All machines (QA atlas)</a> <span class="muted">· ${html(areaOf(name))}</span></p>
<h1>${html(name)}</h1>
</header>
<main>
<p class="description">${html(description)}</p>
<p>${suite}</p>
<section aria-labelledby="picture-title">
<h2 id="picture-title">Picture</h2>
<div class="toolbar" role="toolbar" aria-label="Zoom the picture">
<button type="button" id="zoom-out" aria-label="Zoom out">−</button>
<button type="button" id="zoom-in" aria-label="Zoom in">+</button>
<button type="button" id="zoom-reset">100 %</button>
<button type="button" id="zoom-fit">Fit to width</button>
<span id="zoom-level" aria-live="polite">100 %</span>
<span class="muted">Keys: + − 0 f</span>
</div>
<div class="picture" id="picture" tabindex="0" role="region" aria-label="State picture of ${html(name)}, scrollable">
<img src="${html(name)}.svg" width="${size.width}" height="${size.height}" alt="State picture of ${html(name)}: its states and the transitions between them, as listed below">
</div>
<p><a href="${html(name)}.svg">Open the picture alone</a> · <a href="${html(name)}.md">Mermaid source and transition list</a></p>
</section>
${continuesBlock}
<section aria-labelledby="states"><h2 id="states">States</h2>${statesList(machine)}</section>
<section aria-labelledby="transitions"><h2 id="transitions">Transitions</h2>
<div class="table-wrap"><table><thead><tr><th scope="col">From</th><th scope="col">When</th><th scope="col">Only if</th><th scope="col">To</th><th scope="col">Paths</th></tr></thead><tbody>
${transitionRows(machine, edges, data)}
</tbody></table></div></section>
<section aria-labelledby="paths"><h2 id="paths">Test paths, step by step</h2>
${words.length > 0 ? `<ol class="paths">${words.map((w, i) => pathBlock(w, i)).join('\n')}</ol>` : '<p>No recorded paths.</p>'}
</section>
</main>`;
  return {
    html: page(`${name} — Blockfront QA atlas`, body, { src: 'atlas-zoom.js' }),
    paths: words.map((w, i) => ({
      id: pathId(i),
      title: `Path ${i + 1}: ${w.title}`,
      text: pathSearchText(w),
    })),
  };
}

/** Search over the inlined index: every word typed must occur in a machine or a path. */
const SEARCH_SCRIPT = `
const data = JSON.parse(document.getElementById('atlas-data').textContent);
const box = document.getElementById('search');
const results = document.getElementById('results');
const count = document.getElementById('count');
const areas = document.getElementById('areas');
function item(href, text, where) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  li.append(a);
  if (where) {
    const span = document.createElement('span');
    span.className = 'where';
    span.textContent = ' — ' + where;
    li.append(span);
  }
  return li;
}
function search() {
  const words = box.value.trim().toLowerCase().split(/\\s+/).filter(Boolean);
  results.replaceChildren();
  if (words.length === 0) {
    areas.hidden = false;
    results.hidden = true;
    count.textContent = '';
    return;
  }
  const hit = (text) => words.every((w) => text.includes(w));
  let machines = 0;
  let paths = 0;
  for (const m of data) {
    const own = hit((m.name + ' ' + m.description + ' ' + m.states).toLowerCase());
    const found = m.paths.filter((p) => hit((m.name + ' ' + p.text).toLowerCase()));
    if (!own && found.length === 0) continue;
    machines++;
    paths += found.length;
    results.append(item(m.name + '.html', m.name, m.area));
    if (found.length > 0) {
      const list = document.createElement('ul');
      for (const p of found.slice(0, 50)) list.append(item(m.name + '.html#' + p.id, p.title));
      if (found.length > 50) list.append(item(m.name + '.html#paths', 'and ' + (found.length - 50) + ' more paths'));
      results.lastChild.append(list);
    }
  }
  areas.hidden = true;
  results.hidden = false;
  count.textContent = machines + (machines === 1 ? ' machine, ' : ' machines, ') + paths + (paths === 1 ? ' path' : ' paths') + ' found';
}
box.addEventListener('input', search);
search();
`;

function indexPage(
  names: string[],
  machines: Record<string, AnyStateMachine>,
  entries: Array<{
    name: string;
    area: string;
    description: string;
    states: string;
    paths: Array<{ id: string; title: string; text: string }>;
  }>,
): string {
  const listed = new Set(AREAS.flatMap(([, members]) => members));
  const areas = [
    ...AREAS.map(([area, members]) => [area, members.filter((m) => names.includes(m))] as const),
    [OTHER, names.filter((n) => !listed.has(n))] as const,
  ].filter(([, members]) => members.length > 0);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const list = areas
    .map(
      ([area, members]) =>
        `<section class="area" aria-labelledby="a-${slug(area)}"><h2 id="a-${slug(area)}">${html(area)}</h2><ul>${members
          .map((m) => {
            const first = (machines[m]?.root.description ?? '').split(/(?<=\.)\s/)[0] ?? '';
            const count = byName.get(m)?.paths.length ?? 0;
            return `<li><a href="${html(m)}.html">${html(m)}</a> <span class="muted">(${count} paths)</span> — ${html(first)}</li>`;
          })
          .join('')}</ul></section>`,
    )
    .join('\n');
  const json = JSON.stringify(entries).replace(/</g, '\\u003c');
  const body = `<header>
<h1>Blockfront state machines: the QA atlas</h1>
</header>
<main>
<p>Every machine of <code>machines/registry.ts</code> has its own page: its picture at full size (zoom in and out), its states, and every generated test path written as the steps you perform and what the screen shows after each. The path suites replay and check exactly these paths. Regenerate with <code>npm run test:paths</code> and <code>npm run diagrams</code>.</p>
<div class="search" role="search">
<label for="search">Search all machines and paths</label>
<input id="search" type="search" placeholder="Press Pay, Payment failed, declined, signed out…" autocomplete="off" aria-describedby="count">
<p id="count" aria-live="polite"></p>
</div>
<ul id="results" hidden></ul>
<div id="areas">
${list}
</div>
</main>
<script type="application/json" id="atlas-data">${json}</script>`;
  return page('Blockfront state machines: the QA atlas', body, SEARCH_SCRIPT);
}

/** index.html, <machine>.html for every machine, and the style and zoom script they share: file name → content. */
export function atlasPages(
  machines: Record<string, AnyStateMachine>,
  pathData: Record<string, MachinePathData | undefined>,
  sizes: Record<string, { width: number; height: number }>,
): Map<string, string> {
  const names = Object.keys(machines).sort();
  const pages = new Map<string, string>();
  const entries = [];
  for (const name of names) {
    const machine = machines[name];
    if (!machine) continue;
    const built = machinePage(
      name,
      machine,
      pathData[name],
      machines,
      pathData,
      sizes[name] ?? { width: 800, height: 600 },
    );
    pages.set(`${name}.html`, built.html);
    entries.push({
      name,
      area: areaOf(name),
      description: machine.root.description ?? '',
      states: allStates(machine.root)
        .slice(1)
        .map((node) => nodeWords(node))
        .join(' '),
      paths: built.paths,
    });
  }
  pages.set('index.html', indexPage(names, machines, entries));
  pages.set('atlas.css', STYLE.trimStart());
  pages.set('atlas-zoom.js', ZOOM_SCRIPT.trimStart());
  return pages;
}
