import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preloadLazyModule, stylesheetFirst } from './scripts/vite/first-load';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), preloadLazyModule('src/features/shell/bootApp.tsx'), stylesheetFirst()],
  build: {
    outDir: 'dist/app',
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // One stylesheet, linked by index.html: a lazily loaded page then inserts no <link> of its own
    // while it loads (each insertion cost a style recalculation on the main thread).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries of the first screen in one chunk. Without the group, every module the
          // UI shares with a lazy page becomes a chunk of its own: a dozen more requests, and
          // ~5 KB more gzip on the first load (docs/decisions/0006).
          groups: [
            {
              name: 'ui',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-intl|@formatjs|intl-messageformat|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    globals: false,
    testTimeout: 15_000,
    // Building an app on a fresh database takes seconds; CI shares 2 cores with the whole suite.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{machines,server,api,contract}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/ui-setup.ts'],
        },
      },
    ],
  },
});
