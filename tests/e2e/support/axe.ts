// axe-core in the page under test, run on the whole document, reduced to the violations that block
// customers (serious, critical). It is evaluated through the DevTools protocol, which the page's
// Content-Security-Policy does not govern, so the app is tested with its real CSP in force (no
// bypassCSP context needed).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  help: string;
  /** The CSS selectors and axe's summary of the first few offending nodes. */
  nodes: string[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe on the current page; returns its serious and critical violations (none is a pass). */
export async function blockingViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type AxeResult = {
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run(context: Document): Promise<AxeResult> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  });
  return violations.filter((violation) => BLOCKING.has(violation.impact));
}

/** One line per violation and node, for a failure message that says what to fix. */
export function describeViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.join('\n  ')}`).join('\n');
}
