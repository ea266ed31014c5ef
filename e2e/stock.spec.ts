import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { stockManagerRole } from '../src/features/roles/rules'
import type { StockGameId } from '../src/shared/games'
import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { grantRole, revokeRole } from './support/roles'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`
/** A quantity no earlier run posted in this window, so each test's stock is new. */
const quantity = () => 100 + Math.floor(Math.random() * 900)
const LIVE = 'Live: restocks appear as they are reported'

/**
 * A verified user (signed in on `api`: a page's `page.request`, or a request context) who manages the
 * stock of `game`. Returns the username, which reports show as their source.
 */
async function stockManager(api: APIRequestContext, testInfo: TestInfo, game: StockGameId) {
  const email = uniqueEmail(testInfo, `stock-${game}`)
  const username = `sm_${stamp()}`
  await createUser(api, email, username)
  await grantRole(email, stockManagerRole(game))
  return username
}

async function postStock(
  api: APIRequestContext,
  game: StockGameId,
  shop: string,
  items: { item: string; quantity?: number }[],
  headers: Record<string, string> = {},
) {
  const res = await api.post(`/api/stock/${game}/reports`, { headers, data: { shop, items } })
  expect(res.status(), await res.text()).toBeLessThan(300)
  return (await res.json()) as { report: { windowStart: string; windowEnd: string }; created: boolean }
}

interface StockBody {
  shops: { id: string; report: { windowStart: string; source: { name: string } } | null }[]
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

// The desktop and phone projects run these at the same time against one server: where a journey's
// stock must stay on show, each project uses a shop of its own.
const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone'

test.describe('stock trackers', () => {
  test(
    'a stock manager publishes seeds; a stock page already open shows them without reload',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.slow() // two browser contexts, two accounts
      const shop = isPhone(testInfo)
        ? { id: 'gear', name: 'Gear Shop', item: 'Watering Can' }
        : // The Seed Shop is the alert and feed journeys' (they publish Beanstalk there).
          { id: 'event', name: 'Event Shop', item: 'Carrot' }

      // A trader has the stock page open, following the live stream.
      const viewerContext = await browser.newContext({ baseURL: E2E_ORIGIN, viewport: page.viewportSize() })
      const viewer = waitForAppOnLoad(await viewerContext.newPage())
      // The viewer's clock runs as usual; once the stock is published it is set inside the stock's window,
      // so a restock of the real clock (every 5 min) during the test cannot turn it into the previous one.
      await viewer.clock.install()
      await viewer.goto('/grow-a-garden-stock')
      await expect(viewer.getByText(LIVE)).toBeVisible()
      await viewer.evaluate(() => {
        ;(window as unknown as { notReloaded: boolean }).notReloaded = true
      })

      // The stock manager builds the stock: the type-ahead, a quantity, Publish.
      const username = await stockManager(page.request, testInfo, 'grow-a-garden')
      await page.goto(`/stock-management?game=grow-a-garden&shop=${shop.id}`)
      const editor = page.getByRole('form', { name: `Stock of the ${shop.name}` })
      await editor.getByRole('combobox', { name: `Add an item to the ${shop.name}` }).fill(shop.item)
      await page
        .getByRole('option', { name: new RegExp(`^${shop.item}`) })
        .first()
        .click()
      const qty = quantity()
      await editor.getByLabel(`Quantity of ${shop.item}`).fill(String(qty))
      await expectAccessible(page)
      await editor.getByRole('button', { name: 'Publish' }).click()
      await expect(page.getByText('Stock published')).toBeVisible()
      await expect(page.getByRole('region', { name: 'Last reports' })).toContainText(
        `by ${username} (stock manager)`,
      )

      // The open page shows it, pushed: no reload.
      const published = await page.request.get('/api/stock/grow-a-garden')
      const report = ((await published.json()) as StockBody).shops.find((s) => s.id === shop.id)?.report
      expect(report?.source.name).toBe(username)
      await viewer.clock.setSystemTime(Date.parse(report!.windowStart) + 10_000)
      const shown = card(viewer, shop.name)
      await expect(shown.getByRole('list', { name: `${shop.name}: in stock now` })).toContainText(shop.item)
      await expect(shown).toContainText(`×${qty}`)
      await expect(shown).toContainText(new RegExp(`reported \\d+ s ago by ${username}`))
      expect(await viewer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      )
      await expectAccessible(viewer)
      await viewerContext.close()
    },
  )

  test('a countdown reaching zero shows Restocking… and the stock as the previous one', async ({
    page,
    request,
  }, testInfo) => {
    await stockManager(request, testInfo, 'grow-a-garden')
    const shop = { id: 'eggs', name: 'Egg Shop', item: 'common-egg' }
    const { report } = await postStock(request, 'grow-a-garden', shop.id, [
      { item: shop.item, quantity: quantity() },
    ])

    // The browser's clock starts a minute into the report's window; then it is moved, never waited for.
    const windowEnd = Date.parse(report.windowEnd)
    await page.clock.install({ time: Date.parse(report.windowStart) + 60_000 })
    await page.goto('/grow-a-garden-stock')
    const shown = card(page, shop.name)
    await expect(shown.getByRole('list', { name: `${shop.name}: in stock now` })).toBeVisible()
    await expect(shown.getByText('Next restock in')).toBeVisible()

    await page.clock.fastForward(windowEnd - (await page.evaluate(() => Date.now())) + 1_000)
    await expect(shown.getByText('Restocking…')).toBeVisible()
    await expect(shown.getByText('Next restock in')).toBeHidden()
    await expect(shown).toContainText(/Previous stock\. Restocked 0:0\d ago — waiting for the new stock/)
    await expect(shown.getByRole('list', { name: `${shop.name}: previous stock` })).toBeVisible()
    await expectAccessible(page)

    // Still no report well into the window: the countdown is back, the stock still the previous one.
    await page.clock.fastForward('03:00')
    await expect(shown.getByText('Next restock in')).toBeVisible()
    await expect(shown.getByText('Restocking…')).toBeHidden()
    await expect(shown.getByRole('list', { name: `${shop.name}: previous stock` })).toBeVisible()
  })

  test('Blox Fruits: the normal and the mirage dealers show the posted stock with values', async ({
    page,
    request,
  }, testInfo) => {
    await stockManager(request, testInfo, 'blox-fruits')
    const stock = { normal: ['Kitsune', 'Bomb'], mirage: ['Dough', 'Spike'] }
    // The dealers have no quantities: a fruit is on sale or not.
    const itemsOf = (names: string[]) => names.map((name) => ({ item: name.toLowerCase() }))

    await page.goto('/blox-fruits-stock')
    await expect(page.getByText(LIVE)).toBeVisible()
    const normal = card(page, 'Blox Fruit Dealer')
    const mirage = card(page, 'Mirage Dealer')
    // Both projects post to the same two dealers at about the same time: post this test's stock (the
    // same stock again changes nothing) until the page, updated live, shows it.
    await expect(async () => {
      await postStock(request, 'blox-fruits', 'normal', itemsOf(stock.normal))
      await postStock(request, 'blox-fruits', 'mirage', itemsOf(stock.mirage))
      const fast = { timeout: 3_000 }
      for (const fruit of stock.normal)
        await expect(normal.getByRole('list', { name: 'Blox Fruit Dealer: in stock now' })).toContainText(
          fruit,
          fast,
        )
      for (const fruit of stock.mirage)
        await expect(mirage.getByRole('list', { name: 'Mirage Dealer: in stock now' })).toContainText(
          fruit,
          fast,
        )
    }).toPass({ timeout: 30_000 })
    for (const dealer of [normal, mirage]) {
      await expect(dealer.getByText('Next restock in')).toBeVisible()
      await expect(dealer.getByText('Value').first()).toBeVisible()
      await expect(dealer.getByText(/Beli/).first()).toBeVisible()
      await expect(dealer.getByText(/Robux/).first()).toBeVisible()
      await expect(dealer).not.toContainText('×')
    }
    await expect(normal.getByRole('link', { name: stock.normal[0] })).toHaveAttribute(
      'href',
      `/values/blox-fruits/${stock.normal[0]!.toLowerCase()}`,
    )
    await expectAccessible(page)
  })

  test('a bot posts with a new ingest token; the manager corrects its stock; the token, revoked, is refused', async ({
    page,
    request,
  }, testInfo) => {
    test.slow()
    // A visit of its own: the other journeys publish to the clock shops meanwhile.
    const shop = { id: 'traveling-merchant', name: 'Traveling Merchant' }
    await stockManager(page.request, testInfo, 'grow-a-garden')
    await page.goto(`/stock-management?game=grow-a-garden&shop=${shop.id}`)
    const tokens = page.getByRole('region', { name: 'Ingest tokens for Grow a Garden' })
    const name = `e2e-bot-${stamp()}`
    await tokens.getByLabel('Token name').fill(name)
    await tokens.getByRole('button', { name: 'Create token' }).click()
    const secret = await tokens.getByLabel('New ingest token').inputValue()
    expect(secret.length).toBeGreaterThanOrEqual(32)
    await expect(tokens.getByRole('list', { name: 'Tokens' })).toContainText(name)
    await expectAccessible(page)

    // The bot: no session, only the token.
    const qty = quantity()
    const bearer = { authorization: `Bearer ${secret}` }
    const { created } = await postStock(
      request,
      'grow-a-garden',
      shop.id,
      [{ item: 'carrot', quantity: qty }],
      bearer,
    )
    expect(created).toBe(true)

    // The manager's page gets it live; so does the public page.
    const current = page.getByRole('region', { name: 'Current stock' })
    await expect(current).toContainText(`×${qty}`)
    await expect(current).toContainText(`by ${name}`)

    // "Correct" loads it into the editor; the same stock again changes nothing; other stock corrects it.
    const editor = page.getByRole('form', { name: `Stock of the ${shop.name}` })
    await current.getByRole('button', { name: 'Correct' }).click()
    await expect(editor.getByLabel('Quantity of Carrot')).toHaveValue(String(qty))
    await editor.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Same as the current stock: nothing changed')).toBeVisible()
    const corrected = qty === 999 ? 998 : qty + 1
    await current.getByRole('button', { name: 'Correct' }).click()
    await editor.getByLabel('Quantity of Carrot').fill(String(corrected))
    await editor.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Stock published')).toBeVisible()
    await expect(current).toContainText(`×${corrected}`)
    await expect(current).toContainText('corrected')

    await page.goto('/grow-a-garden-stock')
    const shown = card(page, shop.name)
    await expect(shown.getByRole('list', { name: `${shop.name}: in stock now` })).toContainText('Carrot')
    await expect(shown).toContainText(`×${corrected}`)
    await expect(shown).toContainText(/reported \d+ s ago by \S+ · corrected/)

    // The list says when the token was last used; revoked (after a confirmation), it is refused.
    await page.goto(`/stock-management?game=grow-a-garden&shop=${shop.id}`)
    const row = tokens.getByRole('listitem').filter({ hasText: name })
    await expect(row).toContainText('last used')
    await row.getByRole('button', { name: `Revoke ${name}` }).click()
    await row.getByRole('button', { name: 'Revoke', exact: true }).click()
    await expect(page.getByText(`${name} revoked`, { exact: true })).toBeVisible()
    await expect(row).toContainText('Revoked')
    const refused = await request.post('/api/stock/grow-a-garden/reports', {
      headers: bearer,
      data: { shop: shop.id, items: [{ item: 'carrot', quantity: qty }] },
    })
    expect([401, 403]).toContain(refused.status())
  })

  test('a token whose creator no longer manages the game says so on one line on a phone', async ({
    page,
    playwright,
  }, testInfo) => {
    await stockManager(page.request, testInfo, 'grow-a-garden')
    // Another manager creates a token, then loses the role: the token stops.
    const other = await playwright.request.newContext({ baseURL: E2E_ORIGIN })
    const email = uniqueEmail(testInfo, 'stock-former')
    await createUser(other, email, `sf_${stamp()}`)
    await grantRole(email, stockManagerRole('grow-a-garden'))
    const name = `e2e-former-${stamp()}`
    const made = await other.post('/api/stock/grow-a-garden/tokens', {
      headers: { origin: E2E_ORIGIN },
      data: { name },
    })
    expect(made.status(), await made.text()).toBe(201)
    const { user } = (await (await other.get('/api/me')).json()) as { user: { id: string } }
    await revokeRole(user.id, stockManagerRole('grow-a-garden'))
    await other.dispose()

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/stock-management?game=grow-a-garden')
    const row = page
      .getByRole('region', { name: 'Ingest tokens for Grow a Garden' })
      .getByRole('listitem')
      .filter({ hasText: name })
    const stopped = 'Stopped: its creator can no longer manage Grow a Garden'
    const pill = row.getByText(stopped)
    await expect(pill).toHaveAttribute('title', stopped)
    const lineHeight = await pill.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight))
    const box = await pill.boundingBox()
    expect(box!.height, 'the pill is one line').toBeLessThan(lineHeight * 2)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
    await expectAccessible(page)
  })
})
