import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { globImports } from '../../../scripts/lib/glob-imports.mjs'
import { projectRoot } from './lib/paths'

/** The server bundled as `npm run build` bundles it (its features found by import.meta.glob), under dist/. */
const entry = path.join(projectRoot, 'dist', 'test-server', String(process.pid), 'main.js')
beforeAll(async () => {
  await build({
    entryPoints: [path.join(projectRoot, 'src/platform/server/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [globImports],
  })
})

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** Runs the real entry point (bundled) with the given environment. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [entry], {
    cwd: projectRoot,
    // No official price import: a test never reaches the internet.
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      VALUE_IMPORT_INTERVAL_MINUTES: '0',
      ...env,
    },
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** The port from the server's "listening" log line, as soon as it is written; fails if the server exits. */
function waitForPort(server: Started): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = server.output().match(/"port":(\d+)/)
      if (!match) return
      stopWatching()
      resolve(Number(match[1]))
    }
    const exited = (code: number | null) => {
      stopWatching()
      reject(new Error(`server exited (${code}): ${server.output()}`))
    }
    const stopWatching = () => {
      server.child.stdout?.off('data', check)
      server.child.off('exit', exited)
    }
    server.child.stdout?.on('data', check)
    server.child.once('exit', exited)
    check()
    if (server.child.exitCode !== null) exited(server.child.exitCode)
  })
}

const running: Started[] = []
afterEach(() => {
  for (const s of running.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL')
})

describe('server process', () => {
  it('starts on a fresh DATA_DIR, refuses a second process on it, and stops gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-main-'))
    const first = startServer({ PORT: '0', DATA_DIR: dataDir })
    running.push(first)
    const port = await waitForPort(first)
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' })

    const second = startServer({ PORT: '0', DATA_DIR: dataDir })
    running.push(second)
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('is in use by another running server')

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('"msg":"stopped"')
  }, 180_000) // two server processes

  it('stops at start-up with a message naming an invalid variable', async () => {
    const server = startServer({ PORT: 'not-a-port' })
    running.push(server)
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(/Invalid configuration:\s+PORT:/)
  }, 90_000)

  it('stops at start-up with one line naming a DATA_DIR it cannot write in, and no stack trace', async () => {
    // A folder under a regular file: no process can make it, not even one running as root (which
    // ignores permission bits, so a chmod 0555 folder would not do).
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tradehub-main-')), 'a-file')
    writeFileSync(file, 'not a folder')
    const dataDir = path.join(file, 'data')
    const server = startServer({ PORT: '0', DATA_DIR: dataDir })
    running.push(server)
    expect(await server.exited).toBe(1)
    const lines = server.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`DATA_DIR ${dataDir} is not a writable folder (ENOTDIR)`)
    expect(server.output()).not.toMatch(/^\s+at /m)
  }, 90_000)

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts on PostgreSQL when DATABASE_URL is set',
    async () => {
      const { createTestDatabase } = await import('@/test/database')
      const database = await createTestDatabase()
      try {
        const name = (
          (await database.db.execute('select current_database() as name')).rows[0] as { name: string }
        ).name
        const url = new URL(process.env.TEST_DATABASE_URL!)
        url.pathname = `/${name}`
        const server = startServer({
          PORT: '0',
          DATABASE_URL: url.toString(),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'th-')),
        })
        running.push(server)
        const port = await waitForPort(server)
        const site = await (await fetch(`http://127.0.0.1:${port}/api/site`)).json()
        expect(site.stats.games).toBe(8)
        expect(server.output()).toContain('"database":"postgres"')
        server.child.kill('SIGTERM')
        expect(await server.exited).toBe(0)
      } finally {
        await database.drop()
      }
    },
    120_000,
  )
})
