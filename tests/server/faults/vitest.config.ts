import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`): a crashed server, a stopped database, webhooks in any
// order. Loopback only; one file at a time (each starts servers or stops a database cluster).
export default defineConfig({
  test: {
    include: ['tests/server/faults/**/*.faults.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
