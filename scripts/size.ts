// `npm run size`: the JavaScript the first load of `/` fetches, gzip, against its budget, each
// route's own JavaScript beyond that first load (ROUTE_BUDGET_BYTES; a route listed with
// `knownOver` is reported and does not fail), and no trace of the development-only Stately
// inspector anywhere in the build, and no operator console module in the first load or a
// customer route's files (ADR 0044). What is counted: scripts/size-files.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inspectorTraces } from './inspector-traces';
import {
  BUDGET_BYTES,
  DIST,
  isOperatorModule,
  ROUTE_BUDGET_BYTES,
  ROUTE_MODULES,
  type RouteModules,
  readBuild,
} from './size-files';

if (!existsSync(join(DIST, '.vite/manifest.json'))) {
  console.error(`size: ${DIST}/.vite/manifest.json is missing; run \`npm run build\` first.`);
  process.exit(2);
}
const build = readBuild();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizeOf = (list: string[]) => list.reduce((sum, file) => sum + build.gzipSize(file), 0);

for (const file of build.firstLoad) console.log(`${kb(build.gzipSize(file)).padStart(11)}  ${file}`);
const total = sizeOf(build.firstLoad);
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`first load of /: ${kb(total)} gzip JS, ${verdict} the ${BUDGET_BYTES / 1024} KB budget`);

function verdictOf(own: number, route: RouteModules): string {
  if (own <= ROUTE_BUDGET_BYTES) return route.knownOver ? 'within (its knownOver entry can go)' : 'within';
  return route.knownOver ? `OVER, known: ${route.knownOver}` : 'OVER';
}

const overRoutes: string[] = [];
console.log(
  `\nown JavaScript of a route beyond the first load of / (budget ${kb(ROUTE_BUDGET_BYTES)} gzip):`,
);
for (const [path, route] of Object.entries(ROUTE_MODULES)) {
  const arrival = build.ownFiles(route.arrival);
  const own = sizeOf(arrival);
  if (own > ROUTE_BUDGET_BYTES && !route.knownOver) overRoutes.push(path);
  const later = route.later ? build.ownFiles(route.later).filter((file) => !arrival.includes(file)) : [];
  const laterText = later.length > 0 ? `; + ${kb(sizeOf(later))} when ${route.laterWhen}` : '';
  console.log(`${kb(own).padStart(11)}  ${path.padEnd(24)} ${verdictOf(own, route)}${laterText}`);
}
// The operator console loads only when an operator opens it (docs/decisions/0044-operator-console.md).
const operatorIn = (files: readonly string[]) =>
  files.flatMap((file) =>
    build
      .sourcesOf(file)
      .filter(isOperatorModule)
      .map((source) => `${source} (${file})`),
  );
const operatorLeaks = [
  ...operatorIn(build.firstLoad).map((leak) => `first load of /: ${leak}`),
  // Every lazy module of the customer's app (each route's screen, its screen module, lazy parts)
  // with what it imports: none may bring a module of the console along.
  ...build.lazyModules
    .filter((module) => !isOperatorModule(module))
    .flatMap((module) => operatorIn(build.ownFiles([module])).map((leak) => `${module}: ${leak}`)),
];
console.log(
  operatorLeaks.length === 0
    ? 'no operator console code in the first load or any customer route'
    : `operator console code outside the console:\n  ${operatorLeaks.join('\n  ')}`,
);
const inspector = inspectorTraces(DIST);
console.log(
  inspector.length === 0
    ? 'no Stately inspector code in the build'
    : `the Stately inspector is in the production build: ${inspector.join(', ')}`,
);
if (overRoutes.length > 0) console.log(`routes over their budget: ${overRoutes.join(', ')}`);
const passed =
  total <= BUDGET_BYTES && overRoutes.length === 0 && inspector.length === 0 && operatorLeaks.length === 0;
process.exit(passed ? 0 : 1);
