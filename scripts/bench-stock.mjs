// Live stock at scale (issue 11, "Scale"): N Server-Sent Events clients on one built instance, a report
// posted by a bot token, and the time until every client had the new `stock` event (p50, p99, max), the
// server's memory per open stream; then the same across two instances on one PostgreSQL (clients on B,
// the report posted on A). Bars on the 2-core machine: 10,000 clients, p99 < 1 s, < 10 KB per
// connection; cross-instance delivery < 1 s. Timings on a shared machine are figures, not pass/fail: a
// missed bar prints "over the bar"; the exit code is non-zero only when the bench itself fails.
// The clients come from many source addresses (127.1.0.1, 127.1.0.2, …: Linux routes all of 127.0.0.0/8
// to loopback), at most 50 a stream each, as the server caps the streams of one address.
//
// Usage: npm run build first (this script builds nothing), then
//   npm run bench:stock [-- --clients 10000] [--rounds 5] [--batch 500]
//                       [--postgres postgres://postgres@127.0.0.1:5432/postgres | --no-cross]
//                       [--node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof"]
// --postgres names the PostgreSQL server on which a fresh database is created for the two instances and
// dropped at the end (default: the local one; when it cannot be reached, the cross-instance part is
// skipped with a note). Linux only: memory is read from /proc.
import { readFileSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { buildStatus } from './lib/build-stamp.mjs'
import { startBuiltServer } from './lib/start-server.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const GAME = 'grow-a-garden'
const ADMIN_EMAIL = 'bench-admin@example.com'
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'
const BAR = { p99Ms: 1000, bytesPerConnection: 10 * 1024 }
/** How long a batch of new streams, or a round's delivery, may take before the missing are counted. */
const OPEN_TIMEOUT_MS = 60_000
const DELIVERY_TIMEOUT_MS = 30_000
/** A pause before reading memory, so the server has finished answering what was just opened. */
const SETTLE_MS = 2_000
/**
 * Streams opened from one source address: half the server's cap per address (LIVE_STREAMS_PER_ADDRESS
 * in src/shared/live-rules.ts, 100), so that streams closed a moment ago and not yet counted out by the
 * server never make it refuse one.
 */
const CLIENTS_PER_ADDRESS = 50

class UsageError extends Error {}

const USAGE = `Usage: npm run build, then npm run bench:stock [-- options]
  --clients N        event-stream clients (default 10000)
  --rounds N         reports posted, one round each (default 5)
  --batch N          streams opened at once, each batch waited for (default 500)
  --postgres URL     PostgreSQL server for the two-instance part: a fresh database is made there and
                     dropped at the end (default ${DEFAULT_POSTGRES})
  --no-cross         one instance only
  --node-flags="..." flags for each server's node (e.g. --node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof")`

function parseArgsOrExplain(config) {
  try {
    return parseArgs(config)
  } catch (error) {
    throw new UsageError(error.message)
  }
}

function parseOptions() {
  const { values } = parseArgsOrExplain({
    options: {
      clients: { type: 'string', default: '10000' },
      rounds: { type: 'string', default: '5' },
      batch: { type: 'string', default: '500' },
      postgres: { type: 'string' },
      'no-cross': { type: 'boolean', default: false },
      'node-flags': { type: 'string', default: '' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const count = (name) => {
    const n = Number(values[name])
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number above 0`)
    return n
  }
  if (values['no-cross'] && values.postgres)
    throw new UsageError('--postgres and --no-cross exclude each other')
  return {
    help: values.help,
    clients: count('clients'),
    rounds: count('rounds'),
    batch: count('batch'),
    cross: !values['no-cross'],
    postgres: values.postgres ?? DEFAULT_POSTGRES,
    postgresGiven: values.postgres !== undefined,
    nodeArgs: values['node-flags'].split(/\s+/).filter(Boolean),
  }
}

// ---------------------------------------------------------------------------------------------------
// Clean-up: everything started registers how to stop it; it runs last-in first-out, also on Ctrl-C.

const cleanups = []
const onCleanup = (fn) => cleanups.push(fn)
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()()
    } catch (error) {
      console.error(`clean-up: ${error.message}`)
    }
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `predicate` until it holds (true) or `timeoutMs` passed (false). */
async function waitUntil(predicate, timeoutMs, intervalMs = 10) {
  const deadline = performance.now() + timeoutMs
  while (!predicate()) {
    if (performance.now() > deadline) return false
    await sleep(intervalMs)
  }
  return true
}

// ---------------------------------------------------------------------------------------------------
// The machine: the build, the open-files limit, free ports, a process's memory, the load.

async function requireBuild() {
  const status = await buildStatus(root)
  if (!status.upToDate) {
    throw new UsageError(
      `The build in dist/ is not of the current sources (${status.reason}): run "npm run build" first.`,
    )
  }
}

/** The soft limit of open files (`ulimit -n`): each side of each stream holds one descriptor. */
function openFilesLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'))
  const soft = line?.split(/\s{2,}/)[1]
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** Resident memory of a process, from /proc (a GC cannot be forced from outside: this is the figure). */
function rssBytes(pid) {
  const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1]
  if (!kb) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kb) * 1024
}

/** The median of a few RSS readings over a second: one reading may fall in the middle of a GC. */
async function steadyRss(pid) {
  const readings = []
  for (let i = 0; i < 5; i++) {
    readings.push(rssBytes(pid))
    await sleep(250)
  }
  return readings.sort((a, b) => a - b)[2]
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

// ---------------------------------------------------------------------------------------------------
// Servers, the admin and the bot token: everything through the real API, as a stock manager would.

async function startServer(label, env, nodeArgs) {
  const port = await freePort()
  // Request lines at info level would be 10,000 log lines per run: warnings only, as `npm run bench`.
  const server = await startBuiltServer({ port, env: { ADMIN_EMAIL, LOG_LEVEL: 'warn', ...env }, nodeArgs })
  onCleanup(async () => {
    await server.stop()
    await rm(server.dataDir, { recursive: true, force: true })
  })
  return { ...server, label, port }
}

/**
 * Signs the admin (ADMIN_EMAIL) in by magic link — the mail lands in the local mailbox, DATA_DIR/mail,
 * since SMTP_URL is unset — and creates an ingest token for the game with that session.
 */
async function createIngestToken(server, mailDataDirs) {
  const origin = server.url // PUBLIC_URL: the only origin allowed to change anything
  const json = { origin, 'content-type': 'application/json' }
  const asked = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: ADMIN_EMAIL, callbackURL: '/' }),
  })
  if (!asked.ok) throw new Error(`magic link refused: ${asked.status} ${await asked.text()}`)
  const link = await waitForMailLink(mailDataDirs, ADMIN_EMAIL, /\/api\/auth\/magic-link\/verify/)
  const signedIn = await fetch(link, { redirect: 'manual', headers: { origin } })
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie.includes('session_token'))
    throw new Error(`the magic link gave no session (${signedIn.status})`)
  const created = await fetch(`${server.url}/api/stock/${GAME}/tokens`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'bench-stock' }),
  })
  if (created.status !== 201) throw new Error(`token refused: ${created.status} ${await created.text()}`)
  return (await created.json()).token
}

/** The link in the newest mail to `to` in the local mailboxes (any instance's mail worker may send it). */
async function waitForMailLink(dataDirs, to, pattern, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const dataDir of dataDirs) {
      const dir = path.join(dataDir, 'mail')
      const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.json'))
      for (const name of names.sort().reverse()) {
        // A mail being written is not JSON yet: read again on the next pass.
        const mail = await readFile(path.join(dir, name), 'utf8')
          .then(JSON.parse)
          .catch(() => null)
        if (!mail) continue
        const link = mail.to === to && mail.text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url))
        if (link) return link
      }
    }
    await sleep(100)
  }
  throw new Error(`no mail to ${to} with a link within ${timeoutMs / 1000} s`)
}

/** A fresh database on the PostgreSQL server at `serverUrl`, dropped at the end. */
async function createDatabase(serverUrl) {
  const name = `tradehub_bench_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  onCleanup(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl })
    await dropper.connect()
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    } finally {
      await dropper.end()
    }
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.href
}

// ---------------------------------------------------------------------------------------------------
// Event-stream clients on raw sockets. 10,000 of them share this process with nothing to spare, so a
// client keeps a few fields and scans bytes: it finds `id:` lines and the blank line that ends an event,
// and never decodes the JSON (every client gets the same bytes; the id says which stock it is).

const ID = [0x69, 0x64, 0x3a, 0x20] // 'id: '
const LF = 0x0a
const CR = 0x0d
const ZERO = 0x30

/** Does buf[start, end) begin like an `id: ` line (or could, when cut before 4 bytes)? */
function mayBeIdLine(buf, start, end) {
  for (let k = 0; k < 4 && start + k < end; k++) if (buf[start + k] !== ID[k]) return false
  return true
}

/** Clients made so far: each next one is given the source address of its rank. */
let clientsMade = 0

/** The source address of the n-th client: 127.1.0.1 for the first 50, then 127.1.0.2, … (never .0 or .255). */
function sourceAddress(n) {
  const k = Math.floor(n / CLIENTS_PER_ADDRESS)
  return `127.${1 + Math.floor(k / (254 * 256))}.${Math.floor(k / 254) % 256}.${(k % 254) + 1}`
}

class SseClient {
  /** `hooks.onEvent(client)` after each complete event with an id; shared by all clients. */
  constructor(index, port, request, hooks) {
    this.index = index
    this.hooks = hooks
    this.status = 0 // the answer's HTTP status, 0 until known
    this.lastId = '' // the id of the last complete event
    this.events = 0 // complete events with an id
    this.pendingId = '' // an id line seen, its event not complete yet
    this.partial = null // the start of a line cut by the end of a read, kept only when it may be an id line
    this.skipping = false // inside a line that does not matter (the long `data:` line) until its end
    this.ended = false // the server ended the stream (the last chunk of the chunked answer)
    this.closed = false
    this.socket = net.connect({ host: '127.0.0.1', port, localAddress: sourceAddress(clientsMade++) })
    this.socket.on('data', (chunk) => this.feed(chunk))
    this.socket.on('error', () => {}) // a reset shows as `closed` without an event
    this.socket.on('close', () => {
      this.closed = true
    })
    this.socket.write(request)
  }

  feed(chunk) {
    if (this.status === 0) {
      // The status line comes in the first read: "HTTP/1.1 200 OK".
      this.status = Number(chunk.toString('latin1', 9, 12)) || -1
      if (this.status !== 200) return this.socket.destroy()
    }
    let pos = 0
    if (this.partial !== null || this.skipping) {
      const end = chunk.indexOf(LF)
      if (end === -1) {
        if (this.partial !== null) this.partial = Buffer.concat([this.partial, chunk])
        if (this.partial?.length >= 8 && !mayBeIdLine(this.partial, 0, this.partial.length)) {
          this.partial = null // a long line that is not an id: skipped to its end
          this.skipping = true
        }
        return
      }
      if (this.partial !== null) {
        const line = Buffer.concat([this.partial, chunk.subarray(0, end)])
        this.line(line, 0, line.length)
      }
      this.partial = null
      this.skipping = false
      pos = end + 1
    }
    while (pos < chunk.length) {
      const end = chunk.indexOf(LF, pos)
      if (end === -1) {
        // Kept when it may matter: an id line, or a short one (the stream's last chunk is "0\r\n").
        if (chunk.length - pos < 8 || mayBeIdLine(chunk, pos, chunk.length)) {
          this.partial = Buffer.from(chunk.subarray(pos))
        } else this.skipping = true
        return
      }
      this.line(chunk, pos, end)
      pos = end + 1
    }
  }

  /** One line of the answer: HTTP framing lines end in CR, event lines do not. */
  line(buf, start, end) {
    if (start === end) {
      // A blank line ends an event (a heartbeat or the `retry:` block have no id).
      if (this.pendingId === '') return
      this.lastId = this.pendingId
      this.pendingId = ''
      this.events++
      this.hooks.onEvent(this)
    } else if (end - start > 4 && mayBeIdLine(buf, start, end)) {
      this.pendingId = buf.toString('latin1', start + 4, end)
    } else if (end - start === 2 && buf[start] === ZERO && buf[start + 1] === CR) {
      // "0\r\n": the last chunk — the server ended the stream.
      this.ended = true
      this.socket.end()
    }
  }

  get live() {
    return this.status === 200 && this.events > 0 && !this.ended && !this.closed
  }
}

/** Opens `count` streams, `batch` at a time, each batch waited for until every client has its first event. */
async function openClients(port, count, batch, hooks, what = 'streams open') {
  // What a browser's EventSource sends (the server must not compress an event stream).
  const request = Buffer.from(
    `GET /api/stock/${GAME}/stream HTTP/1.1\r\nHost: localhost:${port}\r\nAccept: text/event-stream\r\n` +
      'Cache-Control: no-cache\r\nAccept-Encoding: gzip, deflate, br\r\nUser-Agent: tradehub-bench-stock\r\n\r\n',
  )
  const clients = []
  const started = performance.now()
  for (let first = 0; first < count; first += batch) {
    const group = []
    for (let i = first; i < Math.min(count, first + batch); i++) {
      group.push(new SseClient(i, port, request, hooks))
    }
    clients.push(...group)
    // The server's accept queue is 511 deep: the next batch waits until this one is answered.
    await waitUntil(() => group.every((c) => c.events > 0 || c.closed), OPEN_TIMEOUT_MS)
    if (process.stdout.isTTY) process.stdout.write(`\r  opened ${clients.length}/${count}`)
  }
  if (process.stdout.isTTY) process.stdout.write('\r')
  const live = clients.filter((c) => c.live).length
  const refused = clients.filter((c) => c.status === 429).length
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `  ${live}/${count} ${what} with their first stock event, in ${seconds} s` +
      (refused > 0 ? ` (${refused} refused: 429, over a cap of open streams)` : ''),
  )
  if (live === 0) throw new Error('no event stream could be opened')
  return clients
}

function closeClients(clients) {
  for (const client of clients) client.socket.destroy()
}

// ---------------------------------------------------------------------------------------------------
// Measurements.

function percentile(sorted, p) {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]
}

const ms = (n) => (Number.isNaN(n) ? '—' : `${Math.round(n)} ms`)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const verdict = (ok) => (ok ? 'under the bar' : 'over the bar')

/** A report with a quantity not used before in this database, so it is a change (201) every time. */
function newQuantity(used) {
  let quantity
  do quantity = 1 + Math.floor(Math.random() * 999)
  while (used.has(quantity))
  used.add(quantity)
  return quantity
}

/**
 * One round: the time just before the POST, then for every open stream the time until it completed an
 * event with another id than it had. The times are taken when this process reads the bytes, so they
 * include its own queue of 10,000 sockets to read.
 */
async function deliveryRound(poster, token, clients, hooks, quantity) {
  const live = clients.filter((c) => c.live)
  const baseline = new Map(live.map((c) => [c, c.lastId]))
  const arrived = new Float64Array(clients.length).fill(Number.NaN)
  let got = 0
  hooks.onEvent = (client) => {
    if (!Number.isNaN(arrived[client.index]) || client.lastId === baseline.get(client)) return
    arrived[client.index] = performance.now()
    got++
  }
  const postedAt = performance.now()
  const res = await fetch(`${poster.url}/api/stock/${GAME}/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ shop: 'seeds', items: [{ item: 'carrot', quantity }] }),
  })
  const answeredMs = performance.now() - postedAt
  if (res.status !== 201) throw new Error(`report refused: ${res.status} ${await res.text()}`)
  await waitUntil(() => got >= live.length, DELIVERY_TIMEOUT_MS)
  hooks.onEvent = () => {}
  const times = live
    .map((c) => arrived[c.index] - postedAt)
    .filter((t) => !Number.isNaN(t))
    .sort((a, b) => a - b)
  return {
    quantity,
    expected: live.length,
    got: times.length,
    answeredMs,
    first: times[0] ?? Number.NaN,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? Number.NaN,
  }
}

async function deliveryRounds(poster, token, clients, hooks, rounds) {
  const used = new Set()
  const results = []
  for (let n = 1; n <= rounds; n++) {
    const r = await deliveryRound(poster, token, clients, hooks, newQuantity(used))
    results.push(r)
    console.log(
      `  round ${n}: quantity ${String(r.quantity).padStart(3)} → ${r.got}/${r.expected} clients;` +
        ` first ${ms(r.first)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}` +
        ` (POST answered in ${ms(r.answeredMs)}; load ${load()})`,
    )
    await sleep(1_000) // the next round starts on a quiet server
  }
  // The event is the whole stock of the game, as GET /api/stock/:game answers it.
  const eventBytes = (await (await fetch(`${poster.url}/api/stock/${GAME}`)).arrayBuffer()).byteLength
  console.log(`  each event carried the whole stock: ${kb(eventBytes)} of JSON, to every client`)
  const p99s = results.map((r) => r.p99).sort((a, b) => a - b)
  const medianP99 = p99s[Math.floor((p99s.length - 1) / 2)]
  console.log(
    `  median p99 of ${rounds} round${rounds === 1 ? '' : 's'}: ${ms(medianP99)} — ${verdict(medianP99 < BAR.p99Ms)} (< 1 s)`,
  )
  return { results, medianP99 }
}

/** The server's RSS growth per open stream, after warm-up (a first batch opened and closed). */
async function openAndWeigh(server, options, hooks) {
  // The first streams also compile the code paths and fill the caches: they are not counted.
  const warmUpCount = Math.min(options.batch, options.clients)
  const warmUp = await openClients(
    server.port,
    warmUpCount,
    options.batch,
    hooks,
    'warm-up streams (closed again)',
  )
  closeClients(warmUp)
  await sleep(SETTLE_MS)
  const before = await steadyRss(server.pid)
  const clients = await openClients(server.port, options.clients, options.batch, hooks)
  onCleanup(() => closeClients(clients))
  await sleep(SETTLE_MS)
  const after = await steadyRss(server.pid)
  const open = clients.filter((c) => c.live).length
  const perConnection = (after - before) / open
  console.log(
    `  server RSS ${mb(before)} → ${mb(after)}: ${kb(perConnection)} per connection` +
      ` — ${verdict(perConnection < BAR.bytesPerConnection)} (< 10 KB)`,
  )
  return { clients, open, perConnection }
}

/** SIGTERM, then how long until every stream was ended by the server and the process exited. */
async function stopAndTime(server, clients) {
  const started = performance.now()
  const exited = server.stop().then(() => performance.now() - started)
  await waitUntil(() => clients.every((c) => c.ended || c.closed), 15_000, 20)
  const endedMs = performance.now() - started
  const notEnded = clients.filter((c) => c.status === 200 && !c.ended).length
  const exitMs = await exited
  console.log(
    `  SIGTERM: streams ended in ${ms(endedMs)} (${notEnded} cut without an end), process exited in ${ms(exitMs)}`,
  )
}

// ---------------------------------------------------------------------------------------------------
// The two parts.

async function oneInstance(options) {
  console.log(`\nOne instance (PGlite), ${options.clients} clients — load ${load()}`)
  const server = await startServer('one', {}, options.nodeArgs)
  const token = await createIngestToken(server, [server.dataDir])
  const hooks = { onEvent: () => {} }
  const { clients, open, perConnection } = await openAndWeigh(server, options, hooks)
  const delivery = await deliveryRounds(server, token, clients, hooks, options.rounds)
  await stopAndTime(server, clients)
  closeClients(clients)
  return { open, perConnection, ...delivery }
}

async function twoInstances(options) {
  let databaseUrl
  try {
    databaseUrl = await createDatabase(options.postgres)
  } catch (error) {
    if (options.postgresGiven) throw error
    console.log(`\nTwo instances: skipped, no PostgreSQL at ${DEFAULT_POSTGRES} (${error.message})`)
    return undefined
  }
  console.log(
    `\nTwo instances on one PostgreSQL, ${options.clients} clients on B, reports posted on A — load ${load()}`,
  )
  // One secret for both, as two instances of one site have: a session made on one is valid on the other.
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: `bench-${crypto.randomUUID()}-${crypto.randomUUID()}`,
  }
  const a = await startServer('A', env, options.nodeArgs) // A migrates the database before B starts
  const b = await startServer('B', env, options.nodeArgs)
  const token = await createIngestToken(a, [a.dataDir, b.dataDir])
  const hooks = { onEvent: () => {} }
  const { clients, open, perConnection } = await openAndWeigh(b, options, hooks)
  const delivery = await deliveryRounds(a, token, clients, hooks, options.rounds)
  await stopAndTime(b, clients)
  closeClients(clients)
  await a.stop()
  return { open, perConnection, ...delivery }
}

function printSummary(options, one, two) {
  const rows = [
    ['', 'clients', 'p50', 'p99', 'max', 'got', 'KB/conn', 'median p99 vs 1 s', 'memory vs 10 KB'],
  ]
  const add = (name, part) => {
    if (!part) return rows.push([name, 'skipped'])
    for (const [i, r] of part.results.entries()) {
      const first = i === 0
      rows.push([
        first ? name : '',
        first ? String(part.open) : '',
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        `${r.got}/${r.expected}`,
        first ? (part.perConnection / 1024).toFixed(1) : '',
        first ? `${ms(part.medianP99)} ${verdict(part.medianP99 < BAR.p99Ms)}` : '',
        first ? verdict(part.perConnection < BAR.bytesPerConnection) : '',
      ])
    }
  }
  add('one instance', one)
  if (options.cross) add('A → B (PostgreSQL)', two)
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length)))
  console.log(`\nSummary (${os.cpus().length} cores, load ${load()}; a round per row):`)
  for (const row of rows) console.log(row.map((cell, col) => (cell ?? '').padEnd(widths[col])).join('  '))
}

async function main() {
  const options = parseOptions()
  if (options.help) return console.log(USAGE)
  process.chdir(root)
  await requireBuild()
  const limit = openFilesLimit()
  if (options.clients + 100 > limit) {
    console.log(
      `Note: ${options.clients} clients need as many open files in this process and in the server, above` +
        ` the limit of ${limit} (ulimit -n): raise it (ulimit -n ${options.clients + 1000}) or lower --clients.`,
    )
  }
  console.log(`bench:stock — ${options.clients} clients, ${options.rounds} rounds; open-files limit ${limit}`)
  const one = await oneInstance(options)
  const two = options.cross ? await twoInstances(options) : undefined
  printSummary(options, one, two)
}

process.on('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130))
})
try {
  await main()
  await cleanUp()
} catch (error) {
  await cleanUp()
  console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error)
  process.exit(error instanceof UsageError ? 2 : 1)
}
