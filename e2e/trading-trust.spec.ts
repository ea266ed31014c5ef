import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { addRobloxUser, setRobloxAbout } from './support/roblox'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`
const headers = { origin: E2E_ORIGIN }

/** Another trader (or a visitor: no username) in a browser of their own, at the project's screen. */
async function browserOf(browser: Browser, testInfo: TestInfo, name: string, username?: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  await context.addInitScript(() => localStorage.setItem('tradehub:feed', 'off'))
  if (username) await createUser(context.request, uniqueEmail(testInfo, name), username)
  return { page: waitForAppOnLoad(await context.newPage()), close: () => context.close() }
}

/** Posts an ad (Kitsune for a West Dragon) as the signed-in trader of `api`; its id. */
async function postAd(api: APIRequestContext): Promise<number> {
  const res = await api.post('/api/trade-ads', {
    headers,
    data: { game: 'blox-fruits', offering: [{ item: 'kitsune' }], requesting: [{ item: 'west-dragon' }] },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

/** Verifies the Roblox account `name` for the signed-in trader of `api`, against the stand-in. */
async function verifyRoblox(api: APIRequestContext, name: string, displayName: string) {
  const roblox = await addRobloxUser(api, name, displayName)
  const started = await api.post('/api/verification/roblox', { headers, data: { username: name } })
  expect(started.status(), await started.text()).toBe(201)
  const { phrase } = (await started.json()) as { phrase: string }
  await setRobloxAbout(api, roblox.id, phrase)
  const checked = await api.post('/api/verification/roblox/check', { headers })
  expect(checked.status(), await checked.text()).toBe(200)
}

const decide = async (api: APIRequestContext, offerId: number, decision: string) => {
  const res = await api.post(`/api/trade-offers/${offerId}/${decision}`, { headers })
  expect(res.status(), await res.text()).toBe(200)
}

/** Nothing wider than the screen (a phone's 390 px). */
const noSideScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()!.width)

/** The ad's card in a list, by its owner. */
const cardOf = (page: Page, owner: string) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name: owner, exact: true }) })

test.describe('trust in the marketplace', { tag: '@phone' }, () => {
  test('a verified trader’s ad shows the badge with the Roblox name, and the verified-only filter keeps it', async ({
    page,
    browser,
  }, testInfo) => {
    const s = stamp()
    const [seller, other] = [`ver_${s}`, `unv_${s}`]
    const robloxName = `Seller${testInfo.project.name.slice(0, 3)}${s}`
    await createUser(page.request, uniqueEmail(testInfo, 'verified'), seller)
    await verifyRoblox(page.request, robloxName, 'Kitsune Seller')
    const adId = await postAd(page.request)
    const unverified = await browserOf(browser, testInfo, 'unverified', other)
    await postAd(unverified.page.request)
    await unverified.close()

    const visitor = await browserOf(browser, testInfo, 'visitor')
    const v = visitor.page
    await v.goto(`/trading?user=${seller}`)
    await v.getByText('Verified traders only').click()
    await expect(v).toHaveURL(/[?&]verified=1/)
    const card = cardOf(v, seller)
    await expect(card).toHaveCount(1)
    await expect(card.getByText('Verified', { exact: true })).toBeVisible()
    await expect(card).toContainText(`Kitsune Seller (@${robloxName})`)
    await noSideScroll(v)
    await expectAccessible(v)

    // The server renders the filtered list as well; an unverified trader's ad is not in it.
    await v.goto(`/trading?user=${other}&verified=1`)
    await expect(v.getByText('No open ads match these filters.')).toBeVisible()
    await v.goto(`/trading?user=${other}`)
    await expect(cardOf(v, other)).toHaveCount(1)
    await expect(cardOf(v, other).getByText('Verified', { exact: true })).toHaveCount(0)

    await v.goto(`/trading/ad/${adId}`)
    const details = v.getByRole('main')
    await expect(details.getByText(`Kitsune Seller (@${robloxName})`)).toBeVisible()
    await noSideScroll(v)
    await expectAccessible(v)
    await visitor.close()
  })

  test('after a trade both confirmed, each trader reviews the other and the rating shows on the chip', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // two traders, two browsers
    const s = stamp()
    const [owner, buyer] = [`rvo_${s}`, `rvb_${s}`]
    await createUser(page.request, uniqueEmail(testInfo, 'owner'), owner)
    const adId = await postAd(page.request)
    const b = await browserOf(browser, testInfo, 'buyer', buyer)
    const offered = await b.page.request.post(`/api/trade-ads/${adId}/offers`, { headers, data: {} })
    expect(offered.status(), await offered.text()).toBe(201)
    const { id: offerId } = (await offered.json()) as { id: number }
    await decide(page.request, offerId, 'accept')
    await decide(page.request, offerId, 'complete')
    await decide(b.page.request, offerId, 'complete')

    // The owner reviews on the ad's page: the stars are a labelled radio group, the comment counted.
    await page.goto(`/trading/ad/${adId}`)
    const form = page.getByRole('form', { name: `Rate your trade with ${buyer}` })
    await form.scrollIntoViewIfNeeded()
    await form.getByRole('button', { name: 'Send review' }).click()
    await expect(form.getByText('Choose a rating')).toBeVisible()
    await form.getByRole('radio', { name: '4 stars' }).check()
    await form.getByLabel('Comment (optional)').fill('Smooth trade')
    await expect(form.getByText('12 / 500')).toBeVisible()
    await expectAccessible(page)
    await form.getByRole('button', { name: 'Send review' }).click()
    await expect(page.getByText('You rated this trade 4/5.')).toBeVisible()
    await expect(form).toHaveCount(0)

    const said = await page.request.post(`/api/trade-offers/${offerId}/messages`, {
      headers,
      data: { body: 'Thanks, good trade' },
    })
    expect(said.status(), await said.text()).toBe(201)

    // The buyer finds it in "My trades" and reviews from there.
    await b.page.goto('/trading/mine')
    const review = b.page.getByRole('link', { name: `Review your trade with ${owner}` })
    await review.scrollIntoViewIfNeeded()
    await expectAccessible(b.page)
    await review.click()
    await expect(b.page).toHaveURL(new RegExp(`/trading/ad/${adId}\\?offer=${offerId}`))
    const buyersForm = b.page.getByRole('form', { name: `Rate your trade with ${owner}` })
    await buyersForm.scrollIntoViewIfNeeded()
    await buyersForm.getByRole('radio', { name: '5 stars' }).check()
    await buyersForm.getByRole('button', { name: 'Send review' }).click()
    await expect(b.page.getByText('You rated this trade 5/5.')).toBeVisible()
    // The owner's chip on the ad shows the new rating.
    const main = b.page.getByRole('main')
    await expect(main.getByText('(1 review)')).toBeVisible()
    await expect(main).toContainText('5.0 out of 5')
    await expect(b.page.getByRole('link', { name: `Review your trade with ${owner}` })).toHaveCount(0)

    // The conversation (open from the link): the owner's message can be reported; Block is at its head.
    const conversation = b.page.getByRole('region', { name: `Conversation with ${owner}` })
    await expect(conversation.getByRole('button', { name: `Block ${owner}` })).toBeVisible()
    const message = conversation.getByRole('listitem').filter({ hasText: 'Thanks, good trade' })
    await message.getByRole('button', { name: 'Report' }).click()
    const dialog = b.page.getByRole('dialog', { name: `Report this message from ${owner}` })
    await dialog.getByRole('radio', { name: 'Spam' }).check()
    await expectAccessible(b.page)
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await expect(b.page.getByText('Report sent')).toBeVisible()

    // Read again later: the review is remembered, no form.
    await page.reload()
    await expect(page.getByText('You rated this trade.')).toBeVisible()
    await expect(page.getByRole('form', { name: `Rate your trade with ${buyer}` })).toHaveCount(0)
    await b.close()
  })

  test('blocking the owner from the ad hides their ads from the blocker until they unblock', async ({
    page,
    browser,
  }, testInfo) => {
    const s = stamp()
    const [owner, viewer] = [`blo_${s}`, `blv_${s}`]
    const o = await browserOf(browser, testInfo, 'owner', owner)
    const adId = await postAd(o.page.request)
    await o.close()
    await createUser(page.request, uniqueEmail(testInfo, 'viewer'), viewer)

    await page.goto(`/trading/ad/${adId}`)
    await expect(page.getByRole('button', { name: 'Offer as requested' })).toBeVisible()
    await page.getByRole('button', { name: `Block ${owner}` }).click()
    await page.getByRole('button', { name: 'Block', exact: true }).click()
    await expect(page.getByText('You blocked this trader.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Offer as requested' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Make a counter-offer' })).toHaveCount(0)
    await expectAccessible(page)

    await page.goto(`/trading?user=${owner}`)
    await expect(page.getByText('No open ads match these filters.')).toBeVisible()
    await expect(cardOf(page, owner)).toHaveCount(0)

    await page.goto(`/trading/ad/${adId}`)
    await page.getByRole('button', { name: `Unblock ${owner}` }).click()
    await expect(page.getByRole('button', { name: 'Offer as requested' })).toBeVisible()
    await page.goto(`/trading?user=${owner}`)
    await expect(cardOf(page, owner)).toHaveCount(1)
  })

  test('reporting an ad from its page: a reason, Send report, and only once', async ({
    page,
    browser,
    allowConsoleError,
  }, testInfo) => {
    allowConsoleError(/status of 409/) // the second report
    const s = stamp()
    const [owner, reporter] = [`rpo_${s}`, `rpr_${s}`]
    const o = await browserOf(browser, testInfo, 'owner', owner)
    const adId = await postAd(o.page.request)
    await o.close()
    await createUser(page.request, uniqueEmail(testInfo, 'reporter'), reporter)

    await page.goto(`/trading/ad/${adId}`)
    await page.getByRole('button', { name: 'Report the ad' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this ad' })
    await dialog.getByRole('radio', { name: 'Scam' }).check()
    await dialog.getByLabel('What happened? (optional)').fill('Asked me to give first')
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await expect(page.getByText('Report sent')).toBeVisible()
    await expect(dialog).toHaveCount(0)

    await page.getByRole('button', { name: 'Report the ad' }).click()
    await dialog.getByRole('radio', { name: 'Spam' }).check()
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await expect(dialog.getByText('You already reported this')).toBeVisible()
  })
})
