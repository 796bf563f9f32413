import { defineConfig } from 'vitest/config';

// The browser suite: playwright-core driving Debian's Chromium against a built app and server.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // Each file starts its own server (a fresh database: about 20 s on a loaded 2-core machine).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
