import { fullTitle } from '../src/shared/page-info'
import { expect, expectAccessible, test } from './fixtures'
import { allPages } from './support/pages'

/**
 * Every page of the site list (each feature's pages.ts), at its address (a pattern page at its example), and
 * the calculator's tab. A trader's public profile needs a trader: the accounts journeys visit it.
 */
const VISITS = [
  ...(await allPages()).flatMap((page) => {
    const address = page.href ?? page.path
    return address.includes(':')
      ? []
      : [{ address, title: page.path.includes(':') ? null : fullTitle(page.title) }]
  }),
  { address: '/values-and-wfl?tab=wfl', title: null },
]

/** Pages per test: one browser page visits several, so each visit costs the page, not a new browser. */
const PER_TEST = 4

test.describe('every page', () => {
  for (let i = 0; i < VISITS.length; i += PER_TEST) {
    const visits = VISITS.slice(i, i + PER_TEST)
    test(`${visits.map((v) => v.address).join(', ')}: heading, title, description, axe, 1280 and 390 px`, async ({
      page,
    }) => {
      test.setTimeout(30_000 * visits.length)
      for (const { address, title } of visits) {
        await page.setViewportSize({ width: 1280, height: 800 })
        await page.goto(address)
        await expect(page.getByRole('heading', { level: 1 }), address).toHaveText(/\S/)
        if (title) await expect(page, address).toHaveTitle(title)
        else await expect(page, address).toHaveTitle(/TradeHub/)
        await expect(page.locator('meta[name="description"]'), address).toHaveAttribute('content', /.{20,}/)
        await expectAccessible(page)
        // On a phone nothing is wider than the screen.
        await page.setViewportSize({ width: 390, height: 844 })
        await expect(page.getByRole('heading', { level: 1 }), address).toBeVisible()
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
            message: `${address} at 390 px`,
          })
          .toBeLessThanOrEqual(390)
      }
    })
  }
})

test.describe('redirects', () => {
  test('/trade-helper goes to the values tool and /auth/callback home', async ({ page }) => {
    await page.goto('/trade-helper')
    await expect(page).toHaveURL(/\/values-and-wfl$/)
    await page.goto('/auth/callback')
    await expect(page).toHaveURL(/localhost:\d+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Know what your items are worth/)
  })

  test('an old /join-server link, with no Discord configured, points to the contact form', async ({
    page,
  }) => {
    await page.goto('/join-server')
    await expect(page.getByText('TradeHub has no Discord here yet')).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Contact the team' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact')
  })
})

test.describe('404 page', () => {
  test('an unknown path shows Page Not Found with its links and logs the path', async ({
    page,
    consoleErrors,
    allowConsoleError,
  }) => {
    allowConsoleError(/404/)
    await page.goto('/this/does-not-exist')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page).toHaveTitle('Page Not Found | TradeHub')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
    await expect(main.getByRole('link', { name: 'Open the trade helper' })).toHaveAttribute(
      'href',
      '/values-and-wfl',
    )
    await expect(main.getByRole('link', { name: 'See every page' })).toHaveAttribute('href', '/sites')
    await expect.poll(() => consoleErrors.some((e) => e.includes('/this/does-not-exist'))).toBe(true)
    await expectAccessible(page)
    await main.getByRole('link', { name: 'See every page' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site map')
  })

  test('a trade helper for an unknown game or an unknown item shows the 404 page', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/404/)
    await page.goto('/trade-helper/minecraft')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await page.goto('/values/blox-fruits/no-such-fruit')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  })
})

test.describe('site map', () => {
  test('lists every page', async ({ page }) => {
    await page.goto('/sites')
    for (const name of [
      'Home',
      'Item values & WFL calculator',
      'Grow a Garden stock',
      'Safe sender guide',
      'Privacy policy',
    ]) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible()
    }
  })
})
