import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @eco/server` writes a new migration from the schema; the app applies it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
