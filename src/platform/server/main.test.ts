import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { Agent, type ClientRequest, type IncomingMessage, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../../scripts/build-server.mjs'
import { projectRoot } from './lib/paths'
import { STARTING_MESSAGE } from './lib/starting'

/** The server bundled as `npm run build` bundles it (its features found by import.meta.glob), under dist/. */
const outdir = path.join(projectRoot, 'dist', 'test-server', String(process.pid))
const entry = path.join(outdir, 'main.js')
beforeAll(async () => {
  await buildServer({ outdir, sourcemap: false })
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
      // No drain on SIGTERM unless a test asks for one (docs/decisions/044-graceful-drain.md).
      SHUTDOWN_DRAIN_SECONDS: '0',
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

/** The port, once the server has logged that it is ready (the app answers; before, every answer is 503). */
async function waitForReady(server: Started): Promise<number> {
  const port = await waitForPort(server)
  await expect
    .poll(
      () => {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`)
        return server.output().includes('TradeHub is ready')
      },
      { timeout: 170_000, interval: 100 },
    )
    .toBe(true)
  return port
}

/** The status and Connection header of a request's answer, or the error that ended it (a reset). */
function answerOf(req: ClientRequest): Promise<{ status: number | string; connection?: string }> {
  return new Promise((resolve) => {
    req.on('response', (res: IncomingMessage) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? error.message }))
    if (req.method === 'GET') req.end()
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
    // It listens first: while a fresh database is migrated and filled, every request is a 503.
    const port = await waitForPort(first)
    const starting = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(starting.status).toBe(503)
    expect(starting.headers.get('retry-after')).toBe('1')
    expect(await starting.json()).toMatchObject({ status: 'starting' })
    const api = await fetch(`http://127.0.0.1:${port}/api/games`)
    expect([api.status, api.headers.get('retry-after')]).toEqual([503, '1'])
    expect(await api.json()).toEqual({ error: { code: 'UNAVAILABLE', message: STARTING_MESSAGE } })

    await waitForReady(first)
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' })
    expect((await fetch(`http://127.0.0.1:${port}/api/games`)).status).toBe(200)

    const second = startServer({ PORT: '0', DATA_DIR: dataDir })
    running.push(second)
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('is in use by another running server')

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('"msg":"stopped"')
  }, 180_000) // two server processes

  it('stops cleanly on SIGTERM while starting: after the step under way, exit 0, DATA_DIR unlocked and usable', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-main-'))
    const server = startServer({ PORT: '0', DATA_DIR: dataDir })
    running.push(server)
    const port = await waitForPort(server)
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(503)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(server.output()).toContain('shutting down while starting')
    expect(server.output()).toContain('"msg":"stopped"')
    expect(server.output()).not.toContain('TradeHub is ready')
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)

    // The database it left is whole: the next start on it is healthy.
    const next = startServer({ PORT: '0', DATA_DIR: dataDir })
    running.push(next)
    const nextPort = await waitForReady(next)
    expect((await fetch(`http://127.0.0.1:${nextPort}/api/health`)).status).toBe(200)
    next.child.kill('SIGTERM')
    expect(await next.exited).toBe(0)
  }, 180_000)

  it('drains on SIGTERM: readiness turns 503 while it still listens, the 25 requests in flight on keep-alive connections are all answered with Connection: close, and it exits within the drain plus 2 s', async () => {
    const drainSeconds = 2
    const server = startServer({
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tradehub-main-')),
      SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
    })
    running.push(server)
    const port = await waitForReady(server)
    const origin = `http://127.0.0.1:${port}`

    // 25 keep-alive connections, each used once: a reverse proxy's pool.
    const agent = new Agent({ keepAlive: true, maxSockets: 25 })
    const warmUp = await Promise.all(
      Array.from({ length: 25 }, () => answerOf(request(`${origin}/api/health`, { agent }))),
    )
    expect(warmUp.map((a) => a.status)).toEqual(Array(25).fill(200))

    // 25 requests in flight on them: the head and half the body sent, the rest still to come.
    const body = JSON.stringify({ email: 'not-an-address' })
    const inFlight = Array.from({ length: 25 }, () => {
      const req = request(`${origin}/api/launch-list/subscribe`, {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
      return {
        req,
        answer: answerOf(req),
        sent: new Promise<void>((resolve) => req.write(body.slice(0, 10), () => resolve())),
      }
    })
    await Promise.all(inFlight.map((r) => r.sent))
    expect(inFlight.every((r) => r.req.reusedSocket)).toBe(true)

    const exitedAt = new Promise<number>((resolve) =>
      server.child.once('exit', () => resolve(performance.now())),
    )
    const signalledAt = performance.now()
    server.child.kill('SIGTERM')

    // Readiness answers 503 at once, on a new connection: the listener is still open.
    const healthStatus = () =>
      fetch(`${origin}/api/health`).then(
        (res) => res.status,
        () => 'refused',
      )
    await expect.poll(healthStatus, { timeout: 10_000 }).toBe(503)
    const unreadyMs = performance.now() - signalledAt

    for (const r of inFlight) r.req.end(body.slice(10))
    const answers = await Promise.all(inFlight.map((r) => r.answer))
    // Every one answered (the route read the whole body: 400 names the address), none reset.
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(400))
    expect(answers.map((a) => a.connection)).toEqual(Array(25).fill('close'))

    expect(await server.exited).toBe(0)
    const exitMs = (await exitedAt) - signalledAt
    console.log(
      `SIGTERM, ${drainSeconds} s drain: health 503 by ${Math.round(unreadyMs)} ms (still listening), ` +
        `${answers.filter((a) => a.status === 400).length}/25 answered, exited after ${Math.round(exitMs)} ms`,
    )
    expect(exitMs).toBeLessThanOrEqual((drainSeconds + 2) * 1000)
    expect(server.output()).toContain('"msg":"stopped"')
    agent.destroy()
  }, 180_000)

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
        const port = await waitForReady(server)
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
