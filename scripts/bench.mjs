// Throughput of public read endpoints of the built server next to a bare node:http server that answers
// the same bytes, so the ratio shows what the framework, cache, middleware and request log cost.
// Each server runs in a process of its own (the built one with the log level `npm start` uses), and so
// does the load generator: wrk (Debian's package, C; installed here where it can be). A generator inside
// this node process tops out near 11k req/s and would measure itself, not the servers: the bare server's
// rate is printed, so a saturated generator shows. The two servers are measured in alternating rounds
// and the ratio is taken from the medians, so a busy spell of this shared machine weighs on both alike.
// Usage: npm run bench [-- /api/a /api/b ...] (default /api/site). Needs a build (npm run build).
// A path that does not answer 200 is skipped with a line saying so.
// BENCH_ROUNDS (7) rounds of BENCH_SECONDS (3) per server and path.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { ensureDebianPackage } from './lib/debian-package.mjs'
import { startBuiltServer } from './lib/start-server.mjs'

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/api/site']
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
        p99: ms(/99%\s+(\S+)/.exec(out)?.[1] ?? '0ms'),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
      })
    })
  })
}

ensureDebianPackage('wrk', WRK)
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

/** The bare server, in a child process, answering each path with the bytes given. */
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
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', resolve)
        child.kill()
      }),
  }
}

// LOG_LEVEL unset: the server's own default, as `npm start` runs it.
const server = await startBuiltServer({ port: 3301, env: { LOG_LEVEL: undefined }, logFile: true })
try {
  const answers = {}
  for (const path of paths) {
    const sample = await fetch(server.url + path)
    if (sample.status !== 200) {
      console.log(`skipped: GET ${path} answered ${sample.status}`)
      continue
    }
    answers[path] = {
      type: sample.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await sample.arrayBuffer()).toString('base64'),
    }
  }
  const bare = await startBareServer(answers)
  try {
    console.log(
      `built server: default log level; ${ROUNDS} alternating rounds of ${SECONDS} s per server; medians`,
    )
    for (const path of Object.keys(answers)) {
      await run(server.url + path) // warm-up: fills the read cache and JIT
      await run(bare.url + path)
      const rounds = []
      for (let i = 0; i < ROUNDS; i++) {
        rounds.push({ app: await run(server.url + path), bare: await run(bare.url + path) })
      }
      const rate = (side) => median(rounds.map((r) => r[side].rate))
      const p99 = (side) => median(rounds.map((r) => r[side].p99))
      const non2xx = (side) => rounds.reduce((sum, r) => sum + r[side].non2xx, 0)
      const line = (side) =>
        `${Math.round(rate(side))} req/s, p99 ${p99(side).toFixed(2)} ms, ${non2xx(side)} non-2xx`
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
}
const log = readFileSync(server.logPath, 'utf8').split('\n').filter(Boolean)
const requests = log.map((line) => JSON.parse(line)).filter((entry) => entry.path !== undefined)
const counted = requests.reduce((sum, entry) => sum + (entry.count ?? 1), 0)
console.log('')
console.log(`server log (${server.logPath}): ${log.length} lines for ${counted} requests`)
