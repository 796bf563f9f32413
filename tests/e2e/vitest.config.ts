import { defineConfig } from 'vitest/config';

// The browser suite: playwright-core driving Debian's Chromium against a built app and server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    passWithNoTests: true,
  },
});
