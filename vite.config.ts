import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/app', manifest: true, sourcemap: true, target: 'es2022' },
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
