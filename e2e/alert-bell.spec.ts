import type { TestInfo } from '@playwright/test'
import { stockManagerRole } from '../src/features/roles/rules'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'
import { publishBeanstalk } from './support/stock'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

test.describe('alerts', { tag: '@phone' }, () => {
  test('a trader watches Beanstalk; when a manager publishes it, the bell shows 1 without reload and links to the stock page', async ({
    page,
    browser,
  }, testInfo: TestInfo) => {
    test.slow() // two accounts, two browser contexts
    await createUser(page.request, uniqueEmail(testInfo, 'watcher'), `w_${stamp()}`)

    // One tap on the item page watches it.
    await page.goto('/values/grow-a-garden/beanstalk')
    await page.getByRole('button', { name: 'Watch Beanstalk' }).click()
    await expect(page.getByRole('button', { name: 'Stop watching Beanstalk' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await expect(bell).toHaveAccessibleName('Notifications')
    await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
    })

    // A stock manager publishes a seed stock with Beanstalk (another browser, another account).
    const managerContext = await browser.newContext({ baseURL: E2E_ORIGIN })
    const managerEmail = uniqueEmail(testInfo, 'bell-manager')
    await createUser(managerContext.request, managerEmail, `sm_${stamp()}`)
    await grantRole(managerEmail, stockManagerRole('grow-a-garden'))
    await publishBeanstalk(managerContext.request, 2 + Math.floor(Math.random() * 900))
    await managerContext.close()

    // The bell counts it, pushed over the page's event stream.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await bell.click()
    const alert = page.getByRole('link', { name: /Beanstalk is in stock/ })
    await expect(alert).toHaveAttribute('href', '/grow-a-garden-stock')
    await expectAccessible(page)
    // Following it marks it read.
    await alert.click()
    await expect(page).toHaveURL(/\/grow-a-garden-stock$/)
    await expect(page.getByRole('heading', { name: 'Grow a Garden stock', level: 1 })).toBeVisible()
    await expect(bell).toHaveAccessibleName('Notifications')

    // The full history.
    await bell.click()
    await page.getByRole('link', { name: 'All notifications' }).click()
    await expect(page).toHaveURL(/\/notifications$/)
    const history = page.getByRole('list', { name: 'Notifications' })
    await expect(history.getByRole('listitem')).toHaveCount(1)
    await expect(history).toContainText('Beanstalk is in stock')
    await expect(page.getByText('1 notification, 0 unread')).toBeVisible()
    await expectAccessible(page)
  })
})
