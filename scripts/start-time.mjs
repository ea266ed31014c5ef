// How long a second `npm start` on an unchanged checkout takes to be healthy: from spawning `npm start` to
// the first 200 of /api/health. One start on a DATA_DIR of its own warms up first (it builds if the sources
// changed, creates the database, runs the migrations and imports the catalog); then ROUNDS second starts,
// each stopped with SIGTERM before the next. Each alternates with the floor: a bare node process that
// listens and answers /api/health, spawned and polled the same way, so a busy spell of this shared machine
// weighs on both alike. Prints each round and the medians (bar: at most 3 s; docs/decisions/052-listen-first.md).
// Usage: npm run start-time [-- rounds] (default 5). START_TIME_PORT (3310) is the port both use;
// DATABASE_URL, when set, is passed on (the server then uses PostgreSQL, not PGlite).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const rounds = Number(process.argv[2] ?? 5)
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npm run start-time [-- rounds]')
  process.exit(2)
}
const port = Number(process.env.START_TIME_PORT ?? 3310)
const POLL_MS = 10
const GIVE_UP_MS = 300_000
const BAR_MS = 3000

const BARE_SERVER = `require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
}).listen(${port}, '127.0.0.1')`

/** The status of GET /api/health, or 0 when nothing answers (yet). */
function health() {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', () => resolve(0))
    req.setTimeout(5000, () => req.destroy())
    req.end()
  })
}

/**
 * Spawns `command` (in a process group of its own, so `npm`, its shell and the server stop together),
 * resolves with the milliseconds until /api/health first answers 200, and stops it again.
 */
async function timeToHealthy(command, args, env) {
  const started = performance.now()
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let exitCode
  void exited.then((code) => {
    exitCode = code
  })
  try {
    for (;;) {
      if (exitCode !== undefined) throw new Error(`${command} ${args.join(' ')} exited with ${exitCode}`)
      if ((await health()) === 200) return performance.now() - started
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`${command} ${args.join(' ')} was not healthy in time`)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  } finally {
    if (exitCode === undefined) {
      process.kill(-child.pid, 'SIGTERM')
      await exited
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`

const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-start-time-'))
const serverEnv = {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
  // Stopped between rounds at once, and never reaching out to the internet.
  SHUTDOWN_DRAIN_SECONDS: '0',
  VALUE_IMPORT_INTERVAL_MINUTES: '0',
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

try {
  console.log(`First start (warm-up, DATA_DIR ${dataDir})…`)
  console.log(`  healthy after ${seconds(await timeToHealthy(npm, ['start', '--silent'], serverEnv))}`)
  const starts = []
  const floors = []
  for (let round = 1; round <= rounds; round++) {
    const floor = await timeToHealthy(process.execPath, ['-e', BARE_SERVER], {})
    const start = await timeToHealthy(npm, ['start', '--silent'], serverEnv)
    floors.push(floor)
    starts.push(start)
    console.log(`  round ${round}: npm start ${seconds(start)}, bare node ${seconds(floor)}`)
  }
  const [one, five] = loadavg()
  console.log(
    `\nSecond npm start, median of ${rounds}: ${seconds(median(starts))} (bar ${seconds(BAR_MS)}); ` +
      `bare node: ${seconds(median(floors))}; load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)`,
  )
  if (median(starts) > BAR_MS) process.exitCode = 1
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
