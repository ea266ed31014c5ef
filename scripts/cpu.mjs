// Main-thread cost of the pages' JavaScript, as ratios a busy machine cannot fake (docs/architecture.md,
// "Budgets"): each page is loaded in Chromium at 390 px with JavaScript on, with it off, and as React's own
// floor (the page's HTML whose scripts are replaced by one that loads React DOM alone and renders one
// element off the page: what any React front end pays before its own code runs), alternating, five
// rounds, and the renderer's main-thread CPU time (Chrome's `Performance.getMetrics`, ThreadTime) is read
// once the network and the main thread are idle. Prints per page the medians of JS on / off, React alone / off, and what the
// app adds (the difference, in pages without JavaScript), and the script files and script bytes as sent
// (the encoded bodies: the server sends brotli) that the JS-on load fetched in its first 3 s (or until
// its network was idle, where that is later: a busy machine stretches a load, it does not fetch more).
// Bars: the app adds at most 1.2 (goal 0.7); at most 30 script files and 150 KB of script in the first
// 3 s. Exits 1 when a page misses one.
//
// Usage: npm run build && npm run cpu [-- [--pairs N] [--warm] [--profile] [/path ...]]
//   /path ...   the pages to measure instead of the default list
//   --pairs N   rounds per page, 5 by default
//   --warm      a browser that has loaded the pages before (HTTP and code caches filled), as a trader who
//               comes back every day; by default each load is a first visit in a fresh context
//   --profile   also prints, per page, where one load's main-thread time goes with JavaScript on
//               (top-level tasks by kind, and the functions with the most self time)
// Starts the built server on port 3304 (CPU_PORT), unless BASE_URL is set.
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { fullChromium } from './lib/debian-package.mjs'
import { startBuiltServer } from './lib/start-server.mjs'

const PAGES = ['/', '/values-and-wfl', '/values/blox-fruits/kitsune', '/grow-a-garden-stock']
/** What the app may add to React's floor, in pages without JavaScript (the goal is 0.7). */
const BAR = 1.2
/** Script files and bytes as sent (KB of 1024) that a JS-on load may fetch in its first SCRIPT_WINDOW_MS. */
const FILES_BAR = 30
const KB_BAR = 150
const SCRIPT_WINDOW_MS = 3000
/** The network counts as idle after this long without a request in flight (long-lived streams aside). */
const IDLE_MS = 1000
/**
 * The main thread counts as idle with less than this much CPU (ms) over IDLE_MS (a countdown ticking
 * each second stays under it); polled every POLL_MS.
 */
const QUIET_MS = 25
const POLL_MS = 250
/** A load that is never over (a page that keeps working) is read after this long. */
const GIVE_UP_MS = 30_000
/** The app's start chunk (src/platform/web/start.tsx), which main.tsx loads after the first paint. */
const START_CHUNK = /^\/assets\/start-[^/]+\.js$/

function options() {
  const { values, positionals } = parseArgs({
    options: {
      pairs: { type: 'string', default: '5' },
      profile: { type: 'boolean', default: false },
      warm: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  })
  const pairs = Number(values.pairs)
  if (!Number.isInteger(pairs) || pairs < 1)
    throw new Error(`--pairs takes a whole number >= 1, not ${values.pairs}`)
  return {
    pairs,
    profile: values.profile,
    warm: values.warm,
    pages: positionals.length ? positionals : PAGES,
  }
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/**
 * Whether the network has been idle for IDLE_MS (no request but an event stream in flight), once a
 * request whose address matches `awaited` (if any) has been made: the app's start chunk, which the page
 * asks for only after its first paint.
 */
function networkActivity(page, awaited) {
  const inFlight = new Set()
  let seen = !awaited
  let since = Date.now()
  page.on('request', (req) => {
    if (req.resourceType() === 'eventsource') return
    if (awaited?.test(new URL(req.url()).pathname)) seen = true
    inFlight.add(req)
    since = Date.now()
  })
  const finished = (req) => {
    inFlight.delete(req)
    since = Date.now()
  }
  page.on('requestfinished', finished)
  page.on('requestfailed', finished)
  return { idle: () => seen && inFlight.size === 0 && Date.now() - since >= IDLE_MS }
}

/**
 * Resolves once the load is over: the network idle for IDLE_MS and the renderer's main thread too (less
 * than QUIET_MS of CPU in the last IDLE_MS). A busy machine can leave the network idle while the page
 * still evaluates what came (and then asks for more); the thread's own time tells it is done.
 */
async function loadOver(cdp, network) {
  const started = Date.now()
  const samples = []
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    const now = Date.now()
    const thread = await threadTimeOf(cdp)
    samples.push([now, thread])
    if (now - started > GIVE_UP_MS) return
    if (!network.idle()) continue
    const then = samples.findLast(([at]) => at <= now - IDLE_MS)
    if (then && (thread - then[1]) * 1000 < QUIET_MS) return
  }
}

/**
 * The scripts a load fetches in its first SCRIPT_WINDOW_MS, or until the network is idle where that is
 * later (a busy machine stretches a load; it does not fetch more): how many, and their bodies' bytes as
 * sent (encoded: brotli from this server). Read from the browser's network events, nothing in the page.
 */
function scriptsFetched(page) {
  const start = Date.now()
  const pending = []
  const onFinished = (request) => {
    if (request.resourceType() === 'script')
      pending.push(request.sizes().then((sizes) => sizes.responseBodySize))
  }
  page.on('requestfinished', onFinished)
  return async () => {
    const left = start + SCRIPT_WINDOW_MS - Date.now()
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
    page.off('requestfinished', onFinished)
    const bytes = await Promise.all(pending)
    return { files: bytes.length, bytes: bytes.reduce((n, b) => n + b, 0) }
  }
}

/**
 * One load of `url`: its main-thread CPU time in ms, and the scripts it fetched in its first seconds. In a fresh context (nothing cached: a first visit),
 * or with --warm in the one context of its kind that has loaded pages before (the HTTP cache and V8's
 * code cache of a trader who comes back every day).
 */
async function load(browser, url, js, profile, warm, floor) {
  const context = warm ?? (await newContext(browser, js))
  try {
    const page = await context.newPage()
    if (floor) await serveFloor(page, url, floor)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    const before = await threadTimeOf(cdp)
    if (profile) await startProfile(browser, page, cdp)
    // The app's own page with JavaScript on is not done before its start chunk has been asked for.
    const network = networkActivity(page, js && !floor ? START_CHUNK : undefined)
    const scripts = scriptsFetched(page)
    // Nothing is evaluated in the page to wait (Playwright's injected script would be counted as the
    // page's own JavaScript): the app has taken the page over when its requests have ended and its
    // main thread has gone quiet.
    await page.goto(url, { waitUntil: 'load' })
    await loadOver(cdp, network)
    const threadTime = (await threadTimeOf(cdp)) - before
    if (profile) await printProfile(browser, cdp, url)
    return { ms: threadTime * 1000, ...(await scripts()) }
  } finally {
    if (warm) await context.pages()[0]?.close()
    else await context.close()
  }
}

const FLOOR_SCRIPT = '/__react-floor.js'

/** React DOM alone, minified for production: loads and renders one element into a detached node. */
async function reactFloorBundle() {
  const { build } = await import('esbuild')
  const result = await build({
    stdin: {
      contents:
        "import { createElement } from 'react'\nimport { createRoot } from 'react-dom/client'\ncreateRoot(document.createElement('div')).render(createElement('span', null, 'x'))\n",
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  })
  return result.outputFiles[0].text
}

/** The page as the server sends it, its module scripts and preloads replaced by React DOM alone. */
async function serveFloor(page, url, floor) {
  const html = floor.html
    .replace(/<link[^>]*rel="modulepreload"[^>]*>/g, '')
    .replace(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>/g, '')
    .replace('</body>', `<script type="module" src="${FLOOR_SCRIPT}"></script></body>`)
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }))
  await page.route(new URL(FLOOR_SCRIPT, url).href, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: floor.script }),
  )
}

/**
 * A phone-sized browser context, with JavaScript on or off. Chromium asks for brotli only over HTTPS; the
 * site is served over HTTPS, so this one asks for it over the local HTTP too.
 */
const newContext = (browser, js) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: js,
    extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  })

/** The renderer main thread's CPU time so far, in seconds (a warm browser's renderer may have served a page before). */
async function threadTimeOf(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const threadTime = metrics.find((m) => m.name === 'ThreadTime')?.value
  if (threadTime === undefined) throw new Error('Chromium reports no ThreadTime')
  return threadTime
}

async function startProfile(browser, page, cdp) {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
  })
}

/** Where the load's main-thread time went: top-level tasks' own events by kind, and JS self time by function. */
async function printProfile(browser, cdp, url) {
  const { profile } = await cdp.send('Profiler.stop')
  const trace = JSON.parse((await browser.stopTracing()).toString())
  const events = trace.traceEvents ?? trace
  const main = busiestRendererMain(events)
  const byKind = new Map()
  if (main) {
    // Self time of each complete event on the renderer's main thread, by name.
    const own = events
      .filter(
        (e) =>
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ph === 'X' &&
          e.dur !== undefined &&
          /(^|,)(devtools\.timeline|v8\.execute)(,|$)/.test(e.cat),
      )
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
    const stack = []
    for (const e of own) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop()
      const parent = stack.at(-1)
      if (parent) byKind.set(parent.name, (byKind.get(parent.name) ?? 0) - e.dur)
      byKind.set(e.name, (byKind.get(e.name) ?? 0) + e.dur)
      stack.push(e)
    }
  }
  const top = (map, n) =>
    [...map]
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
  console.log(`\n${url}: main-thread time by kind (ms, self)`)
  for (const [name, us] of top(byKind, 12)) console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${name}`)
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length)
  const byFunction = new Map()
  const counts = new Map()
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
  for (const node of profile.nodes) {
    const { functionName, url: file, lineNumber } = node.callFrame
    if (['(idle)', '(program)', '(root)'].includes(functionName)) continue
    const where = file ? `${file.replace(/^.*\//, '')}:${lineNumber + 1}` : ''
    const key = `${functionName || '(anonymous)'} ${where}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + (counts.get(node.id) ?? 0) * interval)
  }
  console.log(`${url}: JavaScript self time by function (ms)`)
  for (const [name, us] of top(byFunction, 15))
    console.log(`  ${(us / 1000).toFixed(1).padStart(7)}  ${name}`)
}

/** The renderer main thread that did the page's work (the initial blank page may have had another). */
function busiestRendererMain(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const busy = (t) =>
    events.reduce(
      (n, e) => (e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask' ? n + (e.dur ?? 0) : n),
      0,
    )
  return mains.map((t) => [t, busy(t)]).sort((a, b) => b[1] - a[1])[0]?.[0]
}

async function startServer() {
  if (process.env.BASE_URL) return { url: process.env.BASE_URL, stop: async () => {} }
  return startBuiltServer({ port: Number(process.env.CPU_PORT ?? 3304) })
}

async function main() {
  const { pairs, profile, warm, pages } = options()
  const floorScript = await reactFloorBundle()
  const server = await startServer()
  const browser = await chromium.launch({
    executablePath: fullChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  // With --warm, one context for each kind serves every load: the first (unmeasured) fills its caches.
  const shared = warm ? { on: await newContext(browser, true), off: await newContext(browser, false) } : {}
  const rows = []
  try {
    for (const path of pages) {
      const url = server.url + path
      const res = await fetch(url)
      const html = await res.text()
      if (!res.ok) throw new Error(`${path} answers ${res.status}`)
      const pageFloor = { html, script: floorScript }
      const kinds = {
        on: () => load(browser, url, true, false, shared.on),
        off: () => load(browser, url, false, false, shared.off),
        // React alone: always a fresh context (the page's own code must not be cached in it).
        floor: () => load(browser, url, true, false, undefined, pageFloor),
      }
      // One unmeasured load of each kind: the server's page cache and the browser's are warm for all rounds.
      for (const kind of Object.values(kinds)) await kind()
      const on = []
      const off = []
      const ratios = []
      const floors = []
      const files = []
      const bytes = []
      for (let i = 0; i < pairs; i++) {
        // Turning which goes first, so none always follows another.
        const order = ['on', 'off', 'floor']
        for (let k = 0; k < i % 3; k++) order.push(order.shift())
        const round = {}
        for (const kind of order) round[kind] = await kinds[kind]()
        on.push(round.on.ms)
        off.push(round.off.ms)
        ratios.push(round.on.ms / round.off.ms)
        floors.push(round.floor.ms / round.off.ms)
        files.push(round.on.files)
        bytes.push(round.on.bytes)
        console.log(
          `${path} round ${i + 1}/${pairs}: JS on ${round.on.ms.toFixed(0)} ms, off ${round.off.ms.toFixed(0)} ms, ` +
            `${(round.on.ms / round.off.ms).toFixed(2)}x; React alone ${round.floor.ms.toFixed(0)} ms, ` +
            `${(round.floor.ms / round.off.ms).toFixed(2)}x; ${round.on.files} scripts, ${(round.on.bytes / 1024).toFixed(1)} KB`,
        )
      }
      const ratio = median(ratios)
      const floor = median(floors)
      rows.push({
        path,
        on: median(on),
        off: median(off),
        ratio,
        floor,
        adds: ratio - floor,
        files: Math.max(...files),
        kb: Math.max(...bytes) / 1024,
      })
      if (profile) await load(browser, url, true, true, shared.on)
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  console.log(
    `\nMain-thread CPU (ThreadTime), medians of ${pairs} alternating rounds at 390 px, ${warm ? 'warm browser (caches filled)' : 'first visit (nothing cached)'};` +
      `\nscripts fetched in the first ${SCRIPT_WINDOW_MS / 1000} s with JavaScript on (the most of any round), KB as sent\n`,
  )
  const cells = [
    ['page', 'JS on ms', 'JS off ms', 'on/off', 'React/off', 'app adds', 'scripts', 'script KB'],
    ...rows.map((r) => [
      r.path,
      r.on.toFixed(0),
      r.off.toFixed(0),
      `${r.ratio.toFixed(2)}x`,
      `${r.floor.toFixed(2)}x`,
      r.adds.toFixed(2),
      String(r.files),
      r.kb.toFixed(1),
    ]),
  ]
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)))
  for (const row of cells)
    console.log(row.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '))
  const misses = rows.flatMap((r) => [
    ...(r.adds > BAR ? [`${r.path}: the app adds ${r.adds.toFixed(2)} (bar ${BAR.toFixed(1)})`] : []),
    ...(r.files > FILES_BAR ? [`${r.path}: ${r.files} script files (bar ${FILES_BAR})`] : []),
    ...(r.kb > KB_BAR ? [`${r.path}: ${r.kb.toFixed(1)} KB of script (bar ${KB_BAR})`] : []),
  ])
  console.log(
    misses.length
      ? `\n${misses.length} bars missed:\n  ${misses.join('\n  ')}`
      : `\nevery page within the bars: the app adds at most ${BAR.toFixed(1)}, at most ${FILES_BAR} script files and ${KB_BAR} KB in the first ${SCRIPT_WINDOW_MS / 1000} s`,
  )
  if (misses.length) process.exitCode = 1
}

await main()
