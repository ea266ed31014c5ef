// Page quality: Lighthouse (mobile, the default config) runs each page N times and prints the medians
// in one table, checked against the quality bars (docs/architecture.md, "Budgets": Performance >= 95, Accessibility, Best
// Practices and SEO = 100, FCP <= 1200 ms, TBT <= 150 ms, CLS = 0). Exits 1 when a median misses a bar.
//
// Usage: npm run build && npm run lighthouse [-- [--runs N] [--signed-in] [/path ...]]
//   /path ...    the pages to measure instead of the default list (PAGES and PROFILE, a new trader's)
//   --runs N     runs per page, 3 by default
//   --signed-in  measure as a new verified user with a username
// Starts the built server on port 3303, unless BASE_URL is set: then DATA_DIR (default ./.data) must be
// that server's, whose local mailbox the sign-up reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { fullChromium } from './lib/debian-package.mjs'
import { startBuiltServer } from './lib/start-server.mjs'

const PAGES = [
  '/',
  '/values-and-wfl',
  '/values-and-wfl?tab=wfl',
  '/values/blox-fruits/kitsune',
  '/grow-a-garden-stock',
  '/blox-fruits-stock',
]
const PROFILE = '/u/<username>'

const numeric = (id) => (lhr) => lhr.audits[id].numericValue
const score = (id) => (lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
const ms = (v) => String(Math.round(v))
/** CLS under 0.001 is no shift: 0. */
const cls = (lhr) => {
  const v = lhr.audits['cumulative-layout-shift'].numericValue
  return v < 0.001 ? 0 : v
}
/** The table's columns, each with its bar (`ok` on the median) and how it is shown (`fmt`). */
const METRICS = [
  { head: 'Perf', read: score('performance'), bar: 'Performance >= 95', ok: (v) => v >= 95 },
  { head: 'A11y', read: score('accessibility'), bar: 'Accessibility = 100', ok: (v) => v === 100 },
  { head: 'BP', read: score('best-practices'), bar: 'Best Practices = 100', ok: (v) => v === 100 },
  { head: 'SEO', read: score('seo'), bar: 'SEO = 100', ok: (v) => v === 100 },
  {
    head: 'FCP ms',
    read: numeric('first-contentful-paint'),
    bar: 'FCP <= 1200 ms',
    ok: (v) => v <= 1200,
    fmt: ms,
  },
  { head: 'LCP ms', read: numeric('largest-contentful-paint'), fmt: ms },
  {
    head: 'TBT ms',
    read: numeric('total-blocking-time'),
    bar: 'TBT <= 150 ms',
    ok: (v) => v <= 150,
    fmt: ms,
  },
  { head: 'CLS', read: cls, bar: 'CLS = 0', ok: (v) => v === 0, fmt: (v) => v.toFixed(3) },
]
const show = (metric, value) => (Number.isNaN(value) ? '-' : (metric.fmt ?? String)(value))
const absolute = (base, page) => (page.startsWith('http') ? page : base + page)
const AUDITED = ['accessibility', 'best-practices', 'seo']

function options() {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, 'signed-in': { type: 'boolean', default: false } },
    allowPositionals: true,
  })
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs takes a whole number >= 1, not ${values.runs}`)
  return {
    runs,
    signedIn: values['signed-in'],
    pages: positionals.length ? positionals : [...PAGES, PROFILE],
  }
}

async function startServer() {
  if (!process.env.BASE_URL) return startBuiltServer({ port: 3303 })
  return { url: process.env.BASE_URL, dataDir: process.env.DATA_DIR ?? '.data', stop: async () => {} }
}

/** The verification link mailed to `email`, from the local mailbox (waits up to 10 s for it). */
async function mailedLink(dataDir, email) {
  const dir = path.join(dataDir, 'mail')
  for (let i = 0; i < 100; i++) {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      if (!name.endsWith('.json')) continue
      let mail
      try {
        mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8'))
      } catch {
        continue // still being written: read again on the next round
      }
      const link = mail.to === email && mail.text.match(/https?:\/\/\S+verify-email\S+/)?.[0]
      if (link) return link
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no verification mail to ${email} in ${dir}`)
}

/**
 * Signs up through the API, opens the link from the local mailbox and sets a username: the session
 * cookie and the username. A profile is public as soon as it has a username (/u/{username}).
 */
async function signUp(base, dataDir) {
  const post = async (url, body, cookie) => {
    const headers = { 'content-type': 'application/json', origin: base, ...(cookie && { cookie }) }
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`)
  }
  const id = Date.now() % 1e9
  const email = `lighthouse.${id}@example.com`
  await post(`${base}/api/auth/sign-up/email`, { email, password: 'Kitsune-Trade-42', name: '' })
  const verified = await fetch(await mailedLink(dataDir, email), { redirect: 'manual' })
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const username = `lh_${id}`
  await post(`${base}/api/profile/username`, { username }, cookie)
  return { cookie, username }
}

/** One fetch of every page, so that no measured run pays for a cold server; a page that fails stops here. */
async function warm(base, pages, headers) {
  for (const page of pages) {
    const res = await fetch(absolute(base, page), { headers })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${page} answers ${res.status}`)
  }
}

/** Throws when the server no longer answers (ended by something else): no run could finish. */
async function assertServing(base) {
  const healthy = await fetch(`${base}/api/health`).then(
    (res) => res.ok,
    () => false,
  )
  if (!healthy) throw new Error(`the server at ${base} stopped answering`)
}

/** One Lighthouse run; a runtime error (a cold or busy browser) is retried once, then it is null. */
async function run(base, page, port, extraHeaders) {
  const url = absolute(base, page)
  const once = async () =>
    (await lighthouse(url, { port, output: 'json', logLevel: 'error', extraHeaders })).lhr
  let lhr = await once()
  if (lhr.runtimeError) {
    await assertServing(base)
    console.log(`  ${lhr.runtimeError.code}, measuring again`)
    lhr = await once()
  }
  if (!lhr.runtimeError) return lhr
  console.log(`  ${lhr.runtimeError.code} again: ${lhr.runtimeError.message}`)
  return null
}

function median(values) {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/**
 * Titles of the scored accessibility, best-practices and SEO audits that failed, with an element they name
 * and in how many runs.
 */
function failedAudits(lhrs) {
  const count = new Map()
  for (const lhr of lhrs) {
    for (const category of AUDITED) {
      for (const ref of lhr.categories[category].auditRefs) {
        const audit = lhr.audits[ref.id]
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          // The first element it names, so that a failure can be found.
          const node = audit.details?.items?.find((item) => item.node?.snippet)?.node?.snippet
          const line = `${category}: ${audit.title}${node ? ` (${node.slice(0, 160)})` : ''}`
          count.set(line, (count.get(line) ?? 0) + 1)
        }
      }
    }
  }
  return [...count].map(([line, n]) => `${line} (${n}/${lhrs.length} runs)`)
}

/** The page's medians and what misses a bar (a run that did not finish is a miss too). */
function summarize(page, lhrs, runs) {
  const medians = METRICS.map((m) => (lhrs.length ? median(lhrs.map(m.read)) : Number.NaN))
  const failed = METRICS.flatMap((m, i) =>
    m.bar && lhrs.length && !m.ok(medians[i]) ? [`${m.bar}: ${show(m, medians[i])}`] : [],
  )
  if (lhrs.length < runs) failed.unshift(`${runs - lhrs.length} of ${runs} runs did not finish`)
  const benchmarks = lhrs.map((lhr) => lhr.environment.benchmarkIndex)
  return { page, medians, failed, audits: failed.length ? failedAudits(lhrs) : [], benchmarks }
}

function printTable(rows, runs) {
  const cells = rows.map((r) => [r.page, ...r.medians.map((v, i) => show(METRICS[i], v))])
  const all = [['page', ...METRICS.map((m) => m.head)], ...cells]
  const widths = all[0].map((_, i) => Math.max(...all.map((row) => row[i].length)))
  const line = (row) => row.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')
  // Lighthouse's CPU benchmark of this machine: under 1000 Lighthouse warns the CPU is slower than it
  // assumes, and the simulated mobile CPU inflates TBT and the paints.
  const benchmark = Math.round(median(rows.flatMap((r) => r.benchmarks)))
  console.log(
    `\nLighthouse mobile, median of ${runs} run${runs > 1 ? 's' : ''} (CPU benchmark index ${benchmark})\n`,
  )
  for (const row of all) console.log(line(row))
  for (const r of rows.filter((r) => r.failed.length)) {
    console.log(`\n${r.page} misses: ${r.failed.join(', ')}`)
    for (const audit of r.audits) console.log(`  ${audit}`)
  }
}

function launchChrome() {
  return chromeLauncher.launch({
    chromePath: fullChromium(),
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** Every page `runs` times in one browser: a row of medians per page. */
async function measure(base, pages, runs, extraHeaders) {
  const chrome = await launchChrome()
  try {
    const rows = []
    for (const page of pages) {
      const lhrs = []
      for (let i = 1; i <= runs; i++) {
        const lhr = await run(base, page, chrome.port, extraHeaders)
        if (lhr) lhrs.push(lhr)
        const scores = lhr ? METRICS.map((m) => show(m, m.read(lhr))).join(' ') : 'did not finish'
        console.log(`${page} run ${i}/${runs}: ${scores}`)
      }
      rows.push(summarize(page, lhrs, runs))
    }
    return rows
  } finally {
    await chrome.kill()
  }
}

async function main() {
  const { runs, signedIn, pages } = options()
  const started = Date.now()
  const server = await startServer()
  try {
    const user = signedIn || pages.includes(PROFILE) ? await signUp(server.url, server.dataDir) : null
    const targets = pages.map((p) => (p === PROFILE ? `/u/${user.username}` : p))
    const extraHeaders = signedIn ? { cookie: user.cookie } : undefined
    await warm(server.url, targets, extraHeaders)
    const rows = await measure(server.url, targets, runs, extraHeaders)
    printTable(rows, runs)
    const failing = rows.filter((r) => r.failed.length).length
    const seconds = Math.round((Date.now() - started) / 1000)
    console.log(
      `\n${failing ? `${failing} of ${rows.length} pages miss a bar` : 'every page meets the bars'} (${seconds} s)`,
    )
    if (failing) process.exitCode = 1
  } finally {
    await server.stop()
  }
}

await main()
