// Main-thread cost of the pages' JavaScript, as a ratio a busy machine cannot fake (docs/architecture.md, "Budgets"): each page
// is loaded in Chromium at 390 px with JavaScript on and with it off, alternating, five pairs, and the
// renderer's main-thread CPU time (Chrome's `Performance.getMetrics`, ThreadTime) is read once the
// network is idle. Prints the median ratio per page; the bar is 2.0x. Exits 1 when a page misses it.
//
// Usage: npm run build && npm run cpu [-- [--pairs N] [--warm] [--profile] [/path ...]]
//   /path ...   the pages to measure instead of the default list
//   --pairs N   pairs per page, 5 by default
//   --warm      a browser that has loaded the pages before (HTTP and code caches filled), as a trader who
//               comes back every day; by default each load is a first visit in a fresh context
//   --profile   also prints, per page, where one load's main-thread time goes with JavaScript on
//               (top-level tasks by kind, and the functions with the most self time)
//   --floor     also measures React's own floor in the same alternation: the page's HTML whose scripts
//               are replaced by one that loads React DOM alone and renders one element off the page
//               (what any React front end pays before its own code runs)
// Starts the built server on port 3304 (CPU_PORT), unless BASE_URL is set.
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { startBuiltServer } from './lib/start-server.mjs'

const PAGES = ['/', '/values-and-wfl', '/values/blox-fruits/kitsune', '/grow-a-garden-stock']
const BAR = 2.0
/** The network counts as idle after this long without a request in flight (long-lived streams aside). */
const IDLE_MS = 1000

function options() {
  const { values, positionals } = parseArgs({
    options: {
      pairs: { type: 'string', default: '5' },
      profile: { type: 'boolean', default: false },
      warm: { type: 'boolean', default: false },
      floor: { type: 'boolean', default: false },
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
    floor: values.floor,
    pages: positionals.length ? positionals : PAGES,
  }
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Resolves once no request but an event stream has been in flight for IDLE_MS. */
function networkIdle(page) {
  const inFlight = new Set()
  let timer
  let done
  const settled = new Promise((resolve) => {
    done = resolve
  })
  const check = () => {
    clearTimeout(timer)
    if (inFlight.size === 0) timer = setTimeout(done, IDLE_MS)
  }
  page.on('request', (req) => {
    if (req.resourceType() === 'eventsource') return
    inFlight.add(req)
    check()
  })
  const finished = (req) => {
    inFlight.delete(req)
    check()
  }
  page.on('requestfinished', finished)
  page.on('requestfailed', finished)
  return { settled, start: check }
}

/**
 * One load of `url`: its main-thread CPU time in ms. In a fresh context (nothing cached: a first visit),
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
    const idle = networkIdle(page)
    // Nothing is evaluated in the page to wait (Playwright's injected script would be counted as the
    // page's own JavaScript): the app has taken the page over when its requests have ended.
    await page.goto(url, { waitUntil: 'load' })
    idle.start()
    await idle.settled
    const threadTime = (await threadTimeOf(cdp)) - before
    if (profile) await printProfile(browser, cdp, url)
    return threadTime * 1000
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

/** A phone-sized browser context, with JavaScript on or off. */
const newContext = (browser, js) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: js,
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
  const { pairs, profile, warm, floor, pages } = options()
  const floorScript = floor ? await reactFloorBundle() : null
  const server = await startServer()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  // With --warm, one context for each kind serves every load: the first (unmeasured) fills its caches.
  const shared = warm
    ? { true: await newContext(browser, true), false: await newContext(browser, false) }
    : {}
  const rows = []
  try {
    for (const path of pages) {
      const url = server.url + path
      const res = await fetch(url)
      const html = await res.text()
      if (!res.ok) throw new Error(`${path} answers ${res.status}`)
      const pageFloor = floorScript && { html, script: floorScript }
      // One unmeasured load of each kind: the server's page cache and the browser's are warm for all pairs.
      await load(browser, url, true, false, shared.true)
      await load(browser, url, false, false, shared.false)
      const on = []
      const off = []
      const ratios = []
      const floors = []
      for (let i = 0; i < pairs; i++) {
        // Alternating which goes first, so neither always follows the other.
        const order = i % 2 ? [false, true] : [true, false]
        const pair = {}
        for (const js of order) pair[js] = await load(browser, url, js, false, shared[js])
        on.push(pair.true)
        off.push(pair.false)
        ratios.push(pair.true / pair.false)
        let line = `${path} pair ${i + 1}/${pairs}: JS on ${pair.true.toFixed(0)} ms, off ${pair.false.toFixed(0)} ms, ${(pair.true / pair.false).toFixed(2)}x`
        if (pageFloor) {
          const ms = await load(browser, url, true, false, undefined, pageFloor)
          floors.push(ms / pair.false)
          line += `; React alone ${ms.toFixed(0)} ms, ${(ms / pair.false).toFixed(2)}x`
        }
        console.log(line)
      }
      rows.push({
        path,
        on: median(on),
        off: median(off),
        ratio: median(ratios),
        floor: floors.length ? median(floors) : null,
      })
      if (profile) await load(browser, url, true, true, shared.true)
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  console.log(
    `\nMain-thread CPU (ThreadTime), JS on / JS off, median of ${pairs} alternating pairs at 390 px, ${warm ? 'warm browser (caches filled)' : 'first visit (nothing cached)'}\n`,
  )
  const cells = [
    ['page', 'JS on ms', 'JS off ms', 'ratio', ...(floor ? ['React alone'] : [])],
    ...rows.map((r) => [
      r.path,
      r.on.toFixed(0),
      r.off.toFixed(0),
      `${r.ratio.toFixed(2)}x`,
      ...(floor ? [`${r.floor.toFixed(2)}x`] : []),
    ]),
  ]
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)))
  for (const row of cells)
    console.log(row.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '))
  const missing = rows.filter((r) => r.ratio > BAR)
  console.log(
    missing.length
      ? `\n${missing.length} of ${rows.length} pages over the bar of ${BAR.toFixed(1)}x: ${missing.map((r) => r.path).join(', ')}`
      : `\nevery page within the bar of ${BAR.toFixed(1)}x`,
  )
  if (missing.length) process.exitCode = 1
}

await main()
