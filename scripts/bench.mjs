// Throughput of public read endpoints of the built server next to a bare node:http server that answers
// the same bytes (the app's own headers, the security headers among them, and body, as wrk gets them),
// so the ratio shows what the framework, cache, middleware and request log cost.
// Each server runs in a process of its own (the built one with the log level `npm start` uses), and so
// does the load generator: wrk (Debian's package, C; installed here where it can be). A generator inside
// this node process tops out near 11k req/s and would measure itself, not the servers: the bare server's
// rate is printed, so a saturated generator shows. The two servers are measured in alternating rounds
// and the ratio is taken from the medians, so a busy spell of this shared machine weighs on both alike.
// Beside each rate: the server process's CPU time per request (utime + stime from /proc/<pid>/stat over
// the round, divided by the requests wrk counted), which a busy machine disturbs less than the rate.
// Usage: npm run bench [-- /api/a /api/b ...]. Needs a build (npm run build). Default paths: the values
// list, an item, the trade-ads list (10,000 open ads) and the public API's item list.
// The database: with BENCH_PG_ADMIN_URL (a PostgreSQL URL with the right to create databases, e.g.
// postgres://postgres@127.0.0.1:5432/postgres) the bench creates a database of its own there
// (tradehub_bench_<pid>), runs the server on it and drops it at the end; without it, PGlite in a
// temporary DATA_DIR. Either way 10,000 open ads are seeded first (scripts/lib/seed-trade-ads.mjs).
// A path that does not answer 200 is skipped with a line saying so.
// BENCH_ROUNDS (7) rounds of BENCH_SECONDS (3) per server and path.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { ensureDebianPackage } from './lib/debian-package.mjs'
import { seedTradeAds } from './lib/seed-trade-ads.mjs'
import { startBuiltServer } from './lib/start-server.mjs'

const DEFAULT_PATHS = [
  '/api/games/blox-fruits/items?sort=value&page=1&pageSize=50',
  '/api/games/blox-fruits/items/kitsune',
  '/api/trade-ads?game=blox-fruits',
  '/api/v1/games/blox-fruits/items',
]
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_PATHS
const ADS = 10_000
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const BARE_PORT = 3302
const WRK = '/usr/bin/wrk'
const CONNECTIONS = 10

/** wrk's duration ("812.00us", "1.20ms", "2.01s") in milliseconds. */
const ms = (text) => {
  const [, n, unit] = /([\d.]+)(us|ms|s)/.exec(text) ?? []
  return Number(n) * { us: 0.001, ms: 1, s: 1000 }[unit]
}

/** CPU time (user + system) a process has used so far, in seconds, from /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100 // USER_HZ, the same on every Linux architecture
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ') // after the command's name
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND // utime, stime
}

/** One round against the server with process id `pid`: its rate, p99 and CPU time per request. */
async function measure(url, pid) {
  const before = cpuSeconds(pid)
  const result = await run(url)
  return { ...result, cpuUs: ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, result.requests) }
}

/** One round: wrk with two threads and 10 connections for SECONDS, in its own process. */
function run(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', url])
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(out)
      if (code !== 0 || !rate) return reject(new Error(`wrk failed (${code}): ${out}`))
      resolve({
        rate: Number(rate[1]),
        requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
        p99: ms(/99%\s+(\S+)/.exec(out)?.[1] ?? '0ms'),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
      })
    })
  })
}

ensureDebianPackage('wrk', WRK)
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

/** What node:http adds to every answer by itself: the bare server's node adds them too. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * The app's answer as wrk gets it (no Accept-Encoding): its status, its headers (the security headers,
 * Cache-Control, ETag, … as name, value, …; node's own left out) and its body.
 */
async function sampleAnswer(url) {
  const res = await new Promise((resolve, reject) => http.get(url, resolve).on('error', reject))
  const chunks = []
  for await (const chunk of res) chunks.push(chunk)
  const headers = []
  for (let i = 0; i < res.rawHeaders.length; i += 2)
    if (!NODE_OWN_HEADERS.has(res.rawHeaders[i].toLowerCase()))
      headers.push(res.rawHeaders[i], res.rawHeaders[i + 1])
  return { status: res.statusCode, headers, body: Buffer.concat(chunks) }
}

/** The bare server, in a child process, answering each path with the app's headers and body. */
async function startBareServer(answers) {
  const child = spawn(process.execPath, ['scripts/lib/bare-server.mjs'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  child.stdin.end(JSON.stringify({ port: BARE_PORT, answers }))
  const [ready] = await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(() => {
      throw new Error('the bare server exited before listening')
    }),
  ])
  if (!String(ready).includes('ready')) throw new Error(`the bare server said: ${ready}`)
  return {
    url: `http://127.0.0.1:${BARE_PORT}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', resolve)
        child.kill()
      }),
  }
}

/**
 * The database the server runs on, seeded with ADS open ads: a PostgreSQL database of the bench's own
 * under BENCH_PG_ADMIN_URL, else PGlite in a temporary DATA_DIR (seeded between two starts of the server,
 * which migrates it). `drop` removes the PostgreSQL database.
 */
async function benchDatabase() {
  const adminUrl = process.env.BENCH_PG_ADMIN_URL
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-bench-'))
    await (await startBuiltServer({ port: 3301, dataDir })).stop()
    const db = new PGlite(path.join(dataDir, 'db'))
    try {
      await seedTradeAds(db, ADS)
    } finally {
      await db.close()
    }
    return { label: `PGlite (${dataDir})`, env: { DATABASE_URL: undefined }, dataDir, drop: async () => {} }
  }
  const name = `tradehub_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
  try {
    await (await startBuiltServer({ port: 3301, env: { DATABASE_URL: url.href } })).stop()
    const client = new pg.Client({ connectionString: url.href })
    await client.connect()
    try {
      await seedTradeAds(client, ADS)
    } finally {
      await client.end()
    }
  } catch (error) {
    await drop()
    throw error
  }
  return { label: `PostgreSQL (${name}, dropped at the end)`, env: { DATABASE_URL: url.href }, drop }
}

const database = await benchDatabase()
// LOG_LEVEL unset: the server's own default, as `npm start` runs it.
const server = await startBuiltServer({
  port: 3301,
  env: { ...database.env, LOG_LEVEL: undefined },
  logFile: true,
  dataDir: database.dataDir,
}).catch(async (error) => {
  await database.drop()
  throw error
})
try {
  const answers = {}
  for (const path of paths) {
    const sample = await sampleAnswer(server.url + path)
    if (sample.status !== 200) {
      console.log(`skipped: GET ${path} answered ${sample.status}`)
      continue
    }
    answers[path] = { headers: sample.headers, body: sample.body.toString('base64') }
  }
  const bare = await startBareServer(answers)
  try {
    console.log(`built server: default log level, on ${database.label} with ${ADS} open trade ads`)
    console.log(`${ROUNDS} alternating rounds of ${SECONDS} s per server; medians`)
    for (const path of Object.keys(answers)) {
      await run(server.url + path) // warm-up: fills the read cache and JIT
      await run(bare.url + path)
      const rounds = []
      for (let i = 0; i < ROUNDS; i++) {
        rounds.push({
          app: await measure(server.url + path, server.pid),
          bare: await measure(bare.url + path, bare.pid),
        })
      }
      const rate = (side) => median(rounds.map((r) => r[side].rate))
      const p99 = (side) => median(rounds.map((r) => r[side].p99))
      const cpu = (side) => median(rounds.map((r) => r[side].cpuUs))
      const non2xx = (side) => rounds.reduce((sum, r) => sum + r[side].non2xx, 0)
      const line = (side) =>
        `${Math.round(rate(side))} req/s, p99 ${p99(side).toFixed(2)} ms, ` +
        `${Math.round(cpu(side))} µs CPU/request, ${non2xx(side)} non-2xx`
      const each = rounds.map((r) => (r.app.rate / r.bare.rate).toFixed(2))
      const bytes = Buffer.from(answers[path].body, 'base64').length
      console.log('')
      console.log(`endpoint: GET ${path} (${bytes} bytes), wrk, ${CONNECTIONS} connections, 2 threads`)
      console.log(`  TradeHub:       ${line('app')}`)
      console.log(`  bare node:http: ${line('bare')} (the load generator's rate against the floor)`)
      console.log(`  ratio per round: ${each.join(' ')}`)
      console.log(`  ratio: ${(rate('app') / rate('bare')).toFixed(2)}`)
    }
  } finally {
    await bare.stop()
  }
} finally {
  await server.stop()
  await database.drop()
}
const log = readFileSync(server.logPath, 'utf8').split('\n').filter(Boolean)
const requests = log.map((line) => JSON.parse(line)).filter((entry) => entry.path !== undefined)
const counted = requests.reduce((sum, entry) => sum + (entry.count ?? 1), 0)
console.log('')
console.log(`server log (${server.logPath}): ${log.length} lines for ${counted} requests`)
