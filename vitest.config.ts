import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const SERVER_TESTS = 'src/**/server/**/*.test.ts'

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // Generous: a shared machine under load can be slow; no test measures time.
    testTimeout: 60_000,
    // Two test files at once on a 2-core machine (the default is one): the API tests spend much of
    // their time waiting on the database, mail and timers.
    maxWorkers: 2,
    hookTimeout: 60_000,
    setupFiles: ['src/test/setup.ts'],
    projects: [
      {
        // The server's tests share one process per worker (decision 054): each file builds its own app
        // on its own database and closes it, so importing the server's modules once per worker, not once
        // per file, is safe; it was most of their time.
        extends: true,
        test: {
          name: 'server',
          include: [SERVER_TESTS],
          isolate: false,
          // Their databases' templates, made once per run.
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      {
        // The rest (rules, web code, scripts) in a fresh module graph per file: some mock modules.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          exclude: [SERVER_TESTS, 'e2e/**', 'node_modules/**', 'dist/**'],
        },
      },
    ],
  },
})
