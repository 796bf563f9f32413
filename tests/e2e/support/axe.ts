// axe-core in the page under test: injected as a script (the test browser bypasses the app's CSP),
// run on the whole document, reduced to the violations that block customers (serious, critical).
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

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
  if (!loaded) await page.addScriptTag({ path: axePath });
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
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.join('\n  ')}`)
    .join('\n');
}
