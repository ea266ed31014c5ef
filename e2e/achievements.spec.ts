import type { APIRequestContext, Browser, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { createUser, setUpHeaders, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

/** A second trader with a browser context of their own (and its cookies for the API). */
async function otherTrader(browser: Browser, testInfo: TestInfo, name: string, username?: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  if (username) await createUser(context.request, uniqueEmail(testInfo, name), username)
  return context
}

const post = async (request: APIRequestContext, path: string, data: unknown = {}) => {
  const res = await request.post(path, { headers: setUpHeaders(), data })
  expect(res.ok(), await res.text()).toBe(true)
  return res.json() as Promise<{ id: number }>
}

const AD = { game: 'blox-fruits', offering: [{ item: 'kitsune' }], requesting: [{ item: 'west-dragon' }] }

test.describe('achievements and the referral program', () => {
  test(
    'a first completed trade earns First trade: on the profile, beside the name on ads, in the bell and on /achievements',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.slow() // two traders
      const s = stamp()
      const [owner, buyer] = [`ach_o_${s}`, `ach_b_${s}`]
      await createUser(page.request, uniqueEmail(testInfo, 'ach-owner'), owner)
      const other = await otherTrader(browser, testInfo, 'ach-buyer', buyer)

      // Nothing yet.
      await page.goto(`/u/${owner}`)
      const section = page.getByRole('region', { name: 'Achievements' })
      await expect(section.getByText('No achievements yet.')).toBeVisible()

      // The two traders trade: an ad, an offer, accepted, confirmed by both.
      const ad = await post(page.request, '/api/trade-ads', AD)
      const offer = await post(other.request, `/api/trade-ads/${ad.id}/offers`)
      await post(page.request, `/api/trade-offers/${offer.id}/accept`)
      await post(page.request, `/api/trade-offers/${offer.id}/complete`)
      await post(other.request, `/api/trade-offers/${offer.id}/complete`)

      // The profile shows it, with the day it was earned.
      await page.goto(`/u/${owner}`)
      await expect(section.getByText('First trade')).toBeVisible()
      await expect(section.getByText(/^Earned /)).toBeVisible()
      await expect(page.getByText('Soon', { exact: true })).toHaveCount(0)
      await expectAccessible(page)

      // Beside the owner's name on a new ad of theirs.
      const next = await post(page.request, '/api/trade-ads', AD)
      await page.goto(`/trading/ad/${next.id}`)
      await expect(page.getByRole('img', { name: 'First trade' }).first()).toBeVisible()
      await expect(page.getByText('Soon', { exact: true })).toHaveCount(0)
      await expectAccessible(page)

      // A notification came with it.
      await page.getByRole('button', { name: /^Notifications/ }).click()
      await expect(page.getByRole('link', { name: /Achievement earned: First trade/ })).toBeVisible()
      await page.keyboard.press('Escape')

      // /achievements: every badge with its rule and holders, and the one the trader has.
      await page.goto('/achievements')
      await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible()
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(12)
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'First trade' }) })
      await expect(card.getByText(/You earned it on/)).toBeVisible()
      await expect(card.getByText(/[1-9][\d,]* traders? holds? it/)).toBeVisible()
      await expect(page.getByText('You hold 1 of 12')).toBeVisible()
      await expect(page.getByText('Soon', { exact: true })).toHaveCount(0)
      await expectAccessible(page)
      await other.close()
    },
  )

  test(
    'a trader signs up through an invite link and, once they traded, the inviter sees 1 joined',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.slow() // three traders
      const s = stamp()
      const inviter = `ref_i_${s}`
      await createUser(page.request, uniqueEmail(testInfo, 'inviter'), inviter)
      await page.goto('/referral-program')
      await expect(page.getByRole('heading', { level: 1, name: 'Referral Program' })).toBeVisible()
      await expect(page.getByLabel('Your invite link')).toHaveValue(`${E2E_ORIGIN}/r/${inviter}`)
      await expect(page.getByText('0 traders joined through your link.')).toBeVisible()
      await expect(page.getByText('Soon', { exact: true })).toHaveCount(0)
      await expectAccessible(page)

      // A friend opens the link: the sign-up form, and the account they make counts for the inviter.
      const friend = await otherTrader(browser, testInfo, 'friend')
      const friendPage = await friend.newPage()
      await friendPage.goto(`/r/${inviter}`)
      await expect(friendPage).toHaveURL(/\/sign-in\?view=sign-up$/)
      await expect(friendPage.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
      await createUser(friend.request, uniqueEmail(testInfo, 'friend'), `ref_f_${s}`)
      await page.reload()
      await expect(page.getByText('0 traders joined through your link')).toBeVisible()
      await expect(page.getByText('(1 signed up and not yet counted)')).toBeVisible()

      // The friend completes a trade with someone else: the invite counts.
      const third = await otherTrader(browser, testInfo, 'ref-third', `ref_t_${s}`)
      const ad = await post(third.request, '/api/trade-ads', AD)
      const offer = await post(friend.request, `/api/trade-ads/${ad.id}/offers`)
      await post(third.request, `/api/trade-offers/${offer.id}/accept`)
      await post(third.request, `/api/trade-offers/${offer.id}/complete`)
      await post(friend.request, `/api/trade-offers/${offer.id}/complete`)
      await friend.close()
      await third.close()

      await page.reload()
      await expect(page.getByText('1 trader joined through your link.')).toBeVisible()
      await page.goto(`/u/${inviter}`)
      await expect(page.getByRole('region', { name: 'Achievements' }).getByText('Recruiter')).toBeVisible()
    },
  )

  test('a visitor is asked to sign in for an invite link; the footer leads to the program', async ({
    page,
  }) => {
    await page.goto('/achievements')
    const footer = page.getByRole('contentinfo')
    await footer.scrollIntoViewIfNeeded()
    await footer.getByRole('link', { name: 'Referral Program' }).click()
    await expect(page).toHaveURL(/\/referral-program$/)
    await expect(page.getByText('Sign in to get your invite link.')).toBeVisible()
    await expect(page.getByText('Soon', { exact: true })).toHaveCount(0)
    await expectAccessible(page)
  })
})
