import type { Browser, Page } from '@playwright/test'
import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { createUser, signInWithPassword, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { signInAsPrimaryAdmin } from './support/roles'

/** A verified user with a username, signed in in a browser context of their own. */
async function traderIn(browser: Browser, email: string, username: string) {
  const context = await browser.newContext()
  const page = waitForAppOnLoad(await context.newPage())
  await createUser(page.request, email, username)
  return { page, email, username, close: () => context.close() }
}

/** The page fits a 390 px wide phone: nothing scrolls sideways. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width, `page ${page.url()} is ${width} px wide`).toBeLessThanOrEqual(390)
  await expectAccessible(page)
  await page.setViewportSize({ width: 1280, height: 800 })
}

// One admin address for the whole run: these run on the desktop project, one after the other, and check
// the phone width themselves.
test.describe.configure({ mode: 'serial' })

test.describe('admin area', () => {
  test.skip(({ isMobile }) => isMobile, 'ADMIN_EMAIL is one account: the desktop project checks 390 px too')

  test('the admin sees the early-access list; other traders are told they have no access', async ({
    page,
    browser,
  }, testInfo) => {
    // One admin address for the whole run: the desktop project checks both widths.
    test.slow() // three accounts, two widths
    await page.goto('/admin')
    await expect(page.getByText('Sign in with an admin account to use the admin area.')).toBeVisible()

    const trader = await browser.newContext()
    const traderPage = waitForAppOnLoad(await trader.newPage())
    await createUser(traderPage.request, uniqueEmail(testInfo, 'not-admin'), `na_${Date.now() % 100000}`)
    await traderPage.goto('/admin')
    await expect(traderPage.getByText(/You do not have access to the admin area/)).toBeVisible()
    await trader.close()

    const subscriber = uniqueEmail(testInfo, 'og')
    await page.request.post('/api/launch-list/subscribe', {
      headers: { origin: E2E_ORIGIN },
      data: { email: subscriber },
    })
    await signInAsPrimaryAdmin(page.request)
    await page.goto('/admin/launch-list')
    const list = page.getByRole('region', { name: 'Early-access list' })
    await expect(list.getByText(subscriber)).toBeVisible()
    await expect(list.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/launch-list/export.csv',
    )
    await list.getByLabel('Show').selectOption('verified')
    await expect(list.getByText(subscriber)).toBeHidden()
    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    const widest = await page.evaluate(() => {
      let found = { width: document.documentElement.scrollWidth, what: 'html' }
      for (const el of document.querySelectorAll('body *')) {
        const right = el.getBoundingClientRect().right
        if (right > found.width - 1 && el.children.length === 0)
          found = { width: right, what: `${el.tagName} ${el.className}`.slice(0, 120) }
      }
      return found
    })
    expect(widest.width, widest.what).toBeLessThanOrEqual(390)
    const csv = await page.request.get('/api/admin/launch-list/export.csv')
    expect(await csv.text()).toContain(subscriber)
  })

  test('the primary admin adds an admin and a stock manager, removes one, suspends a user and reads the audit log', async ({
    page,
    browser,
    allowConsoleError,
  }, testInfo) => {
    test.setTimeout(240_000) // five accounts and a dozen pages, each checked at two widths
    allowConsoleError(/status of (403|404)/) // the refused sign-in, the unknown address
    const stamp = Date.now() % 1_000_000
    const [helper, manager, other, suspended] = await Promise.all([
      traderIn(browser, uniqueEmail(testInfo, 'helper'), `helper_${stamp}`),
      traderIn(browser, uniqueEmail(testInfo, 'manager'), `manager_${stamp}`),
      traderIn(browser, uniqueEmail(testInfo, 'other'), `other_${stamp}`),
      traderIn(browser, uniqueEmail(testInfo, 'suspended'), `suspended_${stamp}`),
    ])
    await signInAsPrimaryAdmin(page.request)

    // Overview.
    await page.goto('/admin')
    const sections = page.getByRole('navigation', { name: 'Admin sections' })
    await expect(sections).toBeVisible()
    await expect(page.getByText('OG members')).toBeVisible()
    await expectAccessible(page)
    await expectFitsPhone(page)

    // The helper is no admin yet.
    await helper.page.goto('/admin')
    await expect(helper.page.getByText(/You do not have access to the admin area/)).toBeVisible()

    // Admins: an unknown address is refused in the spec's words; the helper is added.
    await sections.getByRole('link', { name: 'Admins' }).click()
    await expect(page).toHaveURL(/\/admin\/admins$/)
    const addAdmin = page.getByRole('form', { name: 'Add admin' })
    await addAdmin.getByLabel('E-mail').fill(`nobody.${stamp}@example.com`)
    await addAdmin.getByRole('button', { name: 'Add admin' }).click()
    await expect(addAdmin.getByRole('alert')).toHaveText(
      `User with email nobody.${stamp}@example.com not found`,
    )
    await addAdmin.getByLabel('E-mail').fill(helper.email)
    await addAdmin.getByRole('button', { name: 'Add admin' }).click()
    const admins = page.getByRole('region', { name: 'Admins' })
    await expect(admins.getByRole('link', { name: helper.email })).toBeVisible()
    await expect(admins.getByText('Primary', { exact: true })).toBeVisible()
    await expectAccessible(page)
    await expectFitsPhone(page)

    // …who then sees the admin area.
    await helper.page.goto('/admin')
    await expect(helper.page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible()

    // Stock managers: the manager, by username, for Grow a Garden.
    await sections.getByRole('link', { name: 'Stock managers' }).click()
    const gag = page.getByRole('region', { name: 'Grow a Garden stock managers' })
    await gag.getByLabel('E-mail or username').fill(manager.username)
    await gag.getByRole('button', { name: 'Add Grow a Garden stock manager' }).click()
    await expect(gag.getByRole('link', { name: manager.email })).toBeVisible()
    await expectAccessible(page)
    await expectFitsPhone(page)

    const menuOf = async (trader: { page: Page }) => {
      await trader.page.goto('/about')
      await trader.page.getByRole('button', { name: /account menu/ }).click()
      return trader.page
    }
    await expect((await menuOf(manager)).getByRole('link', { name: 'Stock Management' })).toBeVisible()
    // The admin area is for admins: no one else is offered a link that answers "no access".
    await expect(manager.page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
    const otherMenu = await menuOf(other)
    await expect(otherMenu.getByRole('link', { name: 'Settings' })).toBeVisible()
    await expect(otherMenu.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
    await expect(otherMenu.getByRole('link', { name: 'Stock Management' })).toHaveCount(0)

    // Removed, with a confirmation: the menu entry goes.
    await gag.getByRole('button', { name: `Remove ${manager.email}` }).click()
    await gag.getByRole('button', { name: 'Remove', exact: true }).click()
    await expect(gag.getByRole('link', { name: manager.email })).toHaveCount(0)
    await manager.page.goto('/stock-management')
    await expect(manager.page.getByText(/You do not have access to stock management/)).toBeVisible()
    await expect((await menuOf(manager)).getByRole('link', { name: 'Stock Management' })).toHaveCount(0)

    // Users: find and suspend; the suspended user is signed out and cannot sign in, and is told why.
    await sections.getByRole('link', { name: 'Users' }).click()
    await page.getByLabel('E-mail, username or display name').fill(suspended.username)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: suspended.email }).click()
    await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/)
    await page.getByLabel('Reason for suspending').fill('Scamming in trades')
    await page.getByRole('button', { name: 'Suspend account' }).click()
    await expect(page.getByRole('alert')).toContainText('Scamming in trades')
    await expect(page.getByRole('button', { name: 'Restore account' })).toBeVisible()
    await expectAccessible(page)
    await expectFitsPhone(page)
    // Its sessions ended; when it was last active stays known.
    const facts = page.getByRole('region', { name: suspended.email })
    await expect(facts.getByText('Signed in on')).toBeVisible()
    await expect(facts).toContainText('0 devices')
    await expect(facts).not.toContainText('Never')

    await suspended.page.goto('/profile')
    await expect(suspended.page.getByText(/Sign in/).first()).toBeVisible()
    await suspended.page.goto('/sign-in')
    await signInWithPassword(suspended.page, suspended.email)
    await expect(suspended.page.getByRole('alert')).toContainText(
      'This account is suspended. Reason: Scamming in trades',
    )

    // Signing a user out of every device asks first; their last activity stays.
    await sections.getByRole('link', { name: 'Users' }).click()
    await page.getByLabel('E-mail, username or display name').fill(other.username)
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: other.email }).click()
    const otherFacts = page.getByRole('region', { name: other.email })
    await expect(otherFacts).toContainText(/Signed in on\s*[1-9]/)
    await page.getByRole('button', { name: 'Sign out of every device' }).click()
    const ask = page.getByRole('group', { name: `Sign ${other.email} out of every device?` })
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expectAccessible(page)
    await ask.getByRole('button', { name: 'Sign out everywhere' }).click()
    await expect(page.getByText('Signed out of every device')).toBeVisible()
    await expect(otherFacts).toContainText('0 devices')
    await expect(otherFacts).not.toContainText('Never')

    // The audit log has all of it.
    await sections.getByRole('link', { name: 'Audit log' }).click()
    const log = page.getByRole('list', { name: 'Audit log' })
    // Each entry names whom it concerns (other runs' entries may be there too).
    const entry = (what: string, email: string) =>
      log.getByRole('listitem').filter({ hasText: what }).filter({ hasText: email })
    await expect(entry('Role granted: admin', helper.email)).toBeVisible()
    await expect(entry('Role granted: Grow a Garden stock manager', manager.email)).toBeVisible()
    await expect(entry('Role removed: Grow a Garden stock manager', manager.email)).toBeVisible()
    await expect(entry('Account suspended: Scamming in trades', suspended.email)).toBeVisible()
    await expectAccessible(page)
    await expectFitsPhone(page)

    await Promise.all([helper, manager, other, suspended].map((t) => t.close()))
  })
})
