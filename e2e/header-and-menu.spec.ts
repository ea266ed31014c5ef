import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'

test.describe('header on desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'the bar is the desktop layout; phones get the drawer')

  test('shows the menu bar with submenus and a Sign In button', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const label of ['Trading', 'Values & WFL', 'Stock', 'Resources']) {
      await expect(nav.getByText(label, { exact: true })).toBeVisible()
    }
    // No Discord link is configured here: none is offered (none would lead anywhere).
    await expect(nav.getByText('Discord', { exact: true })).toHaveCount(0)
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: /Discord|Trading Server/ }),
    ).toHaveCount(0)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()

    const stock = nav.getByRole('button', { name: 'Stock' })
    await expect(stock).toHaveAttribute('aria-expanded', 'false')
    await stock.click()
    await expect(stock).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Grow a Garden' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Blox Fruits' })).toBeVisible()
    await expectAccessible(page)
    await nav.getByRole('link', { name: 'Grow a Garden' }).click()
    await expect(page).toHaveURL(/\/grow-a-garden-stock$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grow a Garden stock')
    await expect(nav.getByRole('link', { name: 'Grow a Garden' })).toBeHidden()

    // Keyboard: Enter opens, Escape closes and returns focus to the button.
    const resources = nav.getByRole('button', { name: 'Resources' })
    await resources.focus()
    await page.keyboard.press('Enter')
    await expect(nav.getByRole('link', { name: 'Safe Sender Guide' })).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name: 'Safe Sender Guide' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(nav.getByRole('link', { name: 'Safe Sender Guide' })).toBeHidden()
    await expect(resources).toBeFocused()

    // A click outside closes an open submenu.
    await nav.getByRole('button', { name: 'Resources' }).click()
    await expect(nav.getByRole('link', { name: 'Safe Sender Guide' })).toBeVisible()
    await page.mouse.click(1100, 700)
    await expect(nav.getByRole('link', { name: 'Safe Sender Guide' })).toBeHidden()

    await nav.getByRole('button', { name: 'Resources' }).click()
    await expect(nav.getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/guides')
    await expect(nav.getByRole('link', { name: 'Achievements' })).toHaveAttribute('href', '/achievements')
  })

  test('Trading leads to the trade ads', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trading' }).click()
    await expect(page).toHaveURL(/\/trading$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade ads')
  })

  test('the header changes once the page is scrolled', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(header).not.toHaveAttribute('data-scrolled')
    await page.mouse.wheel(0, 600)
    await expect(header).toHaveAttribute('data-scrolled', 'true')
  })

  test('the footer has every column, and no link marked Soon', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    for (const column of ['About', 'Trading', 'Community', 'Account', 'Resources']) {
      await expect(footer.getByRole('navigation', { name: `Footer: ${column}` })).toBeVisible()
    }
    await expect(footer.getByText('Soon')).toHaveCount(0)
    await expect(footer.getByRole('link', { name: 'Referral Program' })).toHaveAttribute(
      'href',
      '/referral-program',
    )
    await expect(footer.getByRole('link', { name: 'Achievements' })).toHaveAttribute('href', '/achievements')
    await expect(footer.getByRole('link', { name: 'Verification' })).toHaveAttribute('href', '/verification')
    await expect(footer.getByRole('link', { name: 'Item Values' })).toHaveAttribute('href', '/values-and-wfl')
    await expect(footer.getByRole('link', { name: 'Trade ads' })).toHaveAttribute('href', '/trading')
    await expect(footer.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/docs')
    await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in')
  })

  test('a signed-in trader’s footer offers Profile, not Sign In, on the page from the server and after a reload', async ({
    page,
  }, testInfo) => {
    await createUser(page.request, uniqueEmail(testInfo, 'footer'), `foot_${Date.now() % 1_000_000}`)
    await page.goto('/values-and-wfl')
    const account = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer: Account' })
    await expect(page.getByRole('banner').getByRole('button', { name: /account menu/i })).toBeVisible()
    // The footer is hydrated as it comes near the screen (decision 022), as a trader scrolls down to it.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await expect(account.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    await expect(account.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
    await page.reload()
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await expect(account.getByRole('link', { name: 'Profile' })).toBeVisible()
    await expect(account.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
  })
})

test.describe('drawer on phones', { tag: '@phone' }, () => {
  test.skip(({ isMobile }) => !isMobile, 'phones only')

  test('opens from the right, keeps focus inside, expands submenus and closes with Escape', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    const box = (await drawer.boundingBox())!
    expect(box.x + box.width).toBeCloseTo(390, 0)

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await expectAccessible(page)

    await drawer.getByRole('button', { name: 'Stock' }).click()
    await expect(drawer.getByRole('link', { name: 'Blox Fruits' })).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Trading' })).toHaveAttribute('href', '/trading')
    await drawer.getByRole('button', { name: 'Resources' }).click()
    await expect(drawer.getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/guides')
    await expect(drawer.getByRole('link', { name: 'Achievements' })).toHaveAttribute('href', '/achievements')

    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Values & WFL' }).click()
    await expect(page).toHaveURL(/\/values-and-wfl$/)
    await expect(page.getByRole('dialog')).toBeHidden()
  })
})
