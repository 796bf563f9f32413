import { defineConfig } from 'vitest/config';

// The contract fuzz suite (`npm run test:fuzz`): every operation of openapi.yaml under generated
// input, on a fresh embedded database (or DATABASE_URL's PostgreSQL).
export default defineConfig({
  test: {
    include: ['tests/server/fuzz/**/*.fuzz.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
