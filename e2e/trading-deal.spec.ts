import type { Page } from '@playwright/test'
import { expect, expectAccessible, isHydrationError, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { stamp, traderBrowser } from './support/traders'

/** Marks the page, to tell later that what it shows came without a reload. */
const markLoaded = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as { notReloaded: boolean }).notReloaded = true
  })
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)

test.describe('a trade from offer to completion', () => {
  test(
    'offers as requested and countered, the owner told live, accepts; they talk live, both confirm, the ad is traded',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.slow() // three traders, three browsers
      const s = stamp()
      const [owner, buyer, rival] = [`own_${s}`, `buy_${s}`, `riv_${s}`]

      // The owner's ad, posted through the API: Kitsune for a West Dragon.
      await createUser(page.request, uniqueEmail(testInfo, 'owner'), owner)
      const posted = await page.request.post('/api/trade-ads', {
        headers: { origin: E2E_ORIGIN },
        data: {
          game: 'blox-fruits',
          offering: [{ item: 'kitsune' }],
          requesting: [{ item: 'west-dragon' }],
          note: 'Quick trade <b>tonight</b>',
        },
      })
      expect(posted.status()).toBe(201)
      const { id } = (await posted.json()) as { id: number }
      const adPath = `/trading/ad/${id}`

      await page.goto(adPath)
      await expect(page.getByRole('heading', { level: 1, name: 'Kitsune' })).toBeVisible()
      await expect(page.getByText('Quick trade <b>tonight</b>')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Offers (0)' })).toBeVisible()
      const bell = page.getByRole('button', { name: /^Notifications/ })
      await expect(bell).toHaveAccessibleName('Notifications')
      await markLoaded(page)

      // A trader makes an offer as requested, in one tap.
      const b = await traderBrowser(browser, testInfo, 'buyer', buyer)
      await b.page.goto(adPath)
      await b.page.getByRole('button', { name: 'Offer as requested' }).click()
      const buyersOffer = b.page.getByRole('article', { name: 'Your offer' })
      await expect(buyersOffer.getByText('Pending', { exact: true })).toBeVisible()
      await expect(buyersOffer.getByRole('region', { name: 'You give' })).toContainText('West Dragon')
      await expect(buyersOffer.getByRole('button', { name: 'Cancel offer' })).toBeVisible()
      await expect(b.page.getByRole('button', { name: 'Offer as requested' })).toHaveCount(0)
      await expectAccessible(b.page)

      // The owner is told at once, without reloading: the bell, My trades' count and the list of offers.
      await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
      const myTrades = page.getByRole('banner').getByRole('link', { name: /^My trades/ })
      await expect(myTrades).toHaveAccessibleName('My trades, 1 waiting for you')
      const buyersOfferSeen = page.getByRole('article', { name: `Offer from ${buyer}` })
      await expect(buyersOfferSeen).toBeVisible()

      // Another trader counters: two West Dragons, with a note; the verdict follows as they edit.
      const r = await traderBrowser(browser, testInfo, 'rival', rival)
      await r.page.goto(adPath)
      await r.page.getByRole('button', { name: 'Make a counter-offer' }).click()
      const form = r.page.getByRole('form', { name: 'Counter-offer' })
      const gives = form.getByRole('region', { name: 'You give' })
      await expect(gives.getByLabel('Quantity of West Dragon')).toHaveValue('1')
      await expect(form.getByRole('region', { name: 'You get' })).toContainText('Kitsune')
      await gives.getByLabel('Quantity of West Dragon').fill('2')
      await expect(form.getByText('Your verdict:')).toBeVisible()
      await form.getByLabel('Note (optional)').fill('Two for one?')
      await expect(form.getByText('12 / 300')).toBeVisible()
      await expectAccessible(r.page)
      await form.getByRole('button', { name: 'Send counter-offer' }).click()
      const rivalsOffer = r.page.getByRole('article', { name: 'Your counter-offer' })
      await expect(rivalsOffer.getByText('Pending', { exact: true })).toBeVisible()
      await expect(rivalsOffer).toContainText('Two for one?')

      await expect(bell).toHaveAccessibleName('Notifications, 2 unread')
      const counter = page.getByRole('article', { name: `Counter-offer from ${rival}` })
      await expect(counter).toContainText('Two for one?')
      await expect(counter.getByLabel('Quantity of West Dragon')).toHaveCount(0) // shown, not edited
      await expect(page.getByRole('heading', { name: 'Offers (2)' })).toBeVisible()
      await expectAccessible(page)

      // The owner accepts the first offer; its trader sees it accepted without reloading.
      await markLoaded(b.page)
      await buyersOfferSeen.getByRole('button', { name: 'Accept', exact: true }).click()
      await expect(buyersOfferSeen.getByText('Accepted', { exact: true })).toBeVisible()
      await expect(buyersOffer.getByText('Accepted', { exact: true })).toBeVisible()
      await expect(buyersOffer.getByRole('button', { name: 'Cancel offer' })).toHaveCount(0)
      // Accepted, it is never declined: either trader may only ask to cancel it.
      await expect(buyersOfferSeen.getByRole('button', { name: 'Decline' })).toHaveCount(0)
      await expect(buyersOffer.getByRole('button', { name: 'Ask to cancel the trade' })).toBeVisible()
      // The accepted trade waits for the buyer's confirmation: My trades says so in their header.
      await expect(b.page.getByRole('banner').getByRole('link', { name: /^My trades/ })).toHaveAccessibleName(
        'My trades, 1 waiting for you',
      )

      // They talk: each sees the other's message arrive, live.
      await buyersOffer.getByRole('button', { name: /^Conversation/ }).click()
      await expect(b.page).toHaveURL(/\?offer=\d+$/)
      await expect(buyersOffer.getByText('No messages yet.', { exact: false })).toBeVisible()
      await buyersOfferSeen.getByRole('button', { name: /^Conversation/ }).click()
      await page.getByLabel(`Message to ${buyer}`).fill('Hi! Meet in Second Sea at 5?')
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(page.getByRole('list', { name: `Messages with ${buyer}` })).toContainText(
        'Hi! Meet in Second Sea',
      )
      await expect(b.page.getByRole('list', { name: `Messages with ${owner}` })).toContainText(
        'Hi! Meet in Second Sea at 5?',
      )
      const reply = b.page.getByLabel(`Message to ${owner}`)
      await reply.fill('Deal, see you there')
      if (testInfo.project.name === 'desktop')
        await reply.press('Enter') // Enter sends on a desktop keyboard
      else await b.page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(reply).toHaveValue('')
      await expect(page.getByRole('list', { name: `Messages with ${buyer}` })).toContainText(
        'Deal, see you there',
      )
      await expect(
        b.page.getByRole('list', { name: `Messages with ${owner}` }).getByRole('listitem'),
      ).toHaveCount(2)
      expect(await notReloaded(page)).toBe(true)
      expect(await notReloaded(b.page)).toBe(true)
      await expectAccessible(b.page)

      // Both confirm the trade; the ad is traded.
      await buyersOfferSeen.getByRole('button', { name: 'Confirm trade completed' }).click()
      await expect(buyersOfferSeen).toContainText(`You confirmed the trade. Waiting for ${buyer} to confirm.`)
      await expect(buyersOffer).toContainText(`${owner} confirmed the trade.`)
      await buyersOffer.getByRole('button', { name: 'Confirm trade completed' }).click()
      await expect(buyersOffer.getByText('Completed', { exact: true })).toBeVisible()
      await expect(buyersOffer).toContainText(`Both you and ${owner} confirmed this trade.`)
      await expect(b.page.getByText('Traded', { exact: true })).toBeVisible()
      await expect(page.getByText('Traded', { exact: true })).toBeVisible()
      await expect(counter.getByText('Declined', { exact: true })).toBeVisible()
      // Nothing waits for the owner any more: the count is gone.
      await expect(myTrades).toHaveAccessibleName('My trades')
      expect(await notReloaded(page)).toBe(true)
      await expectAccessible(page)

      // My trades: the owner's ad is traded; the buyer's offer is completed.
      await page.goto('/trading/mine')
      const myAds = page.getByRole('region', { name: /^My ads/ })
      await expect(myAds.getByRole('article')).toHaveCount(1)
      await expect(myAds.getByText('Traded', { exact: true })).toBeVisible()
      const received = page.getByRole('region', { name: /^Offers I received/ })
      await expect(received.getByRole('listitem')).toHaveCount(2)
      await expect(received.getByRole('link', { name: new RegExp(`From ${buyer}`) })).toHaveAttribute(
        'href',
        new RegExp(`^${adPath}\\?offer=\\d+$`),
      )
      await expectAccessible(page)
      await b.page.goto('/trading/mine')
      const sent = b.page.getByRole('region', { name: /^Offers I sent/ })
      await expect(sent.getByText('Completed', { exact: true })).toBeVisible()

      for (const other of [b, r]) {
        expect(other.errors.filter(isHydrationError)).toEqual([])
        expect(other.errors).toEqual([])
        await other.close()
      }
    },
  )

  test('a visitor is asked to sign in to make an offer, and to see their trades', async ({
    page,
  }, testInfo) => {
    const owner = `vis_${stamp()}`
    await createUser(page.request, uniqueEmail(testInfo, 'poster'), owner)
    const posted = await page.request.post('/api/trade-ads', {
      headers: { origin: E2E_ORIGIN },
      data: { game: 'blox-fruits', offering: [{ item: 'kitsune' }], tags: ['overpay'] },
    })
    const { id } = (await posted.json()) as { id: number }
    await page.context().clearCookies()

    // The ad is in the page's first HTML.
    const html = await (await page.request.get(`/trading/ad/${id}`)).text()
    expect(html).toContain('Kitsune')
    expect(html).toContain('Overpay')

    await page.goto(`/trading/ad/${id}`)
    await expect(page.getByText('Sign in to make an offer.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute(
      'href',
      `/sign-in?redirect=${encodeURIComponent(`/trading/ad/${id}`)}`,
    )
    await expectAccessible(page)
    await page.goto('/trading/mine')
    await expect(page.getByText('Sign in to see your trade ads and offers.')).toBeVisible()
  })
})
