import { expect, expectAccessible, test } from './fixtures'

interface GameFacts {
  id: string
  name: string
  itemCount: number
  valuedCount: number
  lastValueChangeAt: string | null
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "Aug 17, 2026", as the site writes a day (UTC). */
const day = (iso: string) => {
  const d = new Date(iso)
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`
}

test.describe('how values are set', () => {
  test('a game without values says so and what fills it; its values page leads to how values are set, with each game’s date @phone', async ({
    page,
    request,
  }) => {
    // The values of Fisch: none yet, said in its chip and above its list, with the way to suggest one.
    await page.goto('/trade-helper/fisch')
    const games = page.getByRole('navigation', { name: 'Games' })
    await expect(games.getByRole('link', { name: 'Fisch · no values yet' })).toBeVisible()
    const note = page.getByRole('note')
    await expect(note).toContainText('Fisch: no values yet — suggest one')
    await expect(note).toContainText(/None of its \d+ items has a trade value yet/)
    await expect(note.getByRole('link', { name: 'suggest one' })).toHaveAttribute(
      'href',
      '/values/suggestions?game=fisch',
    )
    // No repository talk: where the catalog came from is not on the page.
    await expect(page.getByText('Sources', { exact: true })).toHaveCount(0)
    expect(await page.locator('main').innerText()).not.toMatch(/github|decompiled|mockData|repository/i)
    await expectAccessible(page)

    // Grow a Garden: values cover only part of it, in its chip and above its list.
    await page.goto('/trade-helper/grow-a-garden')
    await expect(games.getByRole('link', { name: /^Grow a Garden · \d+ of \d+ valued$/ })).toBeVisible()
    await expect(page.getByRole('note')).toContainText(/Values cover \d+ of \d+ Grow a Garden items\./)
    await expect(
      page.getByText(
        /^Values in Sheckles.*Starting values: community trade values of pets as of August 2025\./,
      ),
    ).toBeVisible()

    await page.getByRole('link', { name: 'How values are set' }).click()
    await expect(page).toHaveURL(/\/how-values-are-set$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How values are set')
    await expect(page).toHaveTitle('How values are set | TradeHub')

    // Each game's date is the database's: when one of its values last changed.
    const facts = (await (await request.get('/api/games')).json()).games as GameFacts[]
    const list = page.getByRole('list', { name: "Each game's values" })
    await expect(list.getByRole('listitem')).toHaveCount(facts.length)
    for (const game of facts) {
      const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: game.name }) })
      await expect(item).toContainText(
        `Values last changed${game.lastValueChangeAt ? day(game.lastValueChangeAt) : 'never'}`,
      )
    }
    const fisch = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Fisch' }) })
    await expect(fisch).toContainText('no values yet — suggest one')
    await expect(fisch).toContainText('Values last changednever')
    const blox = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Blox Fruits' }) })
    await expect(blox).toContainText('Starting valuescommunity trade values as of August 2026')
    await expectAccessible(page)

    // The documentation leads here too.
    await page.goto('/docs')
    await page.getByRole('link', { name: 'How values are set' }).click()
    await expect(page).toHaveURL(/\/how-values-are-set$/)
  })

  test('the home page shows when each game’s values last changed, in its one request', async ({ page }) => {
    const apiCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname)
    })
    await page.goto('/')
    const freshness = page.getByRole('list', { name: "When each game's values last changed" })
    await expect(freshness.getByRole('listitem')).toHaveCount(8)
    await expect(freshness.getByRole('link', { name: /^Fisch no values yet$/ })).toHaveAttribute(
      'href',
      '/trade-helper/fisch',
    )
    await expect(freshness.getByRole('link', { name: /^Blox Fruits changed / })).toBeVisible()
    await expect(page.getByText(/^Values last changed/)).toHaveCount(0)
    // The figures and the freshness come with the page: no request per game.
    expect(apiCalls.filter((path) => path.startsWith('/api/games') || path === '/api/site')).toEqual([])
    await expectAccessible(page)
  })
})
