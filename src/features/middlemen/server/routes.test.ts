import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MIDDLEMAN_MESSAGES,
  middlemanCheckResponseSchema,
  middlemanQueueResponseSchema,
  middlemanRequestSchema,
  middlemenResponseSchema,
  offerMiddlemanResponseSchema,
} from '@/features/middlemen/contract'
import { notifications } from '@/features/notifications/server/public'
import { tradeMessageSchema, tradeMessagesResponseSchema } from '@/features/trading/contract'
import { robloxAccounts } from '@/features/verification/tables'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { offerAction, signedInTrader, tradeBetween } from '@/test/trading'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let robloxIds = 7_000_000

beforeAll(async () => {
  t = await createTestApp({ limits: { middlemen: { requestsPerHour: { max: 4, windowSeconds: 3600 } } } })
})
afterAll(() => t.close())

/** Two traders and an offer between them, accepted unless told. */
const trade = ({ accept = true } = {}) => tradeBetween(t, { accept })

/** An official middleman with a username, and a verified Roblox account unless told. */
async function middleman({ verified = true } = {}) {
  const user = await signedInUser(t, freshEmail('mm'), ['middleman'])
  const username = `mm${process.pid % 1000}_${++robloxIds % 100_000}`
  expect((await send(t, '/api/profile/username', { body: { username }, cookie: user.cookie })).status).toBe(
    200,
  )
  const robloxName = `Holder_${robloxIds}`
  if (verified)
    await t.database.db.insert(robloxAccounts).values({
      userId: user.id,
      robloxId: robloxIds,
      name: robloxName,
      displayName: 'Holder',
      avatarUrl: null,
    })
  return { ...user, username, robloxName }
}

const request = (offerId: number, by?: { cookie: string }, method = 'POST') =>
  send(t, `/api/trade-offers/${offerId}/middleman`, { method, cookie: by?.cookie })
const claim = (id: number, by?: { cookie: string }) =>
  send(t, `/api/middleman/requests/${id}/claim`, { method: 'POST', cookie: by?.cookie })
const close = (id: number, by: { cookie: string } | undefined, body: unknown) =>
  send(t, `/api/middleman/requests/${id}/close`, { body, cookie: by?.cookie })
const rate = (id: number, by: { cookie: string } | undefined, body: unknown) =>
  send(t, `/api/middleman/requests/${id}/rating`, { body, cookie: by?.cookie })

async function requested() {
  const deal = await trade()
  const res = await request(deal.offerId, deal.offerer)
  expect(res.status, await res.clone().text()).toBe(201)
  return { ...deal, requestId: middlemanRequestSchema.parse(await res.json()).id }
}

async function claimed() {
  const deal = await requested()
  const mm = await middleman()
  expect((await claim(deal.requestId, mm)).status).toBe(200)
  return { ...deal, mm }
}

describe('the middleman role', () => {
  it('an admin grants it with POST /api/admin/roles (once, 409 after); others cannot; the new middleman needs a verified Roblox account', async () => {
    const admin = await signedInUser(t, freshEmail('admin'), ['admin'])
    const user = await signedInUser(t, freshEmail('mm-grant'))
    const grant = (by: { cookie: string } | undefined) =>
      send(t, '/api/admin/roles', { body: { email: user.email, role: 'middleman' }, cookie: by?.cookie })
    expect((await grant(undefined)).status).toBe(401)
    for (const by of [
      await signedInTrader(t),
      await signedInUser(t, freshEmail('mod'), ['moderator']),
      await signedInUser(t, freshEmail('ge'), ['guide-editor']),
      await middleman(),
    ])
      expect((await grant(by)).status).toBe(403)
    expect((await send(t, '/api/middleman/requests', { cookie: user.cookie })).status).toBe(403)
    const granted = await grant(admin)
    expect(granted.status, await granted.clone().text()).toBe(201)
    const again = await grant(admin)
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      message: `User ${user.email} is already a middleman`,
    })
    // The role opens the queue; taking a trade still needs a verified Roblox account.
    expect((await send(t, '/api/middleman/requests', { cookie: user.cookie })).status).toBe(200)
    const deal = await requested()
    const refused = await claim(deal.requestId, user)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(MIDDLEMAN_MESSAGES.robloxFirst)
  })

  it('the queue and claims refuse a visitor (401) and every other role (403)', async () => {
    const deal = await requested()
    expect((await claim(deal.requestId)).status).toBe(401)
    for (const who of [
      deal.offerer,
      await signedInUser(t, freshEmail('ge'), ['guide-editor']),
      await signedInUser(t, freshEmail('mod'), ['moderator']),
      await signedInUser(t, freshEmail('admin'), ['admin']),
    ]) {
      expect((await send(t, '/api/middleman/requests', { cookie: who.cookie })).status).toBe(403)
      expect((await claim(deal.requestId, who)).status).toBe(403)
    }
    expect((await claim(deal.requestId, await middleman())).status).toBe(200)
  })
})

describe('requests on accepted trades', () => {
  it('either trader requests once per offer; others, visitors and the wrong status are refused', async () => {
    const deal = await trade()
    expect((await request(deal.offerId)).status).toBe(401)
    const stranger = await signedInTrader(t)
    expect((await request(deal.offerId, stranger)).status).toBe(404)
    const first = await request(deal.offerId, deal.owner)
    expect(first.status).toBe(201)
    const body = middlemanRequestSchema.parse(await first.json())
    expect(body).toMatchObject({
      offerId: deal.offerId,
      status: 'open',
      middleman: null,
      game: 'blox-fruits',
    })
    expect(body.traders.map((x) => x.username)).toEqual([deal.owner.username, deal.offerer.username])
    const again = await request(deal.offerId, deal.offerer)
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(MIDDLEMAN_MESSAGES.alreadyRequested)

    const seen = await send(t, `/api/trade-offers/${deal.offerId}/middleman`, { cookie: deal.offerer.cookie })
    expect(offerMiddlemanResponseSchema.parse(await seen.json()).request?.status).toBe('open')
    expect(
      (await send(t, `/api/trade-offers/${deal.offerId}/middleman`, { cookie: stranger.cookie })).status,
    ).toBe(404)

    const pending = await trade({ accept: false })
    const refused = await request(pending.offerId, pending.owner)
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toBe(MIDDLEMAN_MESSAGES.notAccepted)
    expect((await request(Number.NaN as unknown as number, deal.owner)).status).toBe(400)
  })

  it('a trader withdraws an open request, then may ask again', async () => {
    const deal = await requested()
    expect((await request(deal.offerId, deal.owner, 'DELETE')).status).toBe(204)
    expect((await request(deal.offerId, deal.owner, 'DELETE')).status).toBe(409)
    expect((await request(deal.offerId, deal.owner)).status).toBe(201)
  })

  it('requests are rate-limited', async () => {
    const offerer = await signedInTrader(t)
    let last = 0
    for (let i = 0; i < 5; i++) {
      const { offerId } = await tradeBetween(t, { offerer })
      last = (await request(offerId, offerer)).status
    }
    expect(last).toBe(429)
  })
})

describe('the queue and claims', () => {
  it('only middlemen read the queue', async () => {
    const deal = await requested()
    expect((await send(t, '/api/middleman/requests')).status).toBe(401)
    for (const who of [
      deal.owner,
      await signedInUser(t, freshEmail('mod'), ['moderator']),
      await signedInUser(t, freshEmail('admin'), ['admin']),
    ])
      expect((await send(t, '/api/middleman/requests', { cookie: who.cookie })).status).toBe(403)
    const mm = await middleman()
    const queue = middlemanQueueResponseSchema.parse(
      await (await send(t, '/api/middleman/requests', { cookie: mm.cookie })).json(),
    )
    expect(queue.requests.some((r) => r.id === deal.requestId)).toBe(true)
    expect(queue.jobs).toEqual([])
  })

  it('the first claim wins; both traders are told; the claim is audited', async () => {
    const deal = await requested()
    const [a, b] = [await middleman(), await middleman()]
    const first = await claim(deal.requestId, a)
    expect(first.status).toBe(200)
    expect(middlemanRequestSchema.parse(await first.json())).toMatchObject({
      status: 'claimed',
      middleman: a.username,
    })
    const second = await claim(deal.requestId, b)
    expect(second.status).toBe(409)
    expect((await errorOf(second)).message).toBe(MIDDLEMAN_MESSAGES.alreadyClaimed)
    for (const trader of [deal.owner, deal.offerer]) {
      const rows = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, trader.id), eq(notifications.kind, 'middleman')))
      expect(rows.map((r) => r.title)).toEqual(['A TradeHub middleman joined your trade'])
    }
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'middleman.claim'))
    expect(audit.some((e) => e.actorId === a.id)).toBe(true)
    const queue = middlemanQueueResponseSchema.parse(
      await (await send(t, '/api/middleman/requests', { cookie: a.cookie })).json(),
    )
    expect(queue.jobs.map((j) => j.id)).toContain(deal.requestId)
    expect(queue.requests.map((j) => j.id)).not.toContain(deal.requestId)
  })

  it('the queue shows the terms the traders accepted after a counter, the negotiation and their Roblox accounts', async () => {
    const deal = await trade({ accept: false })
    // The owner counters (one Kitsune for the West Dragon and a Dough); the offerer accepts that.
    const countered = await send(t, `/api/trade-offers/${deal.offerId}/counter`, {
      cookie: deal.owner.cookie,
      body: { offering: [{ item: 'west-dragon' }, { item: 'dough' }], requesting: [{ item: 'kitsune' }] },
    })
    expect(countered.status, await countered.clone().text()).toBe(201)
    await offerAction(t, deal.offerId, 'accept', deal.offerer)
    expect((await request(deal.offerId, deal.offerer)).status).toBe(201)
    await t.database.db.insert(robloxAccounts).values({
      userId: deal.owner.id,
      robloxId: 800_000_000 + deal.offerId,
      name: `owner_rbx_${deal.offerId}`,
      displayName: 'Owner On Roblox',
      avatarUrl: null,
    })
    const mm = await middleman()
    const queue = middlemanQueueResponseSchema.parse(
      await (await send(t, '/api/middleman/requests', { cookie: mm.cookie })).json(),
    )
    const job = queue.requests.find((r) => r.offerId === deal.offerId)!
    expect(job.traders).toEqual([
      {
        username: deal.owner.username,
        roblox: { name: `owner_rbx_${deal.offerId}`, displayName: 'Owner On Roblox', avatarUrl: null },
      },
      { username: deal.offerer.username, roblox: null },
    ])
    expect(job.rounds.map((r) => [r.round, r.proposer])).toEqual([
      [1, deal.offerer.username],
      [2, deal.owner.username],
    ])
    // The accepted terms are the counter's, with each item's value.
    const accepted = job.rounds.at(-1)!
    expect(accepted.offering.map((s) => s.item)).toEqual(['west-dragon', 'dough'])
    expect(accepted.requesting.map((s) => s.item)).toEqual(['kitsune'])
    expect(accepted.offering.every((s) => typeof s.value === 'number')).toBe(true)
    expect(accepted.wfl.offering).toBeGreaterThan(0)
  })

  it('refuses a middleman without a verified Roblox account, of their own trade, and unknown requests', async () => {
    const deal = await requested()
    const unverified = await middleman({ verified: false })
    const res = await claim(deal.requestId, unverified)
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe(MIDDLEMAN_MESSAGES.robloxFirst)
    expect((await claim(999_999_999, await middleman())).status).toBe(404)
    expect((await claim(deal.requestId, deal.owner)).status).toBe(403) // not a middleman
    const own = await middleman()
    const { offerId, offerer } = await tradeBetween(t, { owner: own })
    const mine = middlemanRequestSchema.parse(await (await request(offerId, offerer)).json())
    const refused = await claim(mine.id, own)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(MIDDLEMAN_MESSAGES.ownTrade)
    expect(
      (await send(t, '/api/middleman/requests/abc/claim', { method: 'POST', cookie: own.cookie })).status,
    ).toBe(400)
  })
})

describe('the conversation', () => {
  it('the working middleman reads and writes with the badge; others still cannot', async () => {
    const deal = await claimed()
    const path = `/api/trade-offers/${deal.offerId}/messages`
    const other = await middleman()
    expect((await send(t, path, { cookie: other.cookie })).status).toBe(404)
    expect((await send(t, path, { body: { body: 'hi' }, cookie: other.cookie })).status).toBe(404)
    const res = await send(t, path, {
      body: { body: 'I am your middleman: owner hands me the Kitsune.' },
      cookie: deal.mm.cookie,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    expect(tradeMessageSchema.parse(await res.json())).toMatchObject({
      author: 'middleman',
      username: deal.mm.username,
    })
    expect((await send(t, path, { body: { body: 'ok' }, cookie: deal.owner.cookie })).status).toBe(201)
    const list = tradeMessagesResponseSchema.parse(
      await (await send(t, path, { cookie: deal.offerer.cookie })).json(),
    )
    expect(list.messages.map((m) => m.author)).toEqual(['middleman', 'owner'])
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'trade-message'), eq(notifications.userId, deal.offerer.id)))
    expect(told.map((n) => n.title)).toContain(`New message from the middleman ${deal.mm.username}`)
  })
})

describe('closing and rating a job', () => {
  it('the middleman closes with a note; traders rate once; the list shows the job and the rating', async () => {
    const deal = await claimed()
    expect((await close(deal.requestId, deal.owner, { outcome: 'done', note: 'x' })).status).toBe(403)
    const otherMm = await middleman()
    const notMine = await close(deal.requestId, otherMm, { outcome: 'done', note: 'x' })
    expect(notMine.status).toBe(403)
    expect((await errorOf(notMine)).message).toBe(MIDDLEMAN_MESSAGES.notYourJob)
    expect((await close(deal.requestId, deal.mm, { outcome: 'maybe', note: 'x' })).status).toBe(400)
    expect((await close(deal.requestId, deal.mm, { outcome: 'done', note: '' })).status).toBe(400)
    expect((await rate(deal.requestId, deal.owner, { rating: 5 })).status).toBe(409) // not closed yet
    const closed = await close(deal.requestId, deal.mm, { outcome: 'done', note: 'Both sides delivered.' })
    expect(closed.status).toBe(200)
    expect(middlemanRequestSchema.parse(await closed.json())).toMatchObject({
      status: 'done',
      note: 'Both sides delivered.',
    })
    expect((await close(deal.requestId, deal.mm, { outcome: 'failed', note: 'again' })).status).toBe(409)
    for (const trader of [deal.owner, deal.offerer]) {
      const rows = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, trader.id), eq(notifications.kind, 'middleman')))
      expect(rows.length, 'claimed, then closed').toBe(2)
    }
    const closes = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'middleman.close'))
    expect(closes.some((e) => e.actorId === deal.mm.id)).toBe(true)

    // Read-only for the middleman once closed.
    const path = `/api/trade-offers/${deal.offerId}/messages`
    expect((await send(t, path, { cookie: deal.mm.cookie })).status).toBe(200)
    expect((await send(t, path, { body: { body: 'late' }, cookie: deal.mm.cookie })).status).toBe(409)

    expect((await rate(deal.requestId, deal.owner, { rating: 6 })).status).toBe(400)
    expect((await rate(deal.requestId, otherMm, { rating: 5 })).status).toBe(404)
    expect((await rate(deal.requestId, undefined, { rating: 5 })).status).toBe(401)
    expect((await rate(deal.requestId, deal.owner, { rating: 5 })).status).toBe(201)
    expect((await rate(deal.requestId, deal.offerer, { rating: 4, comment: 'Quick' })).status).toBe(201)
    const twice = await rate(deal.requestId, deal.owner, { rating: 1 })
    expect(twice.status).toBe(409)
    expect((await errorOf(twice)).message).toBe(MIDDLEMAN_MESSAGES.alreadyRated)

    const list = middlemenResponseSchema.parse(await (await send(t, '/api/middlemen')).json())
    expect(list.middlemen.find((m) => m.username === deal.mm.username)).toMatchObject({
      jobsDone: 1,
      rating: { average: 4.5, count: 2 },
      roblox: { name: deal.mm.robloxName },
    })
  })
})

describe('the public list, the check and the games', () => {
  it('lists middlemen publicly; the check matches a username or a Roblox name in any case', async () => {
    const mm = await middleman()
    const plain = await signedInTrader(t)
    const list = middlemenResponseSchema.parse(await (await send(t, '/api/middlemen')).json())
    expect(list.middlemen.map((m) => m.username)).toContain(mm.username)
    expect(list.middlemen.map((m) => m.username)).not.toContain(plain.username)
    const check = async (name: string) =>
      middlemanCheckResponseSchema.parse(
        await (await send(t, `/api/middlemen/check?name=${encodeURIComponent(name)}`)).json(),
      )
    expect(await check(mm.username.toUpperCase())).toMatchObject({ middleman: { username: mm.username } })
    expect((await check(`@${mm.robloxName.toLowerCase()}`)).official).toBe(true)
    expect(await check(plain.username)).toEqual({ official: false })
    expect((await send(t, '/api/middlemen/check?name=')).status).toBe(400)
    expect((await send(t, `/api/middlemen/check?name=${'a'.repeat(41)}`)).status).toBe(400)
  })

  it('a middleman sets their games; others cannot', async () => {
    const mm = await middleman()
    const put = (by: { cookie: string } | undefined, body: unknown) =>
      send(t, '/api/middleman/profile', { method: 'PUT', body, cookie: by?.cookie })
    expect((await put(undefined, { games: [] })).status).toBe(401)
    expect((await put(await signedInTrader(t), { games: [] })).status).toBe(403)
    expect((await put(mm, { games: ['chess'] })).status).toBe(400)
    expect((await put(mm, { games: ['fisch', 'blox-fruits'] })).status).toBe(204)
    const list = middlemenResponseSchema.parse(await (await send(t, '/api/middlemen')).json())
    expect(list.middlemen.find((m) => m.username === mm.username)?.games).toEqual(['blox-fruits', 'fisch'])
  })
})
