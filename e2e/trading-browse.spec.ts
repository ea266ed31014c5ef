import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, setUpHeaders, uniqueEmail } from './support/accounts'
import { scrollToEndOf } from './support/pages'

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

/**
 * The page's requests for a list of ads (GET /api/trade-ads?…, not an ad's /api/trade-ads/:id), as the
 * query strings asked for: "one request a screen", none when the server rendered the list.
 */
function listRequests(page: Page) {
  const lists: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (r.method() === 'GET' && url.pathname === '/api/trade-ads') lists.push(url.search)
  })
  return lists
}

const noSideScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()!.width)

test.describe('trade ads', () => {
  test(
    'a trader posts an ad through the form; a visitor finds it by what it has',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
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

      // A visitor finds it on /trading by "has", on the game's list: one request a screen in the browser,
      // none for the list the server rendered (it comes in the first HTML).
      await page.context().clearCookies()
      const lists = listRequests(page)
      await page.goto('/trading')
      await expect(page.getByRole('link', { name: 'Sign in to post an ad' }).first()).toBeVisible()
      const listShown = page.locator('[aria-busy="false"]').getByRole('status')
      await expect(listShown).toContainText(/open ads?/)
      expect(lists).toEqual([])
      await page.getByLabel('Game').selectOption('blox-fruits')
      await expect(page).toHaveURL(/\/trading\/blox-fruits$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blox Fruits trade ads')
      await expect(listShown).toBeVisible()
      expect(lists).toEqual(['?game=blox-fruits'])
      lists.length = 0
      await pickItem(page, 'Has an item', 'kitsune', 'Kitsune')
      await expect(page).toHaveURL(/\/trading\/blox-fruits\?has=kitsune$/)
      const card = page.getByRole('article').filter({ hasText: note })
      await expect(card).toBeVisible()
      await expect(listShown).toBeVisible()
      expect(lists).toEqual(['?game=blox-fruits&has=kitsune'])
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
      expect(lists).toEqual(['?game=blox-fruits&has=kitsune']) // and no second one since

      // The same address loaded afresh: the server rendered the list, the browser does not ask for it.
      lists.length = 0
      await page.goto('/trading/blox-fruits?has=kitsune')
      await expect(page.getByRole('article').filter({ hasText: note })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Remove the filter “Has: Kitsune”' })).toBeVisible()
      await expectAccessible(page)
      expect(lists).toEqual([])

      // "Wants" the item it has: not this ad.
      await page.goto(`/trading/blox-fruits?wants=kitsune&user=${owner}`)
      await expect(page.getByText('No open ads match these filters.')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Sign in to post an ad' }).last()).toBeVisible()
    },
  )

  test(
    'the item page and the trader profile list the open ads',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const owner = await becomeTrader(page, testInfo, 'lister')
      const note = `Looking for rares (${stamp()})`
      await postAd(page.request, {
        game: 'blox-fruits',
        offering: [{ item: 'tiger' }],
        requesting: [],
        tags: ['rares', 'overpay'],
        note,
      })
      const wantNote = `Paying Dough for Tiger (${stamp()})`
      await postAd(page.request, {
        game: 'blox-fruits',
        offering: [{ item: 'dough' }],
        requesting: [{ item: 'tiger' }],
        note: wantNote,
      })

      await page.goto('/values/blox-fruits/tiger')
      await scrollToEndOf(page.getByRole('region', { name: 'Value history' }))
      const section = page.getByRole('region', { name: 'Trade ads' })
      await section.scrollIntoViewIfNeeded()
      const has = section.getByRole('region', { name: 'Have Tiger' })
      await expect(has.getByRole('article').filter({ hasText: note })).toBeVisible()
      await expect(has.getByRole('article').filter({ hasText: wantNote })).toHaveCount(0)
      // "Want": the ads that ask for the item, not those that offer it.
      const want = section.getByRole('region', { name: 'Want Tiger' })
      const wanted = want.getByRole('article').filter({ hasText: wantNote })
      await expect(wanted).toBeVisible()
      await expect(wanted.getByRole('link', { name: owner })).toHaveAttribute('href', `/u/${owner}`)
      await expect(wanted.getByRole('link', { name: 'Tiger' })).toHaveAttribute(
        'href',
        '/values/blox-fruits/tiger',
      )
      await expect(want.getByRole('article').filter({ hasText: note })).toHaveCount(0)
      await expect(section.getByRole('link', { name: 'Post an ad' })).toHaveAttribute(
        'href',
        '/trading/new?game=blox-fruits',
      )
      await expectAccessible(page)

      await page.goto(`/u/${owner}`)
      await scrollToEndOf(page.getByRole('region', { name: /^Favorite items/ }))
      const ads = page.getByRole('region', { name: 'Trade ads' })
      await ads.scrollIntoViewIfNeeded()
      const card = ads.getByRole('article').filter({ hasText: note })
      await expect(card).toContainText('Blox Fruits')
      await expect(card).toContainText('Rares')
      // The owner sees their own verdict, not a taker's.
      await expect(card).toContainText('Your verdict:')
      await expect(card).toContainText('No particular items')
      await expectAccessible(page)
    },
  )

  test('the owner closes an ad and it leaves /trading; relisted, it is back', async ({
    page,
    playwright,
  }, testInfo) => {
    test.slow() // an account, and the list read four times
    const owner = await becomeTrader(page, testInfo, 'closer')
    const note = `Closing soon (${stamp()})`
    const id = await postAd(page.request, {
      game: 'blox-fruits',
      offering: [{ item: 'west-dragon' }],
      requesting: [{ item: 'dough' }],
      note,
    })
    const ownersList = `/trading/blox-fruits?user=${owner}`
    const listed = async (open: boolean) => {
      await page.goto(ownersList)
      const card = page.getByRole('article').filter({ hasText: note })
      if (open) await expect(card).toBeVisible()
      else await expect(page.getByText('No open ads match these filters.')).toBeVisible()
      await expect(card).toHaveCount(open ? 1 : 0)
    }
    await listed(true)

    // Closed on the ad's page: it says so, offers Relist, and the list no longer has it.
    await page.goto(`/trading/ad/${id}`)
    const details = page.getByRole('main')
    await expect(details.getByText('Open', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Close the ad' }).click()
    await expect(page.getByText('Ad closed')).toBeVisible()
    await expect(details.getByText('Closed', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Relist' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close the ad' })).toHaveCount(0)
    await expectAccessible(page)
    await listed(false)

    // Relisted from My trades: open again, and back on the list.
    await page.goto('/trading/mine')
    const mine = page
      .getByRole('region', { name: /^My ads/ })
      .getByRole('article')
      .filter({ hasText: note })
    await expect(mine.getByText('Closed', { exact: true })).toBeVisible()
    await mine.getByRole('button', { name: /^Relist/ }).click()
    await expect(page.getByText('Ad listed again')).toBeVisible()
    await expect(mine.getByText('Open', { exact: true })).toBeVisible()
    await expect(mine.getByRole('button', { name: /^Close the ad/ })).toBeVisible()
    await expectAccessible(page)
    await listed(true)

    // The other way round: closed from My trades (the button names the ad), relisted on its page.
    await page.goto('/trading/mine')
    await mine.getByRole('button', { name: 'Close the ad (West Dragon)' }).click()
    await expect(mine.getByText('Closed', { exact: true })).toBeVisible()
    await expect(mine.getByRole('button', { name: 'Relist (West Dragon)' })).toBeVisible()
    await listed(false)
    await page.goto(`/trading/ad/${id}`)
    await expect(details.getByText('Closed', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Relist' }).click()
    await expect(page.getByText('Ad listed again')).toBeVisible()
    await expect(details.getByText('Open', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close the ad' })).toBeVisible()
    await listed(true)

    // With an offer pending, Close asks first: the offer would be declined.
    const other = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    await createUser(other, uniqueEmail(testInfo, 'offerer'), `offerer_${stamp()}`)
    const offered = await other.post(`/api/trade-ads/${id}/offers`, { headers: setUpHeaders(), data: {} })
    expect(offered.status(), await offered.text()).toBe(201)
    await other.dispose()
    await page.goto(`/trading/ad/${id}`)
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible()
    await page.getByRole('button', { name: 'Close the ad' }).click()
    const question = page.getByRole('group', { name: 'Close it and decline its pending offer?' })
    await question.getByRole('button', { name: 'Cancel' }).click()
    await expect(details.getByText('Open', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Close the ad' }).click()
    await expectAccessible(page)
    await question.getByRole('button', { name: 'Close and decline' }).click()
    await expect(page.getByText('Ad closed')).toBeVisible()
    await expect(details.getByText('Closed', { exact: true })).toBeVisible()
    await expect(page.getByText('Declined', { exact: true })).toBeVisible()
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
