import type { APIRequestContext, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test'
import type { FeedResponse } from '../src/features/alerts/contract'
import { stockManagerRole } from '../src/features/roles/rules'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, setUpHeaders, uniqueEmail } from './support/accounts'
import { E2E_FRESH_ORIGIN, E2E_ORIGIN } from './support/ports'
import { grantRole } from './support/roles'
import { publishBeanstalk } from './support/stock'

/** A verified stock manager of Grow a Garden, signed in on `api`. */
async function seedManager(api: APIRequestContext, testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, 'feed-manager')
  await createUser(api, email, `fm_${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`)
  await grantRole(email, stockManagerRole('grow-a-garden'))
}

/** Every toast the page shows, as its text, from the page's first moment (even if gone since). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>()
    const shown: string[] = []
    ;(window as unknown as { shownToasts: string[] }).shownToasts = shown
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
        if (seen.has(toast)) continue
        seen.add(toast)
        shown.push(toast.textContent ?? '')
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts)
}

/** The candidates of the feed's answers the page receives, as they arrive. */
function feedAnswers(page: Page) {
  const answers: FeedResponse[] = []
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname === '/api/feed' && res.ok())
      answers.push((await res.json()) as FeedResponse)
  })
  return answers
}

/** The feed as a visitor (no session) gets it. */
async function visitorFeed(playwright: PlaywrightWorkerArgs['playwright']): Promise<FeedResponse> {
  const visitor = await playwright.request.newContext({ baseURL: E2E_ORIGIN })
  try {
    return (await (await visitor.get('/api/feed')).json()) as FeedResponse
  } finally {
    await visitor.dispose()
  }
}

/** Whether two boxes on the screen overlap. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
type Box = { x: number; y: number; width: number; height: number }

test.use({ siteFeed: true })

test.describe('site feed', () => {
  test(
    'a visitor on / sees a limited-time toast for a Beanstalk a stock manager just published',
    // Desktop only for now: on a phone the Beanstalk's toast did not come within the wait while other
    // journeys' mirage stock was in the feed (under investigation with the phone pacing of issue 38).
    {},
    async ({ page, request }, testInfo) => {
      test.slow() // an account, a role, a report, then a page
      await seedManager(request, testInfo)
      const shownToasts = await recordToasts(page)
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Limited time: Beanstalk' })
      // Another journey may publish seeds between this report and the page's feed: then again.
      await expect(async () => {
        // At least 20 s are left in the report's window (publishBeanstalk sees to it).
        await publishBeanstalk(request, 1)
        await page.goto('/')
        // One toast every 15 s: other journeys' limited-time stock (a mirage dealer's) may come first.
        await expect(toast).toBeVisible({ timeout: 50_000 })
      }).toPass({ timeout: 110_000 })

      // Pointing at it keeps it open. It counts down to the end of the window and links to the stock page.
      await toast.hover()
      await expect(toast).toContainText(/In stock at the Seed Shop for \d:\d\d/)
      await expect(toast.getByRole('link', { name: 'Limited time: Beanstalk' })).toHaveAttribute(
        'href',
        '/grow-a-garden-stock',
      )
      await expect(toast.getByRole('button', { name: 'Turn off feed' })).toBeVisible()
      await expectAccessible(page)
      expect(await shownToasts()).toContainEqual(expect.stringContaining('Limited time: Beanstalk'))
      await toast.getByRole('link', { name: 'Limited time: Beanstalk' }).click()
      await expect(page).toHaveURL(/\/grow-a-garden-stock$/)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Grow a Garden')

      // The visitor switches the feed off in the footer: it stays off on the next visit.
      const feedSwitch = page.getByRole('switch', { name: 'Live feed' })
      await expect(feedSwitch).toBeChecked()
      await feedSwitch.click()
      await expect(feedSwitch).not.toBeChecked()
      await page.reload()
      await expect(page.getByRole('switch', { name: 'Live feed' })).not.toBeChecked()
    },
  )

  test(
    'no toast while the visitor fills in a field; one that shows covers no heading or form, and a phone gets one a minute',
    { tag: '@phone' },
    async ({ page, request, playwright }, testInfo) => {
      test.slow() // a sign-up, then the feed's clock run for two minutes
      const phone = testInfo.project.name === 'phone'
      // A trader who joined: the site has something to tell visitors.
      await createUser(request, uniqueEmail(testInfo, 'feed-joined'))
      await expect
        .poll(async () => (await visitorFeed(playwright)).items.length, { timeout: 60_000 })
        .toBeGreaterThan(0)
      const shownToasts = await recordToasts(page)
      await page.clock.install()
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/feed')
      await page.goto('/')
      // The visitor types an address into the launch list before the feed's first turn (its answer
      // comes then): no toast for that turn nor the two that follow.
      const field = page.getByRole('textbox', { name: 'E-mail address' })
      const toast = page.locator('[data-sonner-toast]')
      await field.fill('feed.focus@example.com')
      await expect(field).toBeFocused()
      await answered
      await expect(toast).toHaveCount(0)
      const before = (await shownToasts()).length
      expect(before).toBe(0)
      await page.clock.runFor(2 * 15_000)
      expect(await shownToasts()).toHaveLength(before)

      // Done with the field, the visitor reads down to the end of the page: within a minute a toast shows
      // in the bottom-left corner (small on a phone), over no heading and no form.
      await field.blur()
      // (The footer is drawn once near the screen: at its switch first, then at the very end.)
      await page.getByRole('switch', { name: 'Live feed' }).scrollIntoViewIfNeeded()
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      for (let second = 0; second < 75 && (await toast.count()) === 0; second++)
        await page.clock.runFor(1_000)
      await expect(toast.first()).toBeVisible()
      const screen = page.viewportSize()!
      // The toast slides in from the bottom edge: its place is where it comes to rest.
      let box = (await toast.first().boundingBox())!
      await expect
        .poll(async () => {
          const before = box
          box = (await toast.first().boundingBox())!
          return box.y === before.y && box.height === before.height
        })
        .toBe(true)
      expect(box.x).toBeLessThan(screen.width / 2)
      expect(box.y).toBeGreaterThan(screen.height / 2)
      if (phone) expect(box.width).toBeLessThanOrEqual(320)
      const content = page.locator('h1, h2, h3, h4, h5, h6, form')
      for (const element of await content.all()) {
        const other = await element.boundingBox()
        if (other && other.width > 1 && other.height > 1) expect(overlap(box, other)).toBe(false)
      }
      // "24 h" is never cut between the number and its unit.
      expect(await shownToasts()).not.toContainEqual(expect.stringMatching(/24 h/))
      await expect(toast.first().getByRole('button', { name: 'Close toast' })).toHaveCSS('height', '24px')

      // On a phone, no other toast within the minute that follows the last one.
      if (phone) {
        const count = (await shownToasts()).length
        await page.clock.runFor(45_000)
        expect(await shownToasts()).toHaveLength(count)
      }

      // The visitor goes back to the field: any toast gives way at once.
      await field.focus()
      await expect(toast).toHaveCount(0)
    },
  )

  test('a signed-in trader is never asked to create an account, nor told of their own pick as trending', async ({
    page,
    request,
    playwright,
  }, testInfo) => {
    test.slow() // four traders, then the feed's clock run through every turn
    const pick = (api: APIRequestContext) =>
      api.put('/api/favorites/blox-fruits/rocket', { headers: setUpHeaders() }).then((res) => {
        expect(res.ok()).toBe(true)
      })
    // Three traders favorite Rocket (the set-up signs each in on `request` in turn) and the trader too.
    for (const n of [1, 2, 3]) {
      await createUser(request, uniqueEmail(testInfo, `feed-picker-${n}`))
      await pick(request)
    }
    await createUser(page.request, uniqueEmail(testInfo, 'feed-self'), `fs_${Date.now() % 1_000_000}`)
    await pick(page.request)
    // Visitors are told Rocket is trending and asked to create an account (once the feed reads again).
    await expect
      .poll(async () => (await visitorFeed(playwright)).items.map((i) => i.title), { timeout: 60_000 })
      .toContain('Trending: Rocket')
    expect((await visitorFeed(playwright)).items.map((i) => i.link)).toContain('/sign-in')

    const answers = feedAnswers(page)
    const shownToasts = await recordToasts(page)
    await page.clock.install()
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/feed')
    await page.goto('/values-and-wfl')
    await answered
    // Every candidate of the answer gets its turn: one toast each 15 s, at most 3 of a type, 6 types.
    await page.clock.runFor(3_000 + 18 * 15_000)
    const shown = await shownToasts()
    expect(shown.length).toBeGreaterThan(0)
    const received = answers.flatMap((answer) => answer.items)
    expect(received.length).toBeGreaterThan(0)
    expect(received.map((i) => i.title)).not.toContain('Trending: Rocket')
    expect(received.map((i) => i.link)).not.toContain('/sign-in')
    expect(shown).not.toContainEqual(expect.stringContaining('Create your account'))
    expect(shown).not.toContainEqual(expect.stringContaining('Trending: Rocket'))
  })

  test('a fresh site with no events shows no toast for 20 s', async ({ page }) => {
    // A second instance of the site that no journey writes to: the site on its first day.
    const shownToasts = await recordToasts(page)
    await page.clock.install()
    const feedAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/feed')
    await page.goto(`${E2E_FRESH_ORIGIN}/`)
    // The feed's code has loaded and asked for its candidates: from here it runs on the page's clock.
    expect(((await (await feedAnswer).json()) as FeedResponse).items).toEqual([])
    await page.clock.runFor(20_000)
    expect(await shownToasts()).toEqual([])
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})
