import type { APIRequestContext, Browser, TestInfo } from '@playwright/test'
import sharp from 'sharp'
import { expect, expectAccessible, isHydrationError, test, waitForAppOnLoad } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`
const headers = { origin: E2E_ORIGIN }

/** Another person in a browser of their own (the project's screen), signed in with a username. */
async function personBrowser(browser: Browser, testInfo: TestInfo, email: string, username: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  await context.addInitScript(() => localStorage.setItem('tradehub:feed', 'off'))
  await createUser(context.request, email, username)
  const page = waitForAppOnLoad(await context.newPage())
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return { page, errors, close: () => context.close() }
}

async function post(api: APIRequestContext, path: string, data: unknown = {}) {
  const res = await api.post(path, { headers, data })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as { id: number }
}

test.describe('the dispute center', { tag: '@phone' }, () => {
  test('a trader disputes a completed trade with a screenshot, the other answers, a moderator upholds it', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // three people, three browsers
    const s = stamp()
    const [buyer, seller, mod] = [`dbuy_${s}`, `dsel_${s}`, `dmod_${s}`]

    // The trade, through the API: the seller's ad, the buyer's offer, accepted and completed by both.
    await createUser(page.request, uniqueEmail(testInfo, 'buyer'), buyer)
    const other = await personBrowser(browser, testInfo, uniqueEmail(testInfo, 'seller'), seller)
    const { id: adId } = await post(other.page.request, '/api/trade-ads', {
      game: 'blox-fruits',
      offering: [{ item: 'kitsune' }],
      requesting: [{ item: 'west-dragon' }],
    })
    const { id: offerId } = await post(page.request, `/api/trade-ads/${adId}/offers`)
    await post(other.page.request, `/api/trade-offers/${offerId}/accept`)
    await post(other.page.request, `/api/trade-offers/${offerId}/complete`)
    await post(page.request, `/api/trade-offers/${offerId}/complete`)

    // The dispute center explains, and lists no dispute yet.
    await page.goto('/dispute-center')
    await expect(page.getByRole('heading', { level: 1, name: 'Dispute center' })).toBeVisible()
    await expect(page.getByText('You have no disputes.', { exact: false })).toBeVisible()
    await expect(page.getByRole('main').getByText('Soon', { exact: true })).toHaveCount(0)
    await expectAccessible(page)

    // From My trades, the buyer opens a dispute with a screenshot.
    await page.goto('/trading/mine')
    const sent = page.getByRole('region', { name: /^Offers I sent/ })
    await sent.getByRole('link', { name: `Open a dispute on your trade with ${seller}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Open a dispute' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/dispute-center/new\\?offer=${offerId}$`))
    await page.getByLabel('What went wrong').selectOption('not-received')
    await page.getByLabel('What happened').fill('I gave my West Dragon, the Kitsune never came. <b>Help</b>')
    const png = await sharp({
      create: { width: 800, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer()
    await page
      .getByLabel('Screenshot (optional)')
      .setInputFiles({ name: 'trade.png', mimeType: 'image/png', buffer: png })
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Open the dispute' }).click()
    await expect(page).toHaveURL(/\/dispute-center\/\d+$/)
    const disputePath = new URL(page.url()).pathname
    await expect(page.getByText('I gave my West Dragon, the Kitsune never came. <b>Help</b>')).toBeVisible()
    const evidence = page.getByRole('list', { name: 'Evidence images' }).getByRole('img')
    await expect(evidence).toHaveCount(1)
    await expect(evidence).toHaveAccessibleName(`Evidence 1 from ${buyer}`)
    await expect
      .poll(() => evidence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(800)
    await expectAccessible(page)

    // The seller is notified and answers.
    await other.page.goto(disputePath)
    await expect(other.page.getByText('Items not received')).toBeVisible()
    await other.page.getByLabel('Your answer').fill('I sent it, check the trade log.')
    await other.page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(other.page.getByRole('list', { name: 'Messages' })).toContainText(
      'I sent it, check the trade log.',
    )
    // The seller's own message is theirs: "You", not "(other trader)".
    await expect(
      other.page.getByRole('list', { name: 'Messages' }).getByText('You', { exact: true }),
    ).toBeVisible()
    await expect(other.page.getByRole('list', { name: 'Messages' })).not.toContainText('(other trader)')
    await expectAccessible(other.page)

    // The buyer reads the answer.
    await page.reload()
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('(other trader)')

    // A moderator finds it in the queue and upholds it.
    const modEmail = uniqueEmail(testInfo, 'mod')
    const m = await personBrowser(browser, testInfo, modEmail, mod)
    await grantRole(modEmail, 'moderator')
    await m.page.goto('/admin/disputes')
    await expect(m.page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible()
    await expectAccessible(m.page)
    await m.page.goto(disputePath)
    await m.page.getByLabel(`Upheld: ${seller} was in the wrong`).check()
    await m.page.getByLabel('Note to both traders').fill('The trade log shows nothing was sent.')
    await m.page.getByRole('button', { name: 'Record the decision' }).click()
    await expect(m.page.getByText('Upheld by a moderator', { exact: false })).toBeVisible()
    await expect(m.page.getByText('The trade log shows nothing was sent.')).toBeVisible()
    await expectAccessible(m.page)

    // The buyer sees it upheld in My disputes; the seller's profile shows it.
    await page.goto('/dispute-center')
    const mine = page.getByRole('list', { name: 'My disputes' })
    await expect(mine.getByText('Upheld', { exact: true })).toBeVisible()
    await page.goto(`/u/${seller}`)
    await expect(page.getByText('1 dispute upheld')).toBeVisible()
    await expectAccessible(page)

    for (const o of [other, m]) {
      expect(o.errors.filter(isHydrationError)).toEqual([])
      expect(o.errors).toEqual([])
      await o.close()
    }
  })
})
