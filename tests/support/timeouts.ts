/**
 * The safety nets of the unit and UI suites, in one place
 * (docs/decisions/0039-ui-tests-without-isolation.md). They only end a test that hangs: no test
 * waits for them to pass, so they can be generous. A loaded 2-core
 * machine (load 6–10) runs a test 3× slower, and a limit near a test's real duration fails it.
 * What a test waits for on purpose (a retry delay, a lock) is injected short or faked instead.
 */
export const SAFETY_NET = {
  /** A test, and a hook (a file's app on a fresh database takes seconds when loaded). */
  testMs: 60_000,
  /** Testing Library's `findBy…` / `waitFor`, and `expect.poll`. */
  waitMs: 15_000,
  /**
   * What an agent test waits for from the agent (a spawned `npm run agent` printing a line, a batch
   * settling against the fake store): under testMs, so the test's own message naming what is
   * missing is shown rather than vitest's bare timeout.
   */
  agentMs: 45_000,
} as const;
