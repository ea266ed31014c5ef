import type { Browser, TestInfo } from '@playwright/test'
import { expect, expectAccessible, test, waitForAppOnLoad } from './fixtures'
import { createUser, uniqueEmail } from './support/accounts'
import { E2E_ORIGIN } from './support/ports'
import { addRobloxUser, setRobloxAbout } from './support/roblox'
import { grantRole } from './support/roles'

const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`

/**
 * Someone else in a browser of their own (the project's screen), signed in with a username; the
 * console errors of their pages are collected as the `page` fixture's are.
 */
async function ownBrowser(browser: Browser, testInfo: TestInfo, name: string, username: string) {
  const { viewport, isMobile, hasTouch } = testInfo.project.use
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, isMobile, hasTouch })
  await context.addInitScript(() => localStorage.setItem('tradehub:feed', 'off'))
  const email = uniqueEmail(testInfo, name)
  await createUser(context.request, email, username)
  const page = waitForAppOnLoad(await context.newPage())
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return { page, email, errors, close: () => context.close() }
}

test.describe('official middlemen', { tag: '@phone' }, () => {
  test('a trader requests a middleman, who takes the trade and talks with the badge, closes it with a note, and is rated; the escrow page checks names', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow() // three people, three browsers
    const s = stamp()
    const [owner, buyer, mm] = [`own_${s}`, `buy_${s}`, `mm_${s}`]
    const robloxName = `Warden${testInfo.project.name.slice(0, 3)}${s}`

    // The middleman: the role from an admin, and a Roblox account verified with the phrase in its About.
    const m = await ownBrowser(browser, testInfo, 'middleman', mm)
    await grantRole(m.email, 'middleman')
    const roblox = await addRobloxUser(m.page.request, robloxName, 'Warden')
    const started = await m.page.request.post('/api/verification/roblox', {
      headers: { origin: E2E_ORIGIN },
      data: { username: robloxName },
    })
    expect(started.status(), await started.text()).toBe(201)
    const { phrase } = (await started.json()) as { phrase: string }
    await setRobloxAbout(m.page.request, roblox.id, `Official middleman. ${phrase}`)
    const checked = await m.page.request.post('/api/verification/roblox/check', {
      headers: { origin: E2E_ORIGIN },
    })
    expect(checked.status(), await checked.text()).toBe(200)

    // The owner's ad; a trader's offer as requested; the owner accepts it.
    await createUser(page.request, uniqueEmail(testInfo, 'owner'), owner)
    const posted = await page.request.post('/api/trade-ads', {
      headers: { origin: E2E_ORIGIN },
      data: { game: 'blox-fruits', offering: [{ item: 'kitsune' }], requesting: [{ item: 'west-dragon' }] },
    })
    expect(posted.status()).toBe(201)
    const { id } = (await posted.json()) as { id: number }
    const adPath = `/trading/ad/${id}`

    const b = await ownBrowser(browser, testInfo, 'buyer', buyer)
    await b.page.goto(adPath)
    await b.page.getByRole('button', { name: 'Offer as requested' }).click()
    const buyersOffer = b.page.getByRole('article', { name: 'Your offer' })
    await expect(buyersOffer.getByText('Pending', { exact: true })).toBeVisible()
    // No middleman to ask for before the offer is accepted.
    await expect(buyersOffer.getByText('Official middleman')).toHaveCount(0)

    await page.goto(adPath)
    const offerSeen = page.getByRole('article', { name: `Offer from ${buyer}` })
    await offerSeen.getByRole('button', { name: 'Accept', exact: true }).click()
    await expect(offerSeen.getByText('Accepted', { exact: true })).toBeVisible()
    await expect(buyersOffer.getByText('Accepted', { exact: true })).toBeVisible()

    // The trader asks for a middleman on the accepted offer.
    await expect(buyersOffer.getByText('Official middleman')).toBeVisible()
    await buyersOffer.getByRole('button', { name: 'Request a middleman' }).click()
    await expect(buyersOffer).toContainText('Waiting for an official middleman to take the trade.')
    await expect(buyersOffer.getByRole('button', { name: 'Withdraw the request' })).toBeVisible()

    // The middleman finds the requests in their menu and takes this trade.
    await m.page.goto('/')
    await m.page.getByRole('button', { name: /account menu/ }).click()
    await m.page.getByRole('link', { name: 'Middleman requests' }).click()
    await expect(m.page).toHaveURL(/\/middleman$/)
    await expect(m.page.getByRole('heading', { level: 1, name: 'Middleman requests' })).toBeVisible()
    const open = m.page.getByRole('region', { name: 'Open requests' })
    const take = open.getByRole('button', { name: new RegExp(`^Take this trade between .*${buyer}`) })
    await expect(take).toBeVisible()
    // The request shows what was agreed, side by side: the owner gives the Kitsune, the buyer the West Dragon.
    const terms = open
      .getByRole('listitem')
      .filter({
        has: m.page.getByRole('button', { name: new RegExp(`^Take this trade between .*${buyer}`) }),
      })
      .getByRole('region', { name: 'Agreed terms' })
    await expect(terms).toContainText(`${owner}`)
    await expect(terms).toContainText('Kitsune')
    await expect(terms).toContainText('West Dragon')
    await expectAccessible(m.page)
    await take.click()
    await expect(take).toHaveCount(0)
    const jobs = m.page.getByRole('region', { name: 'My jobs' })
    const job = jobs.getByRole('listitem').filter({ hasText: buyer }).first()
    await expect(job.getByText('In progress', { exact: true })).toBeVisible()

    // The trader opens the conversation: the middleman is on it.
    await b.page.reload()
    await expect(buyersOffer).toContainText(`${mm}, a TradeHub middleman, is handling this trade`)
    await buyersOffer.getByRole('button', { name: /^Conversation/ }).click()
    await expect(buyersOffer.getByText('No messages yet.', { exact: false })).toBeVisible()
    await offerSeen.getByRole('button', { name: /^Conversation/ }).click()
    await expect(offerSeen.getByText('No messages yet.', { exact: false })).toBeVisible()

    // The middleman writes to both traders; the trader sees it arrive, with the badge.
    const box = job.getByLabel(/^Message to /)
    await box.fill('Hi both, I am your middleman. Owner, hand me the Kitsune first.')
    await job.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(box).toHaveValue('')
    await expect(job.getByRole('list', { name: /^Messages with / })).toContainText('hand me the Kitsune')
    const seen = b.page.getByRole('list', { name: `Messages with ${owner}` }).getByRole('listitem')
    await expect(seen).toHaveCount(1)
    await expect(seen).toContainText('hand me the Kitsune first.')
    await expect(seen).toContainText(mm)
    await expect(seen.getByText('TradeHub middleman')).toBeVisible()
    // The owner sees it too, live, with the same badge.
    const ownerSeen = page.getByRole('list', { name: `Messages with ${buyer}` }).getByRole('listitem')
    await expect(ownerSeen).toHaveCount(1)
    await expect(ownerSeen).toContainText('hand me the Kitsune first.')
    await expect(ownerSeen.getByText('TradeHub middleman')).toBeVisible()
    await expectAccessible(b.page)

    // The middleman closes the job as done, with a note.
    await expectAccessible(m.page)
    await job.getByRole('radio', { name: 'Done: both sides delivered' }).check()
    await job.getByLabel('Note for both traders').fill('Both sides delivered in Second Sea.')
    await job.getByRole('button', { name: 'Close the job' }).click()
    await expect(job.getByText('Done', { exact: true })).toBeVisible()
    await expect(job).toContainText('Your note: Both sides delivered in Second Sea.')
    await expect(job.getByRole('button', { name: 'Close the job' })).toHaveCount(0)

    // The trader reads the outcome and rates the job, once.
    await b.page.reload()
    await expect(buyersOffer).toContainText(
      `${mm} closed the job as done: Both sides delivered in Second Sea.`,
    )
    await buyersOffer.getByLabel(`Rate ${mm}'s job`).selectOption('4')
    await buyersOffer.getByRole('button', { name: 'Rate', exact: true }).click()
    await expect(buyersOffer.getByText('You rated this job.')).toBeVisible()
    await expect(buyersOffer.getByLabel(`Rate ${mm}'s job`)).toHaveCount(0)

    // /escrow-service lists the middleman and answers the check: yes by username and by Roblox name, saying
    // which one it is, with both names and the Roblox avatar.
    await page.goto('/escrow-service')
    await expect(page.getByRole('heading', { level: 1, name: 'Escrow service' })).toBeVisible()
    const list = page.getByRole('region', { name: 'The official middlemen' })
    await expect(list.getByRole('link', { name: mm, exact: true })).toBeVisible()
    await expect(page.getByRole('main')).not.toContainText(/\bSoon\b/)
    const checkBox = page.getByRole('region', { name: 'Is this person an official middleman?' })
    const nameField = checkBox.getByLabel('Username or Roblox name')
    const check = checkBox.getByRole('button', { name: 'Check', exact: true })

    await nameField.fill(mm)
    await check.click()
    await expect(
      checkBox.getByText(`Yes: ${mm} is the TradeHub username of an official TradeHub middleman.`),
    ).toBeVisible()
    await expect(checkBox.getByText(`@${robloxName}`, { exact: true })).toBeVisible()
    await expectAccessible(page)

    await nameField.fill(robloxName)
    await check.click()
    await expect(
      checkBox.getByText(`Yes: ${robloxName} is the Roblox name of an official TradeHub middleman.`),
    ).toBeVisible()
    await expect(checkBox.getByRole('link', { name: mm, exact: true })).toBeVisible()

    // Someone else (a trader of this very trade) is not one.
    await nameField.fill(owner)
    await check.click()
    await expect(checkBox.getByText(`${owner} is not a TradeHub middleman.`)).toBeVisible()
    await expect(checkBox.getByText(/of an official TradeHub middleman/)).toHaveCount(0)
    await expectAccessible(page)

    expect(b.errors).toEqual([])
    expect(m.errors).toEqual([])
    await b.close()
    await m.close()
  })
})
