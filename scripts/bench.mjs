// Throughput of a public read endpoint of the built server next to a bare node:http server that
// answers the same bytes, so the ratio shows what the framework, cache and middleware cost.
// The built server runs in a process of its own; the bare server runs here, in the load generator's
// process (autocannon), as it always has: the ratio is comparable from one session to the next. The
// two are measured in alternating rounds and the ratio is taken from the medians, so a busy spell of
// this shared machine weighs on both sides alike.
// Usage: npm run bench [-- /api/path] (default /api/site). Needs a build (npm run build).
// BENCH_ROUNDS (7) rounds of BENCH_SECONDS (3) per server.
import { createServer } from 'node:http'
import autocannon from 'autocannon'
import { startBuiltServer } from './lib/start-server.mjs'

const path = process.argv[2] ?? '/api/site'
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const run = (url) => autocannon({ url, connections: 10, duration: SECONDS })
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

const server = await startBuiltServer({ port: 3301 })
try {
  const sample = await fetch(server.url + path)
  if (!sample.ok) throw new Error(`${path} answered ${sample.status}`)
  const body = Buffer.from(await sample.arrayBuffer())
  const type = sample.headers.get('content-type') ?? 'application/json'
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length })
    res.end(body)
  })
  await new Promise((resolve) => bare.listen(3302, '127.0.0.1', resolve))
  try {
    await run(server.url + path) // warm-up: fills the read cache and JIT
    await run('http://127.0.0.1:3302/')
    const rounds = []
    for (let i = 0; i < ROUNDS; i++) {
      rounds.push({ app: await run(server.url + path), bare: await run('http://127.0.0.1:3302/') })
    }
    const rate = (side) => median(rounds.map((r) => r[side].requests.average))
    const p99 = (side) => median(rounds.map((r) => r[side].latency.p99))
    const non2xx = (side) => rounds.reduce((sum, r) => sum + r[side].non2xx, 0)
    const line = (side) => `${Math.round(rate(side))} req/s, p99 ${p99(side)} ms, ${non2xx(side)} non-2xx`
    const each = rounds.map((r) => (r.app.requests.average / r.bare.requests.average).toFixed(2))
    console.log(`endpoint: GET ${path} (${body.length} bytes), 10 connections`)
    console.log(`${ROUNDS} alternating rounds of ${SECONDS} s per server; medians`)
    console.log(`TradeHub:       ${line('app')}`)
    console.log(`bare node:http: ${line('bare')}`)
    console.log(`ratio per round: ${each.join(' ')}`)
    console.log(`ratio: ${(rate('app') / rate('bare')).toFixed(2)}`)
  } finally {
    bare.close()
  }
} finally {
  await server.stop()
}
