import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'

test.describe('item values', () => {
  test('search kitsune across games, open its page and see its value and chart', async ({ page }) => {
    const apiCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname)
    })
    await page.goto('/values-and-wfl')
    await expect(page.getByText(/^\d+ items$/)).toBeVisible()
    // Nothing is wider than the screen (phones included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    )
    // The games and the list come with the page (rendered on the server, its data in the HTML), and the
    // page says a visitor is signed out: the browser asks only for the list's hearts (the game's latest
    // value changes, below the list, are asked for when a trader scrolls down to them). A row's heart
    // shows its count once near the screen.
    const heart = page.getByRole('button', { name: /^Favorite Kitsune/ })
    await heart.scrollIntoViewIfNeeded()
    await expect(page.getByRole('button', { name: /^Favorite Kitsune \(\d+ favorites?\)$/ })).toBeVisible()
    expect(apiCalls.sort()).toEqual(['/api/favorites/blox-fruits'])
    await expectAccessible(page)

    await page.goto('/values-and-wfl?search=kitsune')
    await expect(page.getByText(/items? matching “kitsune” in all games/)).toBeVisible()
    const row = page.getByRole('link', { name: /^Kitsune Blox Fruits/ })
    await expect(row).toBeVisible()
    await row.click()
    await expect(page).toHaveURL(/\/values\/blox-fruits\/kitsune$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kitsune')
    // The value in full under the headline (trade ads further down, made by other tests, may name it too).
    await expect(page.getByRole('paragraph').filter({ hasText: /^640,000,000$/ })).toBeVisible()
    await expect(page.getByRole('img', { name: /^Value history/ })).toBeVisible()
    await expect(page).toHaveTitle('Kitsune value — Blox Fruits | TradeHub')
    await expectAccessible(page)
  })

  test('a search typed while the page is still loading is kept and filters the list', async ({
    page,
    baseURL,
  }) => {
    // The app's code is held back: the page is the server's until the test lets it come.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    // Opened as a link is followed, without waiting for the app (which is held).
    await page.evaluate((url) => {
      window.location.href = url
    }, `${baseURL}/values-and-wfl`)
    const field = page.getByLabel('Search items')
    await field.waitFor()
    await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready')
    await field.pressSequentially('kitsune')

    release()
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready')
    await expect(page).toHaveURL(/search=kitsune/)
    await expect(field).toHaveValue('kitsune')
    const rows = page.locator('section[aria-label="Item values"] li a[href^="/values/"]')
    await expect(rows.first()).toContainText('Kitsune')
    // The rows the server sent give way to the search's once its answer comes.
    await expect
      .poll(async () => (await rows.allTextContents()).filter((name) => !/kitsune/i.test(name)))
      .toEqual([])
  })

  test('search, filter and sort live in the address and survive the back button', async ({ page }) => {
    await page.goto('/trade-helper/blox-fruits')
    await page.getByLabel('Search items').fill('dragon')
    await expect(page).toHaveURL(/search=dragon/)
    await expect(page.getByRole('link', { name: /^West Dragon/ })).toBeVisible()
    await page.getByLabel('Sort by').selectOption('name')
    await expect(page).toHaveURL(/sort=name/)
    await page.goBack()
    await expect(page).not.toHaveURL(/sort=name/)
    await expect(page.getByLabel('Search items')).toHaveValue('dragon')
  })

  test('items without a value say so, never 0', async ({ page }) => {
    await page.goto('/trade-helper/pets-go')
    await expect(page.getByText('no value yet').first()).toBeVisible()
    const note = page.getByRole('note')
    await expect(note).toContainText('PETS GO!: no values yet — suggest one')
    // Where values come from meanwhile: the value team (no promise about the official API).
    await expect(note).toContainText(
      'No official price has been imported yet, so its values come from the value team',
    )
    await expect(note).not.toContainText('once our server can reach')
    await expect(page.getByText(/Values in/)).toHaveCount(0)
  })

  test('values read like a trader’s: suffixes, a unit’s decimals, former names', async ({ page }) => {
    // Grow a Garden's Kitsune is worth 1e24: a suffix, and the exact figure on its page.
    await page.goto('/values/grow-a-garden/kitsune')
    const value = page.getByText('Value', { exact: true }).locator('..')
    await expect(value.getByText('1Sp', { exact: true })).toBeVisible()
    await expect(value.getByText('1,000,000,000,000,000,000,000,000')).toBeVisible()
    await expect(page.getByText(/E24/)).toHaveCount(0)

    await page.goto('/values/adopt-me/shadow-dragon')
    await expect(value.getByText('3.68', { exact: true })).toBeVisible()
    await expect(value.getByText('4', { exact: true })).toHaveCount(0)
    await expect(page.getByText(/^One value point: 3\.68 since/)).toBeVisible()

    // Typing on a game's values page searches that game, and knows former names.
    await page.goto('/values-and-wfl')
    await page.getByLabel('Search items').fill('leopard')
    await expect(page).toHaveURL(/game=blox-fruits/)
    await expect(page.getByText('1 item matching “leopard”', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: /^Tiger/ })).toBeVisible()
  })
})

test.describe('WFL calculator', () => {
  test('build a trade of two items for one, change the fair band, share it', { tag: '@phone' }, async ({
    page,
    browser,
  }) => {
    await page.goto('/trade-helper/blox-fruits?tab=wfl')
    const give = page.getByRole('region', { name: 'You give' })
    const get = page.getByRole('region', { name: 'You get' })
    await expect(page.getByText('Add items to both sides')).toBeVisible()

    const addTo = async (side: typeof give, text: string, name: string) => {
      await side.getByRole('combobox', { name: /^Add an item/ }).fill(text)
      await expect(side.getByRole('option', { name: new RegExp(`^${name}`) }).first()).toBeVisible()
      await side
        .getByRole('option', { name: new RegExp(`^${name}`) })
        .first()
        .click()
      await expect(side.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await addTo(give, 'kitsune', 'Kitsune')
    await addTo(give, 'dough', 'Dough')
    // Keyboard: type, arrow to the option, Enter.
    await get.getByRole('combobox', { name: /^Add an item/ }).fill('west dragon')
    await expect(get.getByRole('option').first()).toBeVisible()
    await get.getByRole('combobox', { name: /^Add an item/ }).press('Enter')
    await expect(get.getByRole('link', { name: 'West Dragon', exact: true })).toBeVisible()

    const result = page.getByRole('region', { name: 'Result' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    )
    await expect(give.getByText('670M')).toBeVisible()
    await expect(get.getByText('3.91B').first()).toBeVisible()
    await expect(result.getByText('Win', { exact: true })).toBeVisible()
    await expect(result.getByText(/Fair when the two sides are within ±10%/)).toBeVisible()
    await expectAccessible(page)

    // Kitsune for 20 Dough: 600M against 640M, 6.25 % under: Fair at ±10 %, a Loss at ±5 %.
    await give.getByRole('button', { name: 'Remove Dough' }).click()
    await get.getByRole('button', { name: 'Remove West Dragon' }).click()
    await addTo(get, 'dough', 'Dough')
    await get.getByLabel('Quantity of Dough').fill('20')
    await expect(result.getByText('Fair', { exact: true })).toBeVisible()
    await result.getByText('±5%').click()
    await expect(result.getByText('Loss', { exact: true })).toBeVisible()
    await expect(page).toHaveURL(/band=5/)

    // The link alone restores the trade and its verdict in a fresh browser: on a phone (390 × 844), the
    // verdict with both totals is on the first screen, above the sides, and links to the details.
    const shared = page.url()
    const fresh = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const other = waitForAppOnLoad(await fresh.newPage())
    await other.goto(shared)
    await expect(other.getByRole('region', { name: 'You get' }).getByLabel('Quantity of Dough')).toHaveValue(
      '20',
    )
    const summary = other.getByRole('region', { name: 'Verdict' })
    await expect(summary.getByText('Loss', { exact: true })).toBeVisible()
    await expect(summary.getByText('640M', { exact: true })).toBeVisible()
    await expect(summary.getByText('600M', { exact: true })).toBeVisible()
    expect(await other.evaluate(() => window.scrollY)).toBe(0)
    const box = (await summary.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(844)
    await expect(
      other.getByRole('region', { name: 'Result' }).getByText('Loss', { exact: true }),
    ).toBeVisible()
    await summary.getByRole('link', { name: 'Details' }).click()
    await expect(other.getByRole('region', { name: 'Result' })).toBeInViewport()
    await fresh.close()
  })

  test('a typed amount is a slot of its own, in the link; Adopt Me knows nfr, mfr and neon', async ({
    page,
  }) => {
    await page.goto('/trade-helper/blox-fruits?tab=wfl&give=kitsune')
    const give = page.getByRole('region', { name: 'You give' })
    const get = page.getByRole('region', { name: 'You get' })
    // "700M" finds no item: it is offered as 700M Beli, and counts as 700,000,000.
    await get.getByRole('combobox', { name: /^Add an item or an amount/ }).fill('700M')
    await get.getByRole('option', { name: 'Add 700M Beli' }).click()
    await expect(get.getByText('700M Beli', { exact: true })).toBeVisible()
    await expect(get.getByText('counted as 700,000,000 Beli')).toBeVisible()
    await expect(page).toHaveURL(/get=\$700M/)
    const result = page.getByRole('region', { name: 'Result' })
    await expect(result.getByText('Fair', { exact: true })).toBeVisible()
    // Another amount on the other side, with a keyboard: 1.5k is 1,500.
    await give.getByRole('combobox', { name: /^Add an item or an amount/ }).fill('1.5k')
    await expect(give.getByRole('option', { name: 'Add 1.5K Beli' })).toBeVisible()
    await give.getByRole('combobox', { name: /^Add an item or an amount/ }).press('Enter')
    await expect(page).toHaveURL(/give=kitsune,\$1\.5K/)
    await give.getByRole('button', { name: 'Remove 1.5K Beli' }).click()
    await expect(page).toHaveURL(/give=kitsune(&|$)/)
    // The link brings the amount back.
    await page.reload()
    await expect(get.getByText('700M Beli', { exact: true })).toBeVisible()
    await expectAccessible(page)

    // Adopt Me: "nfr frost" is a Neon Fly Ride Frost Dragon, "mfr shadow" a Mega Neon Fly Ride Shadow Dragon.
    await page.goto('/trade-helper/adopt-me?tab=wfl')
    await give.getByRole('combobox', { name: /^Add an item/ }).fill('nfr frost')
    await give.getByRole('option', { name: /^Frost Dragon · Neon Fly Ride/ }).click()
    await expect(give.getByLabel('Variant of Frost Dragon')).toHaveValue('neon-fly-ride')
    await get.getByRole('combobox', { name: /^Add an item/ }).fill('mfr shadow')
    await get.getByRole('option', { name: /^Shadow Dragon · Mega Neon Fly Ride/ }).click()
    await expect(page).toHaveURL(/give=frost-dragon~neon-fly-ride&get=shadow-dragon~mega-neon-fly-ride/)
    await get.getByRole('combobox', { name: /^Add an item/ }).fill('neon')
    await expect(get.getByRole('option', { name: /· Neon Fly Ride/ }).first()).toBeVisible()
  })

  test('Copy link puts the address on the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/trade-helper/blox-fruits?tab=wfl&give=kitsune&get=west-dragon')
    await expect(page.getByRole('region', { name: 'Result' }).getByText('Win', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Copy link' }).click()
    await expect(page.getByText('Link copied')).toBeVisible()
    // The copied link carries the band in use, so the recipient sees the same verdict.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${page.url()}&band=10`)
  })

  test('Adopt Me variants: a Mega Neon Fly Ride counts at its own value', async ({ page }) => {
    await page.goto('/trade-helper/adopt-me?tab=wfl&give=shadow-dragon')
    const give = page.getByRole('region', { name: 'You give' })
    await expect(give.getByText('3.68 each')).toBeVisible()
    await give.getByLabel('Variant of Shadow Dragon').selectOption({ label: 'Mega Neon Fly Ride' })
    await expect(give.getByText('19 each')).toBeVisible()
    await expect(page).toHaveURL(/give=shadow-dragon~mega-neon-fly-ride/)
    await expectAccessible(page)
  })

  test('a malformed shared link keeps what it can and says what it dropped', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 400/) // the API refuses the id of another game
    await page.goto('/trade-helper/blox-fruits?tab=wfl&give=kitsune,shadow-dragon,BAD*0&get=dough*2')
    await expect(
      page.getByText(/left out: shadow-dragon \(not a Blox Fruits item\), “BAD\*0” \(malformed\)/),
    ).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'You give' }).getByRole('link', { name: 'Kitsune', exact: true }),
    ).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Result' }).getByText('Loss', { exact: true }),
    ).toBeVisible()
  })

  test('items without a value, an unknown variant and the quantity limit are said plainly', async ({
    page,
  }) => {
    await page.goto('/trade-helper/fisch?tab=wfl&give=adventurers-rod&get=bloop-fish')
    const result = page.getByRole('region', { name: 'Result' })
    await expect(result.getByText('No value yet', { exact: true })).toBeVisible()
    await expect(result.getByText(/The items of this trade have no value yet/)).toBeVisible()

    await page.goto('/trade-helper/blox-fruits?tab=wfl&give=kitsune&get=west-dragon~bogus')
    await expect(page.getByText(/“bogus” is not a variant of West Dragon/)).toBeVisible()
    await expect(page).toHaveURL(/get=west-dragon(&|$)/)
    await expect(result.getByText('Win', { exact: true })).toBeVisible()
    await expect(result.getByText(/no value yet/)).toHaveCount(0)

    const quantity = page.getByRole('region', { name: 'You give' }).getByLabel('Quantity of Kitsune')
    await quantity.fill('5000')
    await expect(quantity).toHaveValue('999')
    await expect(page.getByText('Limited to 999: at most 999 of one item per slot.')).toBeVisible()
    await expect(page).toHaveURL(/give=kitsune\*999/)
    await quantity.blur()
    await expect(quantity).toHaveValue('999')
    // 0 and -1 are never left in the box while the total counts another quantity.
    for (const typed of ['0', '-1']) {
      await quantity.fill(typed)
      await expect(quantity).toHaveValue('1')
      await expect(page.getByText('At least 1, in whole numbers: counted as 1.')).toBeVisible()
      await expect(page).toHaveURL(/give=kitsune(&|$)/)
    }
    await expectAccessible(page)
  })

  test('a shared link whose items fail to load says so and can be retried', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 503/)
    let fail = true
    await page.route(
      (url) => url.pathname === '/api/games/blox-fruits/items' && url.searchParams.has('ids'),
      (route) =>
        fail
          ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } })
          : route.fallback(),
    )
    // A shared link opened from within the site: the browser asks for its items (a link opened from
    // outside comes with them, rendered on the server).
    await page.goto('/values/blox-fruits/kitsune')
    await page.getByRole('link', { name: 'Check a trade with it' }).click()
    await expect(page).toHaveURL(/tab=wfl/)
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' })
    await expect(alert).toBeVisible()
    fail = false
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(alert).toBeHidden()
    await expect(
      page.getByRole('region', { name: 'You give' }).getByRole('link', { name: 'Kitsune', exact: true }),
    ).toBeVisible()
    await expectAccessible(page)
  })
})
