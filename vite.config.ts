import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { callingCodes } from './scripts/vite/calling-codes';
import { firstScreenChunks, preloadLazyModules, stylesheetFirst } from './scripts/vite/first-load';
import { parserlessIntl } from './scripts/vite/icu-parser';
import { renderEntryBuild } from './scripts/vite/render-entry';
import { stripMachineDescriptions } from './scripts/vite/strip-machine-descriptions';
import { SAFETY_NET } from './tests/support/timeouts';

/**
 * UI test files that need a fresh module graph: they mock a module (vi.mock), or watch a lazy
 * chunk or the start-up load for the first time, which an earlier file in the same worker would
 * already have loaded.
 */
const uiIsolated = [
  'tests/ui/components/LazyToastsFailure.test.tsx',
  'tests/ui/components/Select.test.tsx',
  'tests/ui/shell/loadFailures.test.tsx',
  'tests/ui/shell/startup.test.tsx',
  'tests/ui/startup/retry.test.tsx',
];

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [
    react(),
    preloadLazyModules(['src/bootstrap/browser-start.ts', 'src/bootstrap/bootApp.tsx']),
    // 'start' and 'ui', from what the first screen reaches through static imports (docs/decisions/0042).
    firstScreenChunks({
      entry: 'src/main.tsx',
      start: ['src/bootstrap/browser-start.ts'],
      ui: ['src/bootstrap/bootApp.tsx'],
    }),
    stylesheetFirst(),
    stripMachineDescriptions(),
    parserlessIntl(),
    renderEntryBuild(),
    callingCodes(),
  ],
  resolve: {
    // @xstate/react imports the shims of useSyncExternalStore for React 17; React 19 has the hook,
    // and the package's plain entries use React's own (0.4 KB less on the first load).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    outDir: 'dist/app',
    manifest: true,
    // Maps without the comment that names them: 106 B gzip less on the first load (docs/decisions/0023).
    sourcemap: 'hidden',
    target: 'es2022',
    // Every browser of the es2022 target but Safari 16 knows <link rel="modulepreload">; there the
    // links are only not followed. Vite's polyfill would add ~0.4 KB to the entry for it.
    modulePreload: { polyfill: false },
    // One stylesheet, linked by index.html: a lazily loaded page then inserts no <link> of its own
    // while it loads (each insertion cost a style recalculation on the main thread).
    cssCodeSplit: false,
  },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    globals: false,
    // Vitest 4 caps a percentage at the core count: this is 2 workers on 2 cores, not 3 (vitest's
    // default would be 1). The 180 s → 139.7 s once measured for it was 1 → 2 workers; '200%' is
    // the same 2. Whether a third helps was never measured on a quiet machine (docs/benchmarks.md).
    maxWorkers: '150%',
    testTimeout: SAFETY_NET.testMs,
    hookTimeout: SAFETY_NET.testMs,
    expect: { poll: { timeout: SAFETY_NET.waitMs } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Each file builds its own app on its own database, so the files need no fresh module
          // graph each: without isolation the project ran in 44 s instead of 72 s.
          isolate: false,
          include: [
            'tests/{agent,domain,machines,server,api,contract,docs}/**/*.test.ts',
            // Checks the catalogue file, no DOM: it needs none of the UI harness.
            'tests/ui/components/catalogue.test.ts',
          ],
          setupFiles: ['tests/support/console-guard.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          // Without isolation the app's modules and jsdom are loaded once per worker, not once per
          // file: tests/ui/components ran in 16 s instead of 67 s (ADR 0039). The harness resets
          // per test what a test leaves (tests/support/ui-setup.ts).
          isolate: false,
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          exclude: ['tests/ui/components/catalogue.test.ts', ...uiIsolated],
          setupFiles: ['tests/support/console-guard.ts', 'tests/support/ui-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui-isolated',
          environment: 'jsdom',
          include: uiIsolated,
          setupFiles: ['tests/support/console-guard.ts', 'tests/support/ui-setup.ts'],
        },
      },
    ],
  },
});
