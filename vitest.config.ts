import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

const SERVER_TESTS = 'src/**/server/**/*.test.ts'

/**
 * The server tests that mock a module (`vi.mock`): a mock applies only to a module graph the file
 * imports afresh, so these run isolated, each in its own (decision 054).
 */
const MOCKING_SERVER_TESTS = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => /\/server\/.*\.test\.ts$/.test(file))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))

/** Their databases' templates, made once per run of each project that has server tests. */
const DATABASE_TEMPLATES = ['src/test/global-setup.ts']

const projects: TestProjectInlineConfiguration[] = [
  {
    // The server's tests share one process per worker (decision 054): each file builds its own app on
    // its own database and closes it, so importing the server's modules once per worker, not once per
    // file, is safe; it was most of their time.
    extends: true,
    test: {
      name: 'server',
      include: [SERVER_TESTS],
      exclude: [...MOCKING_SERVER_TESTS, 'node_modules/**'],
      isolate: false,
      globalSetup: DATABASE_TEMPLATES,
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
]
if (MOCKING_SERVER_TESTS.length > 0)
  projects.push({
    extends: true,
    test: { name: 'server-mocks', include: MOCKING_SERVER_TESTS, globalSetup: DATABASE_TEMPLATES },
  })

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
    projects,
  },
})
