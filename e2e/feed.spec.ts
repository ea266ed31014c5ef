import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import type { FeedResponse } from '../src/shared/alerts'
import { stockManagerRole } from '../src/shared/roles-rules'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_FRESH_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'
import { publishBeanstalk } from './support/stock'

/** A verified stock manager of Grow a Garden, signed in on `api`. */
async function seedManager(api: APIRequestContext, testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, 'feed-manager')
  await createUser(api, email, `fm_${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`)
  await grantRole(email, stockManagerRole('grow-a-garden'))
}

/** Every toast the page shows, as its text, from the page's first moment (even if gone since). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>()
    const shown: string[] = []
    ;(window as unknown as { shownToasts: string[] }).shownToasts = shown
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        if (seen.has(toast)) continue
        seen.add(toast)
        shown.push(toast.textContent ?? '')
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts)
}

test.use({ siteFeed: true })

test.describe('site feed', () => {
  test(
    'a visitor on / sees a limited-time toast for a Beanstalk a stock manager just published',
    {
      tag: '@phone',
    },
    async ({ page, request }, testInfo) => {
      test.slow() // an account, a role, a report, then a page
      await seedManager(request, testInfo)
      const shownToasts = await recordToasts(page)
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Limited time: Beanstalk' })
      // Another journey may publish seeds between this report and the page's feed: then again.
      await expect(async () => {
        // At least 20 s are left in the report's window (publishBeanstalk sees to it).
        await publishBeanstalk(request, 1)
        await page.goto('/')
        await expect(toast).toBeVisible({ timeout: 10_000 })
      }).toPass({ timeout: 90_000 })

      // Pointing at it keeps it open. It counts down to the end of the window and links to the stock page.
      await toast.hover()
      await expect(toast).toContainText(/In the Seed Shop for \d:\d\d/)
      await expect(toast.getByRole('link', { name: 'Limited time: Beanstalk' })).toHaveAttribute(
        'href',
        '/grow-a-garden-stock',
      )
      await expect(toast.getByRole('button', { name: 'Turn off feed' })).toBeVisible()
      await expectAccessible(page)
      expect(await shownToasts()).toContainEqual(expect.stringContaining('Limited time: Beanstalk'))
      await toast.getByRole('link', { name: 'Limited time: Beanstalk' }).click()
      await expect(page).toHaveURL(/\/grow-a-garden-stock$/)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Grow a Garden')

      // The visitor switches the feed off in the footer: it stays off on the next visit.
      const feedSwitch = page.getByRole('switch', { name: 'Live feed' })
      await expect(feedSwitch).toBeChecked()
      await feedSwitch.click()
      await expect(feedSwitch).not.toBeChecked()
      await page.reload()
      await expect(page.getByRole('switch', { name: 'Live feed' })).not.toBeChecked()
    },
  )

  test('a fresh site with no events shows no toast for 20 s', async ({ page }) => {
    // A second instance of the site that no journey writes to: the site on its first day.
    const shownToasts = await recordToasts(page)
    await page.clock.install()
    const feedAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/feed')
    await page.goto(`${E2E_FRESH_ORIGIN}/`)
    // The feed's code has loaded and asked for its candidates: from here it runs on the page's clock.
    expect(((await (await feedAnswer).json()) as FeedResponse).items).toEqual([])
    await page.clock.runFor(20_000)
    expect(await shownToasts()).toEqual([])
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})
