// Lighthouse (mobile settings) on / and any paths or URLs given; prints the four category scores.
// Usage: npm run lighthouse [-- [--signed-in] /values-and-wfl /about]. Starts the built server unless
// BASE_URL is set. --signed-in: measures as a new verified user with a username (built server only).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startBuiltServer } from './lib/start-server.mjs'

const args = process.argv.slice(2)
const signedIn = args.includes('--signed-in')
const targets = ['/', ...args.filter((a) => a !== '--signed-in')]
const server = process.env.BASE_URL
  ? { url: process.env.BASE_URL, stop: async () => {} }
  : await startBuiltServer({ port: 3303 })

/** Signs up through the API, opens the link from the local mailbox, sets a username: the session cookie. */
async function signUp(base, dataDir) {
  const headers = { 'content-type': 'application/json', origin: base }
  const email = `lighthouse.${Date.now()}@example.com`
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'Kitsune-Trade-42', name: '' }),
  })
  if (!up.ok) throw new Error(`sign-up failed: ${up.status}`)
  let link
  for (let i = 0; i < 100 && !link; i++) {
    const dir = path.join(dataDir, 'mail')
    const files = readdirSync(dir, { withFileTypes: true }).filter((f) => f.name.endsWith('.json'))
    for (const f of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, f.name), 'utf8'))
      if (mail.to === email) link = mail.text.match(/https?:\/\/\S+verify-email\S+/)?.[0]
    }
    if (!link) await new Promise((r) => setTimeout(r, 100))
  }
  const verified = await fetch(link, { redirect: 'manual' })
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  await fetch(`${base}/api/profile/username`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ username: `lh_${Date.now() % 1e9}` }),
  })
  return cookie
}
const extraHeaders = signedIn ? { Cookie: await signUp(server.url, server.dataDir) } : undefined
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
try {
  console.log('scores (0-100): performance, accessibility, best-practices, seo')
  for (const target of targets) {
    const url = target.startsWith('http') ? target : server.url + target
    let result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders })
    if (result.lhr.runtimeError) {
      // A cold browser sometimes fails the first page: say so and measure again.
      console.log(`  ${target}: ${result.lhr.runtimeError.code}, measuring again`)
      result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders })
    }
    const c = result.lhr.categories
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100)
    console.log(
      `${target}: ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')}`,
    )
    for (const key of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of c[key].auditRefs) {
        const audit = result.lhr.audits[ref.id]
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) console.log(`  ${key}: ${audit.title}`)
      }
    }
  }
} finally {
  await chrome.kill()
  await server.stop()
}
