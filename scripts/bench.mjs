// Throughput of a public read endpoint of the built server next to a bare node:http server that
// answers the same bytes, in one run, so the ratio shows what the framework, cache and middleware cost.
// Usage: npm run bench [-- /api/path] (default /api/site). Needs a build (npm run build).
import { createServer } from 'node:http'
import autocannon from 'autocannon'
import { startBuiltServer } from './lib/start-server.mjs'

const path = process.argv[2] ?? '/api/site'
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const run = (url) => autocannon({ url, connections: 10, duration: DURATION })

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
    const app = await run(server.url + path)
    const plain = await run('http://127.0.0.1:3302/')
    const fmt = (r) => `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`
    console.log(`endpoint: GET ${path} (${body.length} bytes), 10 connections, ${DURATION} s each`)
    console.log(`TradeHub:       ${fmt(app)}`)
    console.log(`bare node:http: ${fmt(plain)}`)
    console.log(`ratio: ${(app.requests.average / plain.requests.average).toFixed(2)}`)
  } finally {
    bare.close()
  }
} finally {
  await server.stop()
}
