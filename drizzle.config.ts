import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations for both drivers (PGlite and PostgreSQL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
