import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/**
 * `test` with two guards on every page: a console error or page error fails the test (unless the
 * test expects it through `allowConsoleError`), and `expectAccessible` runs axe. The site feed's
 * toasts (real events of this shared server, every 15 s) are off on the `page` of every journey but
 * the feed's own (`test.use({ siteFeed: true })`), so they never cover what a journey clicks.
 */
/**
 * After `goto` and `reload`, waits until the app has taken over the page the server rendered: a tap
 * on the server's HTML before that is a tap on a page without its code.
 */
export function waitForAppOnLoad(page: Page): Page {
  const settle = async () => {
    await page.waitForFunction(
      () => !document.getElementById('page-data') || document.documentElement.dataset.app === 'ready',
    )
  }
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await settle()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await settle()
    return response
  }
  return page
}

export const test = base.extend<{
  consoleErrors: string[]
  allowConsoleError: (pattern: RegExp) => void
  siteFeed: boolean
  quietFeed: undefined
}>({
  page: async ({ page }, use) => {
    await use(waitForAppOnLoad(page))
  },
  siteFeed: [false, { option: true }],
  quietFeed: [
    async ({ page, siteFeed }, use) => {
      if (!siteFeed)
        await page.addInitScript(() => {
          try {
            localStorage.setItem('tradehub:feed', 'off')
          } catch {
            // a page without storage (about:blank) has no feed either
          }
        })
      await use(undefined)
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        // The browser's report of a failed request names no address: the location gives it.
        if (msg.type() === 'error')
          errors.push(msg.location().url ? `${msg.text()} (${msg.location().url})` : msg.text())
      })
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
      await use(errors)
    },
    { auto: true },
  ],
  allowConsoleError: [
    async ({ consoleErrors }, use) => {
      const allowed: RegExp[] = []
      await use((pattern) => allowed.push(pattern))
      // A hydration error is never expected, whatever the test allows.
      expect(consoleErrors.filter(isHydrationError), 'hydration errors during the test').toEqual([])
      const unexpected = consoleErrors.filter((text) => !allowed.some((p) => p.test(text)))
      expect(unexpected, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * React reports a page it could not hydrate as an error: the app's own report (`onRecoverableError`
 * in start.tsx) names hydration, and React's production build refers to its hydration errors by code.
 */
export function isHydrationError(text: string): boolean {
  return /hydrat/i.test(text) || /react\.dev\/errors\/(418|419|421|422|423|425)\b/.test(text)
}

/** axe finds no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    // Toasts (sonner's dark theme: light text on near-black) would be measured mid fade-in.
    .exclude('[data-sonner-toaster]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(bad, 'serious or critical accessibility violations').toEqual([])
}
