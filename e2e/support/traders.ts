import type { Browser, TestInfo } from '@playwright/test'
import { waitForAppOnLoad } from '../fixtures'
import { createUser, uniqueEmail } from './accounts'
import { E2E_ORIGIN } from './ports'

/** A short unique suffix for the usernames of one journey. */
export const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

/**
 * Another trader in a browser of their own (the project's screen), signed in with a username; the
 * console errors of their pages are collected as the `page` fixture's are.
 */
export async function traderBrowser(browser: Browser, testInfo: TestInfo, name: string, username: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  await context.addInitScript(() => localStorage.setItem('tradehub:feed', 'off'))
  await createUser(context.request, uniqueEmail(testInfo, name), username)
  const page = waitForAppOnLoad(await context.newPage())
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return { context, page, errors, close: () => context.close() }
}
