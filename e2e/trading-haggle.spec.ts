import type { Locator, Page } from '@playwright/test'
import type { TradeOfferResponse } from '../src/features/trading/contract'
import { expect, expectAccessible, isHydrationError, test } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { stamp, traderBrowser } from './support/traders'

const VERDICT_LABELS = { win: 'Win', fair: 'Fair', loss: 'Loss' } as const

/**
 * The negotiation as one trader's card shows it: each round's title, and the verdict shown for them
 * is the server's verdict of that round for their side (read through their own session).
 */
async function expectNegotiation(
  page: Page,
  card: Locator,
  other: string,
  offerId: number,
  role: 'owner' | 'offerer',
  titles: string[],
) {
  const rounds = card.getByRole('list', { name: `Negotiation with ${other}` }).getByRole('listitem')
  await expect(rounds).toHaveCount(titles.length)
  const res = await page.request.get(`/api/trade-offers/${offerId}`)
  expect(res.status()).toBe(200)
  const { offer } = (await res.json()) as TradeOfferResponse
  expect(offer.rounds).toHaveLength(titles.length)
  for (const [index, title] of titles.entries()) {
    const round = rounds.nth(index)
    await expect(round).toContainText(title)
    const verdict = offer.rounds[index]!.verdicts[role]
    await expect(round).toContainText('Your verdict:')
    await expect(
      round.getByText(verdict ? VERDICT_LABELS[verdict] : 'No verdict', { exact: true }),
    ).toBeVisible()
  }
}

test.describe('haggling in one thread', { tag: '@phone' }, () => {
  test('offer, counter, counter back, accept, both confirm: one offer with its history of terms and verdicts', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // two traders, two browsers, five rounds of live updates
    const s = stamp()
    const [owner, buyer] = [`hag_${s}`, `hgb_${s}`]

    // The owner's ad, posted through the API: Kitsune for a West Dragon.
    await createUser(page.request, uniqueEmail(testInfo, 'owner'), owner)
    const posted = await page.request.post('/api/trade-ads', {
      headers: { origin: E2E_ORIGIN },
      data: { game: 'blox-fruits', offering: [{ item: 'kitsune' }], requesting: [{ item: 'west-dragon' }] },
    })
    expect(posted.status()).toBe(201)
    const { id } = (await posted.json()) as { id: number }
    const adPath = `/trading/ad/${id}`
    await page.goto(adPath)
    await expect(page.getByRole('heading', { name: 'Offers (0)' })).toBeVisible()

    // The buyer offers as requested: the owner's turn.
    const b = await traderBrowser(browser, testInfo, 'buyer', buyer)
    await b.page.goto(adPath)
    await b.page.getByRole('button', { name: 'Offer as requested' }).click()
    const buyersCard = b.page.getByRole('article', { name: 'Your offer' })
    await expect(buyersCard.getByRole('status').filter({ hasText: `Waiting for ${owner}` })).toBeVisible()
    await expect(buyersCard.getByRole('button', { name: 'Counter', exact: true })).toHaveCount(0)

    // The owner, told live, counters: three West Dragons. The sides editor starts from the current terms.
    const ownersCard = page.getByRole('article', { name: `Offer from ${buyer}` })
    await expect(ownersCard).toContainText('Your turn: accept, decline or counter')
    await ownersCard.getByRole('button', { name: 'Counter', exact: true }).click()
    const ownersForm = ownersCard.getByRole('form', { name: `Counter to ${buyer}` })
    await expect(ownersForm.getByRole('region', { name: 'You give' })).toContainText('Kitsune')
    const ownerGets = ownersForm
      .getByRole('region', { name: 'You get' })
      .getByLabel('Quantity of West Dragon')
    await expect(ownerGets).toHaveValue('1')
    await ownerGets.fill('3')
    await expect(ownersForm.getByText('Your verdict:')).toBeVisible()
    await expectAccessible(page)
    await ownersForm.getByRole('button', { name: 'Send counter' }).click()
    await expect(ownersForm).toHaveCount(0)
    await expect(ownersCard.getByRole('status').filter({ hasText: `Waiting for ${buyer}` })).toBeVisible()
    const offerId = await offerIdOf(page, id)
    await expectNegotiation(page, ownersCard, buyer, offerId, 'owner', [
      `Offer from ${buyer}`,
      'Your counter',
    ])

    // The buyer sees the counter without reloading, in the same offer: their turn. They first think of
    // cancelling, are asked, and keep it.
    await expect(buyersCard).toContainText('Your turn: accept, decline or counter')
    await expectNegotiation(b.page, buyersCard, owner, offerId, 'offerer', [
      'Your offer',
      `Counter from ${owner}`,
    ])
    await expect(buyersCard.getByRole('region', { name: 'You give' })).toContainText('×3')
    await expectAccessible(b.page)
    await expect(buyersCard.getByRole('button', { name: 'Decline' })).toBeVisible()
    await expect(buyersCard.getByRole('button', { name: 'Accept', exact: true })).toBeVisible()

    // They counter back: two West Dragons.
    await buyersCard.getByRole('button', { name: 'Counter', exact: true }).click()
    const buyersForm = buyersCard.getByRole('form', { name: `Counter to ${owner}` })
    const buyerGives = buyersForm
      .getByRole('region', { name: 'You give' })
      .getByLabel('Quantity of West Dragon')
    await expect(buyerGives).toHaveValue('3')
    await buyerGives.fill('2')
    await buyersForm.getByRole('button', { name: 'Send counter' }).click()
    await expect(buyersForm).toHaveCount(0)
    await expect(buyersCard.getByRole('status').filter({ hasText: `Waiting for ${owner}` })).toBeVisible()

    // Cancelling the pending offer asks first; "Keep it" keeps it.
    await buyersCard.getByRole('button', { name: 'Cancel offer' }).click()
    await expect(buyersCard.getByRole('group', { name: 'Cancel this offer?' })).toBeVisible()
    await expectAccessible(b.page)
    await buyersCard.getByRole('button', { name: 'Keep it' }).click()
    await expect(buyersCard.getByRole('button', { name: 'Cancel offer' })).toBeFocused()
    await expect(buyersCard.getByText('Pending', { exact: true })).toBeVisible()

    // The owner accepts the current terms: two West Dragons for the Kitsune.
    await expect(ownersCard).toContainText('Your turn: accept, decline or counter')
    await expectNegotiation(page, ownersCard, buyer, offerId, 'owner', [
      `Offer from ${buyer}`,
      'Your counter',
      `Counter from ${buyer}`,
    ])
    await expect(ownersCard.getByRole('region', { name: 'You get' })).toContainText('×2')
    await ownersCard.getByRole('button', { name: 'Accept', exact: true }).click()
    await expect(ownersCard.getByText('Accepted', { exact: true })).toBeVisible()
    await expect(buyersCard.getByText('Accepted', { exact: true })).toBeVisible()
    await expect(ownersCard.getByRole('button', { name: 'Counter', exact: true })).toHaveCount(0)
    await expect(ownersCard).toContainText('final terms')
    await expectAccessible(page)

    // Both confirm; the trade is completed with the terms agreed, the history kept.
    await ownersCard.getByRole('button', { name: 'Confirm trade completed' }).click()
    await expect(buyersCard).toContainText(`${owner} confirmed the trade.`)
    await buyersCard.getByRole('button', { name: 'Confirm trade completed' }).click()
    await expect(buyersCard.getByText('Completed', { exact: true })).toBeVisible()
    await expect(ownersCard.getByText('Completed', { exact: true })).toBeVisible()
    await expectNegotiation(b.page, buyersCard, owner, offerId, 'offerer', [
      'Your offer',
      `Counter from ${owner}`,
      'Your counter',
    ])
    await expectAccessible(b.page)

    // My trades: one row for the whole negotiation, its rounds on demand.
    await b.page.goto('/trading/mine')
    const sent = b.page.getByRole('region', { name: /^Offers I sent/ })
    await expect(sent.getByRole('listitem').filter({ hasText: `To ${owner}` })).toHaveCount(1)
    await expect(sent).toContainText('Agreed in round 3')
    await sent.getByText('Negotiation (3 rounds)').click()
    await expect(
      sent.getByRole('list', { name: `Negotiation with ${owner}` }).getByRole('listitem'),
    ).toHaveCount(3)
    await expectAccessible(b.page)

    expect(b.errors.filter(isHydrationError)).toEqual([])
    expect(b.errors).toEqual([])
    await b.close()
  })
})

/** The id of the one offer on the ad, as its owner reads it. */
async function offerIdOf(page: Page, adId: number): Promise<number> {
  const res = await page.request.get(`/api/trade-ads/${adId}/offers`)
  const { offers } = (await res.json()) as { offers: { id: number }[] }
  expect(offers).toHaveLength(1)
  return offers[0]!.id
}
