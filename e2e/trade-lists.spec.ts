import type { Browser, Page, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

/**
 * The items of this project's run: the desktop and phone projects run at once on one server, so each
 * keeps lists of its own items and never hears of the other's ad.
 */
const ITEMS = {
  desktop: { have: ['mammoth', 'Mammoth'], want: ['gravity', 'Gravity'] },
  phone: { have: ['portal', 'Portal'], want: ['spirit', 'Spirit'] },
} as const

/** Another trader in a browser of their own, signed in with a username. */
async function traderBrowser(browser: Browser, testInfo: TestInfo, name: string, username: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  await context.addInitScript(() => localStorage.setItem('tradehub:feed', 'off'))
  await createUser(context.request, uniqueEmail(testInfo, name), username)
  return { context, close: () => context.close() }
}

/** Types in an item picker and picks the item from its list. */
async function pickItem(page: Page, picker: string, text: string, name: string) {
  await page.getByRole('combobox', { name: picker }).fill(text)
  const option = page.getByRole('option', { name: new RegExp(`^${name}`) }).first()
  await expect(option).toBeVisible()
  await option.click()
}

const noSideScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()!.width)

test.describe('have/want lists and matches', { tag: '@phone' }, () => {
  test('a trader sets have/want lists; another posts a matching ad; the first is told in the bell and finds it in matches with the verdict for them', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // two traders, two browsers
    const s = stamp()
    const [haver, poster] = [`hav_${s}`, `pst_${s}`]
    const items = ITEMS[testInfo.project.name as keyof typeof ITEMS] ?? ITEMS.desktop
    const [haveId, haveName] = items.have
    const [wantId, wantName] = items.want

    // The first trader finds the matches from /trading and keeps lists for Blox Fruits.
    await createUser(page.request, uniqueEmail(testInfo, 'haver'), haver)
    await page.goto('/trading')
    await page.getByRole('link', { name: 'Trade matches' }).click()
    await expect(page).toHaveURL(/\/trading\/matches$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade matches')
    await expect(page.getByLabel('Game')).toHaveValue('blox-fruits')
    await pickItem(page, 'Add an item to “I have”', haveId, haveName)
    await pickItem(page, 'Add an item to “I want”', wantId, wantName)
    await expect(page.getByRole('region', { name: 'I have' })).toContainText(haveName)
    await expect(page.getByRole('region', { name: 'I want' })).toContainText(wantName)
    await page.getByRole('checkbox', { name: /Show these lists on my profile/ }).check()
    await expectAccessible(page)
    await noSideScroll(page)
    await page.getByRole('button', { name: 'Save lists' }).click()
    await expect(page.getByText('Your lists are saved')).toBeVisible()
    // Saved: read again from the server, the lists are still there.
    await page.reload()
    await expect(page.getByRole('region', { name: 'I have' })).toContainText(haveName)
    await expect(page.getByRole('region', { name: 'I want' })).toContainText(wantName)
    await expect(page.getByRole('checkbox', { name: /Show these lists on my profile/ })).toBeChecked()
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await expect(bell).toHaveAccessibleName('Notifications')

    // Another trader posts an ad that offers what the first wants for what they have.
    const other = await traderBrowser(browser, testInfo, 'poster', poster)
    const posted = await other.context.request.post('/api/trade-ads', {
      headers: { origin: E2E_ORIGIN },
      data: {
        game: 'blox-fruits',
        offering: [{ item: wantId }],
        requesting: [{ item: haveId }],
        note: `Swap today (${s})`,
      },
    })
    expect(posted.status(), await posted.text()).toBe(201)
    const { id } = (await posted.json()) as { id: number }
    const adPath = `/trading/ad/${id}`
    await other.close()

    // The first trader is told at once, without reloading: the bell counts it and links to the ad.
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/)
    await bell.click()
    const notice = page.locator(`a[href="${adPath}"]`)
    await expect(notice).toContainText('A new trade ad matches your lists')
    await expect(notice).toContainText(`${wantName} for your ${haveName}`)
    await expectAccessible(page)
    await page.keyboard.press('Escape')

    // The matches show it with the verdict for them: the same value both ways is fair.
    await page.goto('/trading/matches?game=blox-fruits')
    const card = page.getByRole('article').filter({ hasText: poster })
    await expect(card).toBeVisible()
    await expect(card.getByRole('region', { name: 'You get' })).toContainText(wantName)
    await expect(card.getByRole('region', { name: 'You give' })).toContainText(haveName)
    await expect(card).toContainText(/For you:\s*Fair/)
    await expectAccessible(page)
    await noSideScroll(page)

    // "My trades" has the best matches too.
    await page.goto('/trading/mine')
    const section = page.getByRole('region', { name: 'Matches for my lists' })
    await expect(section.getByRole('article').filter({ hasText: poster })).toBeVisible()
    await expect(section.getByRole('link', { name: 'All matches and my lists' })).toHaveAttribute(
      'href',
      '/trading/matches',
    )

    // The lists are public: the trader's profile shows them (its last sections load when near the screen).
    await page.goto(`/u/${haver}`)
    const lists = page.getByRole('heading', { name: 'Have and want' })
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await expect(lists).toBeVisible({ timeout: 1000 })
    }).toPass()
    const blox = page.getByRole('region', { name: 'Blox Fruits: have and want' })
    await expect(blox).toContainText(haveName)
    await expect(blox).toContainText(wantName)

    // Following the match leads to the ad, where the offer is made.
    await page.goto('/trading/matches?game=blox-fruits')
    await page
      .getByRole('article')
      .filter({ hasText: poster })
      .getByRole('link', { name: /^View ad/ })
      .click()
    await expect(page).toHaveURL(new RegExp(`${adPath}$`))
    await expect(page.getByText(`Swap today (${s})`)).toBeVisible()
  })
})
