import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { projectRoot } from './lib/paths'

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** Runs the real entry point (through tsx) with the given environment. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
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

async function waitForPort(server: Started): Promise<number> {
  for (let i = 0; i < 300; i++) {
    const match = server.output().match(/"port":(\d+)/)
    if (match) return Number(match[1])
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not start: ${server.output()}`)
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
  }, 60_000)

  it('stops at start-up with a message naming an invalid variable', async () => {
    const server = startServer({ PORT: 'not-a-port' })
    running.push(server)
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(/Invalid configuration:\s+PORT:/)
  }, 30_000)

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
    60_000,
  )
})
