import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // Generous: a shared machine under load can be slow; no test measures time.
    testTimeout: 60_000,
    // Two test files at once on a 2-core machine (the default is one): the API tests spend much of
    // their time waiting on the database, mail and timers.
    maxWorkers: 2,
    hookTimeout: 60_000,
    setupFiles: ['src/test/setup.ts'],
    globalSetup: ['src/test/global-setup.ts'],
  },
})
