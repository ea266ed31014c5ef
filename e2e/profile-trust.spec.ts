import type { APIRequestContext, Browser, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { addRobloxUser, setRobloxAbout } from './support/roblox'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`
const headers = { origin: E2E_ORIGIN }

/** A trader signed in on a browser context of their own (the project's screen). */
async function trader(browser: Browser, testInfo: TestInfo, username: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  await createUser(context.request, uniqueEmail(testInfo, username.split('_')[0] ?? 'trader'), username)
  return context
}

async function post<T = unknown>(request: APIRequestContext, path: string, data: object = {}, status = 200) {
  const res = await request.post(path, { headers, data })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status)
  return (await res.json().catch(() => null)) as T
}

/** A trade both traders confirmed, then reviewed: `owner` posts, `offerer` offers, `reviewer` (one of them) reviews. */
async function reviewedTrade(
  owner: APIRequestContext,
  offerer: APIRequestContext,
  rating: number,
  comment: string,
  reviewer = offerer,
) {
  const ad = await post<{ id: number }>(
    owner,
    '/api/trade-ads',
    { game: 'blox-fruits', offering: [{ item: 'kitsune' }], requesting: [{ item: 'west-dragon' }] },
    201,
  )
  const offer = await post<{ id: number }>(offerer, `/api/trade-ads/${ad.id}/offers`, {}, 201)
  await post(owner, `/api/trade-offers/${offer.id}/accept`)
  await post(owner, `/api/trade-offers/${offer.id}/complete`)
  await post(offerer, `/api/trade-offers/${offer.id}/complete`)
  await post(reviewer, `/api/trade-offers/${offer.id}/review`, { rating, comment }, 201)
}

test.describe('trust on profiles', () => {
  test(
    'after two reviewed trades the trader’s profile shows their reputation',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.slow() // three traders
      const s = stamp()
      const [owner, first, second] = await Promise.all([
        trader(browser, testInfo, `rep_${s}`),
        trader(browser, testInfo, `fst_${s}`),
        trader(browser, testInfo, `snd_${s}`),
      ])
      await reviewedTrade(owner.request, first.request, 5, `Smooth trade ${s}, fast and fair`)
      await reviewedTrade(owner.request, second.request, 4, `Good trader ${s}`)

      // In the page's first HTML, for a visitor.
      const html = await (await page.request.get(`/u/rep_${s}`)).text()
      expect(html).toContain(`Smooth trade ${s}, fast and fair`)

      await page.goto(`/u/rep_${s}`)
      const reputation = page.getByRole('region', { name: 'Reputation' })
      await reputation.scrollIntoViewIfNeeded()
      await expect(reputation).toContainText('4.5')
      const figures = reputation.getByRole('list', { name: 'Reputation figures' })
      await expect(figures).toContainText('2 reviews')
      await expect(figures).toContainText('2 completed trades')
      await expect(figures).toContainText('2 trading partners')
      await expect(figures).toContainText('100% positive')
      const reviews = reputation.getByRole('list', { name: 'Reviews' }).getByRole('listitem')
      await expect(reviews).toHaveCount(2)
      await expect(reviews.first()).toContainText(`Good trader ${s}`)
      await expect(reviews.first().getByRole('img', { name: '4 out of 5 stars' })).toBeVisible()
      await expect(reviews.first().getByRole('link', { name: `snd_${s}` })).toHaveAttribute(
        'href',
        `/u/snd_${s}`,
      )
      await expect(reviews.nth(1)).toContainText(`Smooth trade ${s}, fast and fair`)
      await expect(reputation.getByText('New account')).toHaveCount(2)
      // A visitor can neither block, nor report.
      await expect(page.getByRole('button', { name: /^(Block|Report)/ })).toHaveCount(0)
      await expectAccessible(page)

      // The trader on their own profile: no Block nor Report of themselves; each review can be reported.
      const own = await owner.newPage()
      await own.goto(`/u/rep_${s}`)
      const ownReputation = own.getByRole('region', { name: 'Reputation' })
      await ownReputation.scrollIntoViewIfNeeded()
      await expect(ownReputation.getByRole('button', { name: 'Report' })).toHaveCount(2)
      await expect(own.getByRole('region', { name: 'Profile' }).getByRole('button')).toHaveCount(0)

      // A reviewer sees Report on the other's review only.
      const reviewer = await first.newPage()
      await reviewer.goto(`/u/rep_${s}`)
      const seen = reviewer.getByRole('region', { name: 'Reputation' })
      await seen.scrollIntoViewIfNeeded()
      await expect(seen.getByRole('button', { name: 'Report' })).toHaveCount(1)
      await expect(
        reviewer.getByRole('region', { name: 'Profile' }).getByRole('button', { name: /^Block/ }),
      ).toBeVisible()
      await Promise.all([owner, first, second].map((c) => c.close()))
    },
  )

  test('reviews are paged 20 at a time', async ({ page, browser }, testInfo) => {
    test.slow() // 21 trades
    const s = stamp()
    const [subject, one, two] = await Promise.all([
      trader(browser, testInfo, `pgd_${s}`),
      trader(browser, testInfo, `pga_${s}`),
      trader(browser, testInfo, `pgb_${s}`),
    ])
    // The trader offers on 21 ads of two others (20 ads a day each at most); each reviews them.
    for (let n = 1; n <= 21; n++) {
      const owner = n % 2 ? one : two
      await reviewedTrade(owner.request, subject.request, 5, `Trade number ${n}`, owner.request)
    }

    await page.goto(`/u/pgd_${s}`)
    const reputation = page.getByRole('region', { name: 'Reputation' })
    await reputation.scrollIntoViewIfNeeded()
    // All 21 are listed; the rating counts each reviewer once in 7 days: 2 reviews.
    await expect(reputation.getByRole('list', { name: 'Reputation figures' })).toContainText(
      /(^|\D)2 reviews/,
    )
    const reviews = reputation.getByRole('list', { name: 'Reviews' }).getByRole('listitem')
    await expect(reviews).toHaveCount(20)
    await expect(reviews.first()).toContainText('Trade number 21')
    const pages = reputation.getByRole('navigation', { name: 'Pages' })
    await expect(pages).toContainText('Page 1 of 2')
    await pages.scrollIntoViewIfNeeded()
    await pages.getByRole('link', { name: 'Older reviews' }).click()
    await expect(page).toHaveURL(new RegExp(`/u/pgd_${s}\\?reviews=2#reputation$`))
    await expect(pages).toContainText('Page 2 of 2')
    await expect(reviews).toHaveCount(1)
    await expect(reviews.first()).toContainText('Trade number 1')
    await expectAccessible(page)
    await Promise.all([subject, one, two].map((c) => c.close()))
  })

  test(
    'a trader blocks another from their profile and unblocks them from their own profile',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      const s = stamp()
      const other = await trader(browser, testInfo, `blk_${s}`)
      await createUser(page.request, uniqueEmail(testInfo, 'blocker'), `me_${s}`)

      await page.goto(`/u/blk_${s}`)
      const card = page.getByRole('region', { name: 'Profile' })
      await card.getByRole('button', { name: `Block blk_${s}` }).click()
      await expect(card.getByText(`Block blk_${s}? You will not see their ads`)).toBeVisible()
      await expectAccessible(page)
      await card.getByRole('button', { name: 'Block', exact: true }).click()
      await expect(card.getByRole('button', { name: `Unblock blk_${s}` })).toBeVisible()

      await page.goto('/profile?tab=settings')
      const blocked = page.getByRole('region', { name: 'Blocked traders' })
      await blocked.scrollIntoViewIfNeeded()
      await expect(blocked.getByRole('link', { name: `blk_${s}` })).toHaveAttribute('href', `/u/blk_${s}`)
      await expectAccessible(page)
      await blocked.getByRole('button', { name: `Unblock blk_${s}` }).click()
      await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible()
      await other.close()
    },
  )

  test(
    'a trader reports another from their profile',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      const s = stamp()
      const other = await trader(browser, testInfo, `bad_${s}`)
      await createUser(page.request, uniqueEmail(testInfo, 'reporter'), `rpt_${s}`)

      await page.goto(`/u/bad_${s}`)
      await page.getByRole('region', { name: 'Profile' }).getByRole('button', { name: 'Report' }).click()
      const dialog = page.getByRole('dialog', { name: `Report bad_${s}` })
      await dialog.getByRole('radio', { name: 'Impersonation' }).check()
      await dialog.getByLabel('What happened? (optional)').fill('Pretends to be a moderator')
      await expectAccessible(page)
      await dialog.getByRole('button', { name: 'Send report' }).click()
      await expect(page.getByText('Report sent')).toBeVisible()
      await expect(dialog).toHaveCount(0)
      await other.close()
    },
  )

  test(
    'the Connections tab shows the verified Roblox account, and unlinks it after asking',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const s = stamp()
      const name = `Owl${testInfo.project.name.slice(0, 3)}${s}`.slice(0, 20)
      const roblox = await addRobloxUser(page.request, name, 'Owl Trader')
      await createUser(page.request, uniqueEmail(testInfo, 'connect'), `owl_${s}`)

      await page.goto('/profile?tab=connections')
      const row = page.getByRole('region', { name: 'Roblox' })
      await expect(row.getByRole('link', { name: 'Verify your Roblox account' })).toHaveAttribute(
        'href',
        '/verification',
      )

      // Verified against the stand-in, through the API.
      const started = await post<{ phrase: string }>(
        page.request,
        '/api/verification/roblox',
        { username: name },
        201,
      )
      await setRobloxAbout(page.request, roblox.id, started.phrase)
      await post(page.request, '/api/verification/roblox/check')

      await page.goto(`/u/owl_${s}`)
      await expect(page.getByRole('region', { name: 'Profile' })).toContainText(`Owl Trader (@${name})`)

      await page.goto('/profile?tab=connections')
      await expect(row).toContainText('Owl Trader')
      await expect(row).toContainText(`@${name}`)
      await expect(row).toContainText('Verified on')
      await expectAccessible(page)
      await row.getByRole('button', { name: 'Unlink Roblox account' }).click()
      await expect(row.getByText('Unlink this Roblox account?')).toBeVisible()
      await row.getByRole('button', { name: 'Unlink', exact: true }).click()
      await expect(row.getByRole('link', { name: 'Verify your Roblox account' })).toBeVisible()
    },
  )
})
