import type { APIRequestContext, Browser, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`
const headers = { origin: E2E_ORIGIN }

/** Someone signed in with a username in a browser of their own, at the project's screen size. */
async function person(browser: Browser, testInfo: TestInfo, name: string, username: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  await context.addInitScript(() => localStorage.setItem('tradehub:feed', 'off'))
  const email = uniqueEmail(testInfo, name)
  await createUser(context.request, email, username)
  const page = waitForAppOnLoad(await context.newPage())
  return { page, email, username, close: () => context.close() }
}

async function postAd(api: APIRequestContext, note: string) {
  const posted = await api.post('/api/trade-ads', {
    headers,
    data: {
      game: 'blox-fruits',
      offering: [{ item: 'kitsune' }],
      requesting: [{ item: 'west-dragon' }],
      note,
    },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  return ((await posted.json()) as { id: number }).id
}

async function report(
  api: APIRequestContext,
  target: { kind: string; id: number | string },
  details: string,
) {
  const filed = await api.post('/api/reports', {
    headers,
    data: { target, reason: target.kind === 'user' ? 'harassment' : 'scam', details },
  })
  expect(filed.status(), await filed.text()).toBe(201)
  return ((await filed.json()) as { id: number }).id
}

test.describe('moderation', () => {
  test(
    'a moderator hides a reported ad: it leaves the queue, its page and the trader’s ads',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.slow() // three accounts
      const s = stamp()
      const note = `Send first and I pay double ${s}`
      const [owner, reporter] = await Promise.all([
        person(browser, testInfo, 'owner', `own_${s}`),
        person(browser, testInfo, 'reporter', `rep_${s}`),
      ])
      const adId = await postAd(owner.page.request, note)
      await reporter.page.goto(`/trading?user=${owner.username}`)
      await expect(reporter.page.getByRole('article').filter({ hasText: note })).toBeVisible()
      await report(reporter.page.request, { kind: 'ad', id: adId }, `Asked me to give first ${s}`)

      // A moderator, given the role by an admin, finds the queue in their menu, and only it in the admin area.
      const modEmail = uniqueEmail(testInfo, 'mod')
      await createUser(page.request, modEmail, `guard_${s}`)
      await grantRole(modEmail, 'moderator')
      await page.goto('/about')
      await page.getByRole('button', { name: /account menu/ }).click()
      await page.getByRole('link', { name: 'Reports' }).click()
      await expect(page).toHaveURL(/\/admin\/reports$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
      const sections = page.getByRole('navigation', { name: 'Admin sections' })
      await expect(sections.getByRole('link')).toHaveText(['Reports', 'Disputes'])

      const card = page.getByRole('article').filter({ hasText: note })
      await expect(card.getByRole('heading', { name: 'Ad reported: Scam' })).toBeVisible()
      await expect(card).toContainText(`Asked me to give first ${s}`)
      // People by username, never by e-mail.
      await expect(card).toContainText(`@${reporter.username}`)
      await expect(card).not.toContainText(reporter.email)
      await expect(card).toContainText(`@${owner.username}`)
      await expect(card.getByRole('link', { name: /Open the ad/ })).toHaveAttribute(
        'href',
        `/trading/ad/${adId}`,
      )
      await expectAccessible(page)

      await card.getByLabel('Note (optional)').fill(`Give-first scam ${s}`)
      await card.getByRole('button', { name: 'Hide' }).click()
      await expect(page.getByText('The ad is hidden')).toBeVisible()
      await expect(card).toHaveCount(0)

      await page.getByRole('link', { name: 'Resolved' }).click()
      await expect(page).toHaveURL(/\/admin\/reports\?status=resolved$/)
      const resolved = page.getByRole('article').filter({ hasText: note })
      await expect(resolved).toContainText(`Hidden by @guard_${s}`)
      await expect(resolved).toContainText(`Note: Give-first scam ${s}`)
      const content = resolved.getByRole('region', { name: 'What was reported' })
      await expect(content).toContainText(note)
      await expect(content.getByText('Hidden', { exact: true })).toBeVisible()
      await expect(resolved.getByRole('button', { name: 'Dismiss' })).toHaveCount(0)
      await expectAccessible(page)

      // The other trader: the ad is not found, and gone from the owner's ads.
      await reporter.page.goto(`/trading/ad/${adId}`)
      await expect(reporter.page.getByRole('heading', { level: 1, name: 'Trade ad not found' })).toBeVisible()
      await reporter.page.goto(`/trading?user=${owner.username}`)
      await expect(reporter.page.getByText('No open ads match these filters.')).toBeVisible()
      await expect(reporter.page.getByRole('article').filter({ hasText: note })).toHaveCount(0)
      await Promise.all([owner.close(), reporter.close()])
    },
  )

  test(
    'a warned trader finds the moderators’ warning in their notifications',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.slow()
      const s = stamp()
      const [author, reporter] = await Promise.all([
        person(browser, testInfo, 'author', `aut_${s}`),
        person(browser, testInfo, 'reporter', `rep_${s}`),
      ])
      const details = `Rude in every message ${s}`
      await report(reporter.page.request, { kind: 'user', id: author.username }, details)

      const modEmail = uniqueEmail(testInfo, 'mod')
      await createUser(page.request, modEmail, `guard_${s}`)
      await grantRole(modEmail, 'moderator')
      await page.goto('/admin/reports')
      const card = page.getByRole('article').filter({ hasText: details })
      await expect(card.getByRole('heading', { name: 'User reported: Harassment' })).toBeVisible()
      await expect(card.getByRole('button', { name: 'Dismiss' })).toBeVisible()
      await expect(card.getByRole('button', { name: 'Hide' })).toHaveCount(0) // a user has nothing to hide
      await card.getByLabel('Note (optional)').fill(`Keep it friendly ${s}`)
      await card.getByRole('button', { name: 'Warn' }).click()
      await expect(page.getByText(`@${author.username} was warned`)).toBeVisible()
      await expect(card).toHaveCount(0)

      await author.page.goto('/notifications')
      await expect(author.page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName(
        'Notifications, 1 unread',
      )
      const history = author.page.getByRole('list', { name: 'Notifications' })
      await expect(history).toContainText('A warning from the moderators')
      await expect(history).toContainText(`Keep it friendly ${s}`)
      await expectAccessible(author.page)
      await Promise.all([author.close(), reporter.close()])
    },
  )

  test('only moderators open the queue; an admin grants and removes the moderator role', async ({
    page,
    browser,
    allowConsoleError,
  }, testInfo) => {
    test.slow()
    allowConsoleError(/status of 403/) // the plain trader's refused queue
    const s = stamp()
    await page.goto('/admin/reports')
    await expect(page.getByText('Sign in with an admin account to use the admin area.')).toBeVisible()

    const trader = await person(browser, testInfo, 'trader', `trd_${s}`)
    await trader.page.goto('/admin/reports')
    await expect(trader.page.getByText(/You do not have access to the admin area/)).toBeVisible()
    await trader.page.getByRole('button', { name: /account menu/ }).click()
    await expect(trader.page.getByRole('link', { name: 'Settings' })).toBeVisible()
    await expect(trader.page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
    await expect(trader.page.getByRole('link', { name: 'Reports' })).toHaveCount(0)

    const adminEmail = uniqueEmail(testInfo, 'admin')
    await createUser(page.request, adminEmail, `boss_${s}`)
    await grantRole(adminEmail, 'admin')
    await page.goto('/admin/moderators')
    const add = page.getByRole('form', { name: 'Add moderator' })
    await add.getByLabel('E-mail').fill(trader.email)
    await add.getByRole('button', { name: 'Add moderator' }).click()
    await expect(page.getByText(`${trader.email} added`)).toBeVisible()
    const list = page.getByRole('region', { name: 'Moderators' })
    await expect(list.getByRole('link', { name: trader.email })).toBeVisible()
    await expectAccessible(page)

    // The new moderator opens the queue.
    await trader.page.goto('/admin/reports')
    await expect(trader.page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
    await expect(trader.page.getByRole('link', { name: 'Open', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await list.getByRole('button', { name: `Remove ${trader.email}` }).click()
    await list.getByRole('button', { name: 'Remove', exact: true }).click()
    await expect(page.getByText(`${trader.email} removed`)).toBeVisible()
    await expect(list.getByRole('link', { name: trader.email })).toHaveCount(0)

    await trader.page.goto('/admin/reports')
    await expect(trader.page.getByText(/You do not have access to the admin area/)).toBeVisible()
    await trader.close()
  })

  test('/trust-and-security shows live figures, rendered by the server', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow()
    const s = stamp()
    const [owner, reporter] = await Promise.all([
      person(browser, testInfo, 'owner', `own_${s}`),
      person(browser, testInfo, 'reporter', `rep_${s}`),
    ])
    const reportId = await report(
      reporter.page.request,
      { kind: 'ad', id: await postAd(owner.page.request, `Figures ${s}`) },
      `Spam ${s}`,
    )
    const modEmail = uniqueEmail(testInfo, 'mod')
    await createUser(page.request, modEmail, `guard_${s}`)
    await grantRole(modEmail, 'moderator')
    const resolved = await page.request.post(`/api/admin/reports/${reportId}/resolve`, {
      headers,
      data: { action: 'dismiss' },
    })
    expect(resolved.status(), await resolved.text()).toBe(200)

    const html = await (await owner.page.request.get('/trust-and-security')).text()
    expect(html).toMatch(/>[\d,]+<\/dd><dt[^>]*>verified traders</)

    await owner.page.goto('/trust-and-security')
    const figures = owner.page.getByRole('region', { name: 'Trust on TradeHub, live' })
    const figure = (label: string) =>
      figures.locator('div').filter({ hasText: label }).getByRole('definition')
    await expect(figure('verified traders')).toHaveText(/^[\d,]+$/)
    const handled = Number(
      (await figure('reports handled in the last 30 days').textContent())?.replace(/,/g, ''),
    )
    expect(handled).toBeGreaterThanOrEqual(1)
    await expect(figure('median time to handle a report')).toHaveText(/hour/)
    await expect(owner.page.getByRole('link', { name: 'verify', exact: true })).toHaveAttribute(
      'href',
      '/verification',
    )
    await expect(owner.page.getByText('Never give first.')).toBeVisible()
    await expectAccessible(owner.page)
    await Promise.all([owner.close(), reporter.close()])
  })
})
