import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * Fails the test during which console.error or console.warn printed something the test did not
 * declare with expectConsoleError / expectConsoleWarn (a React error, an XState "sent to stopped
 * actor" warning, a failed request logged by the app), so such output is a failure instead of
 * noise in the CI log (docs/decisions/0033-quiet-tests.md). A declared one that is not printed
 * fails too. Output that an earlier test left running prints later is charged to the test that sees it.
 */

type Level = 'error' | 'warn';

interface Expectation {
  level: Level;
  pattern: RegExp;
  seen: boolean;
}

const originals: Record<Level, (...args: unknown[]) => void> = {
  error: console.error,
  warn: console.warn,
};
let expectations: Expectation[] = [];
let unexpected: string[] = [];

/** Declares that this test prints a console.error matching `pattern` (it is then not printed). */
export function expectConsoleError(pattern: RegExp): void {
  expectations.push({ level: 'error', pattern, seen: false });
}

/** Declares that this test prints a console.warn matching `pattern` (it is then not printed). */
export function expectConsoleWarn(pattern: RegExp): void {
  expectations.push({ level: 'warn', pattern, seen: false });
}

function guard(level: Level) {
  return (...args: unknown[]): void => {
    const text = format(...args);
    const expected = expectations.find(
      (candidate) => candidate.level === level && candidate.pattern.test(text),
    );
    if (expected) {
      expected.seen = true;
      return;
    }
    unexpected.push(`console.${level}: ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`);
    originals[level](...args);
  };
}

beforeEach(() => {
  expectations = [];
  unexpected = [];
  console.error = guard('error');
  console.warn = guard('warn');
});

afterEach(() => {
  console.error = originals.error;
  console.warn = originals.warn;
  const missing = expectations
    .filter((expectation) => !expectation.seen)
    .map(
      (expectation) =>
        `expected console.${expectation.level} matching ${expectation.pattern} was not printed`,
    );
  const problems = [...unexpected, ...missing];
  expectations = [];
  unexpected = [];
  if (problems.length > 0) {
    throw new Error(
      `The test printed what it did not declare (expectConsoleError / expectConsoleWarn in tests/support/console-guard.ts; it may come from work an earlier test left running):\n${problems.join('\n')}`,
    );
  }
});
