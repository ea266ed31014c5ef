import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, setUpHeaders, uniqueEmail } from './support/accounts'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

/** Signs the page's browser out and in as a new verified trader with a username; answers the username. */
async function becomeTrader(page: Page, testInfo: TestInfo, name: string) {
  await page.context().clearCookies()
  const username = `${name}_${stamp()}`
  await createUser(page.request, uniqueEmail(testInfo, name), username)
  return username
}

/** An ad posted through the API by the trader signed in on `request`; answers its id. */
async function postAd(request: APIRequestContext, ad: Record<string, unknown>) {
  const res = await request.post('/api/trade-ads', { headers: setUpHeaders(), data: ad })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: number }).id
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

test.describe('trade ads', { tag: '@phone' }, () => {
  test('a trader posts an ad through the form; a visitor finds it by what it has', async ({
    page,
  }, testInfo) => {
    test.slow() // an account, an ad, and the list
    const owner = await becomeTrader(page, testInfo, 'poster')
    const note = `Fast trade, on now (${stamp()})`

    await page.goto('/trading/new?game=blox-fruits')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post a trade ad')
    await expect(page.getByLabel('Game')).toHaveValue('blox-fruits')
    const offer = page.getByRole('region', { name: 'You offer' })
    await pickItem(page, 'Add an item to “You offer”', 'kitsune', 'Kitsune')
    await offer.getByLabel('Quantity of Kitsune').fill('2')
    await pickItem(page, 'Add an item to “You want”', 'dough', 'Dough')
    // Live totals and the verdict, by the calculator's rule.
    await expect(offer.getByText(/^Kitsune$/)).toBeVisible()
    await expect(page.getByText('Your verdict:')).toBeVisible()
    await expect(page.getByText('Your verdict:').locator('..')).toContainText(/Win|Fair|Loss/)
    await page.getByRole('checkbox', { name: 'Adds' }).check()
    await page.getByLabel('Note (optional)').fill(note)
    await page.getByRole('radio', { name: '12 hours' }).check({ force: true })
    await expectAccessible(page)
    await noSideScroll(page)
    await page.getByRole('button', { name: 'Post ad' }).click()
    await expect(page).toHaveURL(/\/trading\/ad\/\d+$/)
    await expect(page.getByText('Your ad is posted')).toBeVisible()
    // The owner's offers are read in the browser: signing out before they are would answer a 401.
    await expect(page.getByRole('heading', { name: 'Offers (0)' })).toBeVisible()

    // A visitor finds it on /trading by "has", on the game's list.
    await page.context().clearCookies()
    await page.goto('/trading')
    await expect(page.getByRole('link', { name: 'Sign in to post an ad' }).first()).toBeVisible()
    await page.getByLabel('Game').selectOption('blox-fruits')
    await expect(page).toHaveURL(/\/trading\/blox-fruits$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blox Fruits trade ads')
    await pickItem(page, 'Has an item', 'kitsune', 'Kitsune')
    await expect(page).toHaveURL(/\/trading\/blox-fruits\?has=kitsune$/)
    const card = page.getByRole('article').filter({ hasText: note })
    await expect(card).toBeVisible()
    await expect(card.getByRole('link', { name: owner })).toHaveAttribute('href', `/u/${owner}`)
    await expect(card.getByRole('heading', { name: 'Kitsune ×2' })).toBeVisible()
    await expect(card.getByRole('link', { name: 'Dough' })).toHaveAttribute(
      'href',
      '/values/blox-fruits/dough',
    )
    await expect(card).toContainText('Adds')
    // 12 hours, counted from the minute the page was rendered in.
    await expect(card).toContainText(/ends in 1[12] h/)
    await expect(card).toContainText('No offers yet')
    // Kitsune ×2 for a Dough: a win for whoever takes it.
    await expect(card).toContainText(/For you:\s*Win/)
    await expectAccessible(page)
    await noSideScroll(page)

    // "Wants" the item it has: not this ad.
    await page.goto(`/trading/blox-fruits?wants=kitsune&user=${owner}`)
    await expect(page.getByText('No open ads match these filters.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sign in to post an ad' }).last()).toBeVisible()
  })

  test('the item page and the trader profile list the open ads', async ({ page }, testInfo) => {
    const owner = await becomeTrader(page, testInfo, 'lister')
    const note = `Looking for rares (${stamp()})`
    await postAd(page.request, {
      game: 'blox-fruits',
      offering: [{ item: 'tiger' }],
      requesting: [],
      tags: ['rares', 'overpay'],
      note,
    })

    await page.goto('/values/blox-fruits/tiger')
    const section = page.getByRole('region', { name: 'Trade ads' })
    await section.scrollIntoViewIfNeeded()
    const has = section.getByRole('region', { name: 'Have Tiger' })
    await expect(has.getByRole('article').filter({ hasText: note })).toBeVisible()
    await expect(section.getByRole('link', { name: 'Post an ad' })).toHaveAttribute(
      'href',
      '/trading/new?game=blox-fruits',
    )
    await expectAccessible(page)

    await page.goto(`/u/${owner}`)
    const ads = page.getByRole('region', { name: 'Trade ads' })
    await ads.scrollIntoViewIfNeeded()
    const card = ads.getByRole('article').filter({ hasText: note })
    await expect(card).toContainText('Blox Fruits')
    await expect(card).toContainText('Rares')
    // The owner sees their own verdict, not a taker's.
    await expect(card).toContainText('Your verdict:')
    await expect(card).toContainText('No particular items')
    await expectAccessible(page)
  })
})

test('the ads are in the first HTML, without JavaScript; /trading-options leads to /trading', async ({
  page,
  browser,
}, testInfo) => {
  const owner = await becomeTrader(page, testInfo, 'nojs')
  const note = `Server rendered (${stamp()})`
  await postAd(page.request, {
    game: 'grow-a-garden',
    offering: [{ item: 'candy-blossom' }],
    requesting: [{ item: 'raccoon', quantity: 2 }],
    note,
  })
  const context = await browser.newContext({ javaScriptEnabled: false })
  const visitor = await context.newPage()
  await visitor.goto(`/trading/grow-a-garden?user=${owner}`)
  const card = visitor.getByRole('article').filter({ hasText: note })
  await expect(card).toBeVisible()
  await expect(card.getByRole('link', { name: owner })).toBeVisible()
  await expect(card).toContainText('Candy Blossom')
  await expect(card).toContainText('Raccoon')
  await expect(card).toContainText('×2')
  await context.close()

  await page.goto('/trading-options')
  await expect(page).toHaveURL(/\/trading$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade ads')
})
