// `npm run lighthouse [-- --check] [-- --runs N] [-- --no-js]`: Lighthouse (mobile preset) on `/`,
// `/shop`, `/login` and `/register` of the built app, served with a fresh demo database, against the
// budgets of docs/architecture.md §6 (`--no-js` blocks the scripts, as for a visitor without
// JavaScript): first for a signed-out visitor in the default language, then for a signed-in
// customer whose browser keeps a session and a chosen language (German), as a returning customer's
// does. `/login` and `/register` send a signed-in customer on, so that case audits `/`, `/shop`,
// `/cart` and `/account/profile`. Lighthouse's benchmarkIndex (the machine's speed) is printed
// beside each page, so figures from different machines can be compared. Each page is audited N times (default 5) and judged by the median of each score and
// metric over its runs: single runs of the same build differ by several points. Builds first when
// the sources are newer than the last build (the stamp `npm start` keeps). With --check it exits 1
// when a page misses a budget. The JSON report of each page's median-performance run lands in
// dist/lighthouse/.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { verificationLink } from '../tests/e2e/support/outbox';
import { buildIsStale, markBuilt } from './build-freshness';
import { CHROMIUM_FLAGS } from './chromium-flags';

const PAGES = ['/', '/shop', '/login', '/register'];
const SIGNED_IN_PAGES = ['/', '/shop', '/cart', '/account/profile'];
/** Lowest scores (0–100) per category. */
const BUDGETS = { performance: 98, accessibility: 100, 'best-practices': 100 } as const;
/** Highest values per metric (milliseconds; CLS unitless), by Lighthouse audit id. */
const METRIC_BUDGETS = {
  'largest-contentful-paint': { label: 'LCP', max: 1500, unit: 'ms' },
  'total-blocking-time': { label: 'TBT', max: 50, unit: 'ms' },
  'cumulative-layout-shift': { label: 'CLS', max: 0, unit: '' },
} as const;
type MetricId = keyof typeof METRIC_BUDGETS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const REPORTS = 'dist/lighthouse';

const check = process.argv.includes('--check');
/** `--no-js`: the pages' scripts are blocked, as for a visitor without JavaScript (ADR 0021). */
const noScript = process.argv.includes('--no-js');
const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag === -1 ? 5 : Number(process.argv[runsFlag + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number of at least 1');

function buildIfStale(): void {
  if (!buildIsStale()) return;
  console.log('lighthouse: building the app and the server…');
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  markBuilt();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts Chromium with a fresh profile and resolves its DevTools port. */
function startChrome(profile: string): Promise<{ chrome: ChildProcess; port: number }> {
  const chrome = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    chrome.once('error', reject);
    chrome.once('exit', (code) => reject(new Error(`Chromium exited with code ${code}: ${output}`)));
    chrome.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match?.[1]) resolve({ chrome, port: Number(match[1]) });
    });
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}

/** What one Lighthouse run of a page measured. */
interface Run {
  scores: Record<string, number>;
  /** The budgeted metrics and the document's server response time (TTFB), as Lighthouse measured them. */
  values: Record<MetricId | 'server-response-time', number>;
  /** The document's bytes on the wire. */
  html: number;
  /** Audits that cost a budgeted category points, as "category: title (value)". */
  findings: string[];
  runtimeError?: string;
  report: string;
  benchmarkIndex: number;
}

interface PageResult {
  page: string;
  /** Lighthouse's benchmarkIndex, the median over the runs. */
  benchmarkIndex: number;
  /** The median of each score and each value over the runs. */
  scores: Record<string, number>;
  values: Run['values'];
  html: number;
  /** The performance score of every run, in order. */
  runs: number[];
  /** The findings of the median-performance run. */
  findings: string[];
  failed: string[];
}

const VALUE_IDS = [...(Object.keys(METRIC_BUDGETS) as MetricId[]), 'server-response-time'] as const;

/** One Lighthouse run of `url`. */
async function audit(url: string, port: number, keepStorage: boolean): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: keepStorage,
    ...(noScript ? { blockedUrlPatterns: ['*.js'] } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, report } = result;
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const findings = Object.keys(BUDGETS).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const value = lhr.audits[ref.id]?.displayValue ?? '';
        return `${category}: ${lhr.audits[ref.id]?.title ?? ref.id}${value ? ` (${value})` : ''}`;
      }),
  );
  const values = Object.fromEntries(
    VALUE_IDS.map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as Run['values'];
  return {
    scores,
    values,
    html: documentBytes(lhr, url),
    findings,
    runtimeError: lhr.runtimeError?.message,
    report: String(report),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The transferred size of the page's own document (network-requests audit). */
function documentBytes(lhr: { audits: Record<string, { details?: unknown }> }, url: string): number {
  const details = lhr.audits['network-requests']?.details as
    | { items?: { url?: string; resourceType?: string; transferSize?: number }[] }
    | undefined;
  const document = details?.items?.find((item) => item.resourceType === 'Document' && item.url === url);
  return document?.transferSize ?? 0;
}

/** Runs in which Lighthouse itself failed (a trace without its navigation start, NO_NAVSTART) are repeated, twice at most. */
const RUNTIME_ERROR_RETRIES = 2;

async function auditRetrying(url: string, port: number, keepStorage: boolean): Promise<Run> {
  let run = await audit(url, port, keepStorage);
  for (let retry = 0; run.runtimeError && retry < RUNTIME_ERROR_RETRIES; retry++) {
    console.log(`lighthouse: ${url}: ${run.runtimeError}; running it again`);
    run = await audit(url, port, keepStorage);
  }
  return run;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The budgets a page's medians miss, as "what value > budget". */
function missedBudgets(scores: Record<string, number>, values: Run['values'], runs: Run[]): string[] {
  const failed = Object.entries(BUDGETS)
    .filter(([category, budget]) => (scores[category] ?? 0) < budget)
    .map(([category, budget]) => `${category} ${scores[category]} < ${budget}`);
  for (const [id, budget] of Object.entries(METRIC_BUDGETS) as [
    MetricId,
    (typeof METRIC_BUDGETS)[MetricId],
  ][]) {
    if (!(values[id] <= budget.max))
      failed.push(`${budget.label} ${formatValue(id, values[id])} > ${formatValue(id, budget.max)}`);
  }
  for (const run of runs) if (run.runtimeError) failed.push(`runtime error: ${run.runtimeError}`);
  return failed;
}

/**
 * RUNS audits of `page`, judged by the median of each score and metric; the median-performance
 * run's report goes to dist/lighthouse/.
 */
async function auditMedian(url: string, port: number, page: string, signedIn: boolean): Promise<PageResult> {
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await auditRetrying(url, port, signedIn));
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id] ?? 0))]),
  );
  const values = Object.fromEntries(
    VALUE_IDS.map((id) => [id, median(runs.map((run) => run.values[id]))]),
  ) as Run['values'];
  const byScore = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const middle = byScore[Math.floor(byScore.length / 2)];
  if (!middle) throw new Error(`no Lighthouse run of ${page}`);
  const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
  writeFileSync(join(REPORTS, `${signedIn ? 'signed-in-' : ''}${name}.json`), middle.report);
  return {
    page: signedIn ? `${page} (signed in, de)` : page,
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
    scores,
    values,
    html: median(runs.map((run) => run.html)),
    runs: runs.map((run) => run.scores.performance ?? 0),
    findings: middle.findings,
    failed: missedBudgets(scores, values, runs),
  };
}

function formatValue(id: MetricId | 'server-response-time', value: number): string {
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  if (id === 'largest-contentful-paint') return `${(value / 1000).toFixed(2)} s`;
  return `${Math.round(value)} ms`;
}

function printTable(results: PageResult[]): void {
  const header = [
    'page',
    'perf',
    'a11y',
    'best',
    'seo',
    'LCP',
    'TBT',
    'CLS',
    'TTFB',
    'HTML',
    'bench index',
    'budget',
    'perf of each run',
  ];
  const rows = results.map((r) => [
    r.page,
    ...CATEGORIES.map((id) => String(r.scores[id])),
    ...VALUE_IDS.map((id) => formatValue(id, r.values[id])),
    `${(r.html / 1024).toFixed(1)} KB`,
    String(Math.round(r.benchmarkIndex)),
    r.failed.length === 0 ? 'ok' : 'MISSED',
    r.runs.join(' '),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of [header, ...rows])
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  for (const r of results) {
    for (const finding of r.findings) console.log(`  ${r.page}  ${finding}`);
    for (const failure of r.failed) console.log(`  ${r.page}  MISSED ${failure}`);
  }
  const metricBudgets = (Object.entries(METRIC_BUDGETS) as [MetricId, (typeof METRIC_BUDGETS)[MetricId]][])
    .map(([id, budget]) => `${budget.label} ≤ ${formatValue(id, budget.max)}`)
    .join(', ');
  console.log(
    `budgets (docs/architecture.md §6): performance ≥ ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility}, ` +
      `best practices ${BUDGETS['best-practices']}, ${metricBudgets}; medians of ${RUNS} runs; ` +
      `TTFB and HTML (the document on the wire) are reported; reports in ${REPORTS}/`,
  );
}

/**
 * A returning customer's browser: signs a new customer up through the API, confirms the address
 * with the link the server mailed (to DATA_DIR/outbox), and keeps the session
 * and German as the chosen language in the origin's storage (docs/product.md §3 keys) and, as the
 * app writes them, its cookies, where the audits that keep storage find them.
 */
async function signInReturningCustomer(origin: string, devtoolsPort: number, dataDir: string): Promise<void> {
  const payload = async <T>(response: Response): Promise<T> => {
    if (!response.ok)
      throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { payload: T }).payload;
  };
  const languages = await payload<{ id: number; code: string }[]>(await fetch(`${origin}/api/languages`));
  const countries = await payload<{ id: number }[]>(await fetch(`${origin}/api/countries`));
  const german = languages.find((language) => language.code === 'de');
  const country = countries[0];
  if (german === undefined || country === undefined)
    throw new Error('the demo store has no German or no country');
  const email = `lighthouse-${Date.now()}@example.com`;
  const answer = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Lena',
      surname: 'Berger',
      email,
      phone: '+49 30 901820',
      phoneE164: '+4930901820',
      password: 'Diamond7',
      password_confirmation: 'Diamond7',
      city: 'Berlin',
      country: country.id,
      lang_id: german.id,
    }),
  });
  if (!answer.ok) throw new Error(`sign-up answered ${answer.status}: ${await answer.text()}`);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  // A returning customer has confirmed their address: an unverified one's pages carry a banner.
  const verified = await fetch(await verificationLink(dataDir, email), { redirect: 'manual' });
  if (verified.status >= 400) throw new Error(`the verification link answered ${verified.status}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`);
  try {
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error('Chromium has no browser context');
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.evaluate(
      (entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      },
      { auth_session: 'true', token, languageId: String(german.id) },
    );
    // The app, started once more, writes the cookies it keeps beside them (docs/decisions/0054).
    await page.reload();
    await page.waitForFunction((id) => document.cookie.split('; ').includes(`languageId=${id}`), german.id);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  buildIfStale();
  mkdirSync(REPORTS, { recursive: true });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'blockfront-lighthouse-data-'));
  const profile = mkdtempSync(join(tmpdir(), 'blockfront-lighthouse-chrome-'));
  const server = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome: ChildProcess | undefined;
  try {
    const origin = `http://localhost:${port}`;
    await waitFor(`${origin}/`, server);
    const started = await startChrome(profile);
    chrome = started.chrome;
    const results: PageResult[] = [];
    for (const page of PAGES) results.push(await auditMedian(`${origin}${page}`, started.port, page, false));
    await signInReturningCustomer(origin, started.port, dataDir);
    for (const page of SIGNED_IN_PAGES)
      results.push(await auditMedian(`${origin}${page}`, started.port, page, true));
    printTable(results);
    return check && results.some((r) => r.failed.length > 0) ? 1 : 0;
  } finally {
    chrome?.removeAllListeners('exit');
    await Promise.all([stop(chrome), stop(server)]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

process.exitCode = await main();
