import type { Page, Route } from '@playwright/test'
import { expect, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'

/**
 * Holds the requests to `url` until the test lets them go, then answers 503: what the control shows
 * while the server is asked, and after it refused, can both be seen.
 */
async function holdThenRefuse(page: Page, url: RegExp) {
  const held: Route[] = []
  await page.route(url, (route) => {
    held.push(route)
  })
  return {
    held: () => held.length,
    refuse: () =>
      Promise.all(
        held
          .splice(0)
          .map((route) =>
            route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
          ),
      ),
  }
}

test.describe('optimistic toggles', () => {
  test('the heart shows the favorite at once, and is rolled back when the server refuses', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/status of 503/)
    await createUser(
      page.request,
      uniqueEmail(testInfo, 'heart'),
      `oh_${testInfo.project.name.slice(0, 3)}_${Date.now() % 100000}`,
    )
    const server = await holdThenRefuse(page, /\/api\/favorites\/blox-fruits\/kitsune$/)
    await page.goto('/values/blox-fruits/kitsune')
    const heart = page.getByRole('button', { name: /^Favorite Kitsune \(/ })
    await expect(heart).toBeEnabled()
    const before = Number((await heart.textContent())?.trim())

    await heart.click()
    await expect.poll(server.held).toBe(1)
    // While the server is asked: the wish, with the count it would make.
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await expect(heart).toHaveText(String(before + 1))

    await server.refuse()
    await expect(page.getByText('Failed to favorite this item. Please try again.')).toBeVisible()
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await expect(heart).toHaveText(String(before))
  })

  test('the watch bell shows the watch at once, and is rolled back when the server refuses', async ({
    page,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/status of 503/)
    await createUser(
      page.request,
      uniqueEmail(testInfo, 'watch'),
      `ow_${testInfo.project.name.slice(0, 3)}_${Date.now() % 100000}`,
    )
    const server = await holdThenRefuse(page, /\/api\/watchlist\/blox-fruits\/kitsune$/)
    await page.goto('/values/blox-fruits/kitsune')
    const watch = page.getByRole('button', { name: 'Watch Kitsune', exact: true })
    await expect(watch).toBeEnabled()
    await expect(watch).toHaveAttribute('aria-pressed', 'false')

    await watch.click()
    await expect.poll(server.held).toBe(1)
    const watching = page.getByRole('button', { name: 'Stop watching Kitsune', exact: true })
    await expect(watching).toHaveAttribute('aria-pressed', 'true')

    await server.refuse()
    await expect(page.getByText('Failed to watch Kitsune. Please try again.')).toBeVisible()
    await expect(watch).toHaveAttribute('aria-pressed', 'false')
  })
})
