import { defineConfig } from 'drizzle-kit'

/** Every table lives beside the code that owns it: a feature's tables.ts, or the platform's. */
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/features/*/tables.ts',
    './src/platform/server/**/tables.ts',
    './src/platform/server/lib/*-tables.ts',
  ],
  out: './db/migrations',
  casing: 'snake_case',
})
