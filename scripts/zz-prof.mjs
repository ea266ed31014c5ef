// BASE_URL=http://127.0.0.1:3000 node prof.mjs /path  — inclusive JS time per function over RUNS loads (median-free sum / RUNS)
import { chromium } from 'playwright-core'
const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000'
const path = process.argv[2] ?? '/'
const RUNS = Number(process.env.RUNS ?? 3), TOP = Number(process.env.TOP ?? 40)
const UNDER = process.env.UNDER, SELF = process.env.SELF
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
const incl = new Map(); let total = 0
for (let r = 0; r < RUNS; r++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
  const page = await context.newPage(); const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start')
  await page.goto(base + path, { waitUntil: 'load' }); await page.waitForTimeout(Number(process.env.WAIT ?? 2500))
  const { profile } = await cdp.send('Profiler.stop')
  const byId = new Map(profile.nodes.map((n) => [n.id, n])); const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const dt = new Map(); for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i + 1] ?? 0))
  for (const [id, us] of dt) {
    let n = byId.get(id); if (['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName) && !SELF) { if (n.callFrame.functionName !== '(garbage collector)') continue }
    const names = new Set(); let under = !UNDER; let cur = id
    while (cur !== undefined) { const node = byId.get(cur); const f = node.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`; if (UNDER && f.functionName === UNDER) under = true; names.add(key); cur = parent.get(cur); if (SELF) break }
    if (!under) continue
    total += us; for (const k of names) incl.set(k, (incl.get(k) ?? 0) + us)
  }
  await context.close()
}
console.log(`total sampled ${(total / 1000 / RUNS).toFixed(1)} ms per load`)
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log((v / 1000 / RUNS).toFixed(1).padStart(8), k)
await browser.close()
