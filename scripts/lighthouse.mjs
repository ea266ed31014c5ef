// Lighthouse (mobile settings) on / and any paths or URLs given; prints the four category scores.
// Usage: npm run lighthouse [-- /values-and-wfl /about]. Starts the built server unless BASE_URL is set.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startBuiltServer } from './lib/start-server.mjs'

const targets = ['/', ...process.argv.slice(2)]
const server = process.env.BASE_URL
  ? { url: process.env.BASE_URL, stop: async () => {} }
  : await startBuiltServer({ port: 3303 })
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
    let result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (result.lhr.runtimeError) {
      // A cold browser sometimes fails the first page: say so and measure again.
      console.log(`  ${target}: ${result.lhr.runtimeError.code}, measuring again`)
      result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
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
