import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  DISPUTE_LIMITS,
  DISPUTE_MESSAGES,
  disputeMessageSchema,
  disputeQueueResponseSchema,
  disputeSchema,
  myDisputesResponseSchema,
} from '@/features/disputes/contract'
import { middlemanRequests } from '@/features/middlemen/tables'
import { notifications } from '@/features/notifications/server/public'
import { DECISION_MESSAGES } from '@/features/roles/policy'
import { userRoles, userSuspensions } from '@/features/roles/tables'
import { reviewsResponseSchema } from '@/features/trust/contract'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { blackPng } from '@/test/images'
import { signedInTrader, tradeBetween } from '@/test/trading'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
const DAY = 24 * 60 * 60 * 1000

let t: TestApp
/** The server's clock runs this far ahead of the real one (the 14-day window); reset after each test. */
let ahead = 0

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(Date.now() + ahead),
    limits: { disputes: { opensPerHour: { max: 3, windowSeconds: 3600 } } },
  })
})
afterAll(() => t.close())
afterEach(() => {
  ahead = 0
})

/** Two traders and an accepted offer between them, completed unless told. */
const trade = ({ complete = true, accept = true } = {}) => tradeBetween(t, { accept, complete })

const open = (offerId: number, by: { cookie: string } | undefined, body: unknown) =>
  send(t, `/api/trade-offers/${offerId}/dispute`, { body, cookie: by?.cookie })

const CLAIM = { reason: 'not-received', details: 'I sent my Kitsune, nothing came back.' }

/** A trade and a dispute opened by the offerer against the owner. */
async function disputed() {
  const deal = await trade()
  const res = await open(deal.offerId, deal.offerer, CLAIM)
  expect(res.status, await res.clone().text()).toBe(201)
  const { id } = (await res.json()) as { id: number }
  return { ...deal, id }
}

const read = (id: number, by?: { cookie: string }) => send(t, `/api/disputes/${id}`, { cookie: by?.cookie })
const write = (id: number, by: { cookie: string } | undefined, body: unknown) =>
  send(t, `/api/disputes/${id}/messages`, { body, cookie: by?.cookie })
const resolve = (id: number, by: { cookie: string } | undefined, body: unknown) =>
  send(t, `/api/admin/disputes/${id}/resolve`, { body, cookie: by?.cookie })

function upload(id: number, by: { cookie: string } | undefined, bytes: Uint8Array, type = 'image/png') {
  const form = new FormData()
  form.append('evidence', new File([new Uint8Array(bytes)], 'shot.png', { type }))
  return send(t, `/api/disputes/${id}/evidence`, { body: form, cookie: by?.cookie })
}

const moderator = () => signedInUser(t, freshEmail('mod'), ['moderator'])
const admin = () => signedInUser(t, freshEmail('admin'), ['admin'])

/** A middleman who claimed the trade's request. */
async function middlemanOf(offerId: number) {
  const mm = await signedInUser(t, freshEmail('mm'), ['middleman'])
  await t.database.db
    .insert(middlemanRequests)
    .values({ offerId, status: 'claimed', middlemanId: mm.id, claimedAt: new Date() })
  return mm
}

async function screenshot(width = 640, height = 360) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .png()
      .toBuffer(),
  )
}

describe('POST /api/trade-offers/:id/dispute', () => {
  it('opens a dispute on a completed trade: 201 { id }, the other trader notified', async () => {
    const { owner, id } = await disputed()
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'dispute')))
    expect(notice?.link).toBe(`/dispute-center/${id}`)
  })

  it('opens one on an accepted trade too, by the ad owner', async () => {
    const { owner, offerId } = await trade({ complete: false })
    expect((await open(offerId, owner, { reason: 'scam', details: 'Blocked me' })).status).toBe(201)
  })

  it('takes each of the four reasons', async () => {
    for (const reason of ['not-received', 'wrong-items', 'scam', 'other']) {
      const { offerer, offerId } = await trade()
      const res = await open(offerId, offerer, { reason, details: `Reason ${reason}` })
      expect(res.status, reason).toBe(201)
      const { id } = (await res.json()) as { id: number }
      expect(disputeSchema.parse(await (await read(id, offerer)).json()).reason).toBe(reason)
    }
  })

  it('one open dispute per trade: the second is 409, by either trader', async () => {
    const { owner, offerer, offerId } = await disputed()
    for (const by of [offerer, owner]) {
      const res = await open(offerId, by, { reason: 'other', details: 'Again' })
      expect(await errorOf(res)).toMatchObject({ status: 409, message: DISPUTE_MESSAGES.alreadyOpen })
    }
  })

  it('a pending offer 409; past 14 days 409', async () => {
    const pending = await trade({ accept: false })
    expect(await errorOf(await open(pending.offerId, pending.offerer, CLAIM))).toMatchObject({
      status: 409,
      message: DISPUTE_MESSAGES.notDisputable,
    })
    const old = await trade()
    ahead = (DISPUTE_LIMITS.windowDays + 1) * DAY
    expect(await errorOf(await open(old.offerId, old.offerer, CLAIM))).toMatchObject({
      status: 409,
      message: DISPUTE_MESSAGES.tooLate,
    })
  })

  it('visitor 401; another trader, a moderator 404; no such trade 404', async () => {
    const { offerId } = await trade()
    expect((await open(offerId, undefined, CLAIM)).status).toBe(401)
    expect((await open(offerId, await signedInTrader(t), CLAIM)).status).toBe(404)
    expect((await open(offerId, await moderator(), CLAIM)).status).toBe(404)
    expect((await open(999_999_999, await signedInTrader(t), CLAIM)).status).toBe(404)
  })

  it('bad input is 400 and opens nothing', async () => {
    const { offerer, offerId } = await trade()
    for (const body of [
      {},
      { reason: 'bored', details: 'x' },
      { reason: 'scam' },
      { reason: 'scam', details: '   ' },
      { reason: 'scam', details: 'x'.repeat(DISPUTE_LIMITS.maxDetails + 1) },
      { reason: 'scam', details: 'x', extra: true },
      { reason: 'scam', details: 'a\u0000b' },
    ])
      expect((await open(offerId, offerer, body)).status, JSON.stringify(body)).toBe(400)
    expect((await open(0, offerer, CLAIM)).status).toBe(400)
    expect((await open(offerId, offerer, CLAIM)).status).toBe(201) // nothing was opened before
  })

  it('is rate-limited (429)', async () => {
    const trader = await signedInTrader(t)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await open(999_999_000 + i, trader, CLAIM)).status)
    expect(statuses).toEqual([404, 404, 404, 429])
  })
})

describe('GET /api/disputes/:id and GET /api/disputes', () => {
  it('the two traders, the middleman, a moderator and an admin read it; others 404; visitor 401', async () => {
    const { owner, offerer, offerId, id } = await disputed()
    const mm = await middlemanOf(offerId)
    const roles: [{ cookie: string }, string][] = [
      [offerer, 'opener'],
      [owner, 'respondent'],
      [mm, 'middleman'],
      [await moderator(), 'moderator'],
      [await admin(), 'moderator'],
    ]
    for (const [by, role] of roles) {
      const res = await read(id, by)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toContain('no-store')
      const dispute = disputeSchema.parse(await res.json())
      expect(dispute).toMatchObject({ role, reason: 'not-received', status: 'open', details: CLAIM.details })
      expect(dispute.opener.username).toBe(offerer.username)
      expect(dispute.respondent.username).toBe(owner.username)
    }
    expect((await read(id)).status).toBe(401)
    expect((await read(id, await signedInTrader(t))).status).toBe(404)
    expect((await read(id, await signedInUser(t, freshEmail('mm2'), ['middleman']))).status).toBe(404)
    expect((await read(id, await signedInUser(t, freshEmail('ge'), ['guide-editor']))).status).toBe(404)
    expect((await read(999_999_999, offerer)).status).toBe(404)
    expect((await read(0, offerer)).status).toBe(400)
  })

  it('lists my disputes, opened by me or against me; not others', async () => {
    const { owner, offerer, id } = await disputed()
    for (const by of [owner, offerer]) {
      const res = await send(t, '/api/disputes', { cookie: by.cookie })
      expect(res.status).toBe(200)
      expect(myDisputesResponseSchema.parse(await res.json()).disputes.map((d) => d.id)).toEqual([id])
    }
    const other = await send(t, '/api/disputes', { cookie: (await signedInTrader(t)).cookie })
    expect(myDisputesResponseSchema.parse(await other.json()).disputes).toEqual([])
    expect((await send(t, '/api/disputes')).status).toBe(401)
  })
})

describe('POST /api/disputes/:id/messages', () => {
  it('the other trader answers: 201, the opener notified; the middleman and a moderator write too', async () => {
    const { owner, offerer, offerId, id } = await disputed()
    const res = await write(id, owner, { body: 'I sent it, here is why.' })
    expect(res.status).toBe(201)
    expect(disputeMessageSchema.parse(await res.json())).toMatchObject({
      author: owner.username,
      role: 'respondent',
    })
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, offerer.id), eq(notifications.kind, 'dispute')))
    expect(notices.map((n) => n.title)).toContain('A new message in your dispute')
    expect((await write(id, await middlemanOf(offerId), { body: 'I watched it.' })).status).toBe(201)
    expect((await write(id, await moderator(), { body: 'Any proof?' })).status).toBe(201)
    const dispute = disputeSchema.parse(await (await read(id, offerer)).json())
    expect(dispute.messages.map((m) => m.role)).toEqual(['respondent', 'middleman', 'moderator'])
  })

  it('visitor 401, another trader 404, bad input 400, a decided dispute 409', async () => {
    const { owner, id } = await disputed()
    expect((await write(id, undefined, { body: 'x' })).status).toBe(401)
    expect((await write(id, await signedInTrader(t), { body: 'x' })).status).toBe(404)
    for (const body of [
      {},
      { body: '' },
      { body: ' ' },
      { body: 'x'.repeat(DISPUTE_LIMITS.maxMessage + 1) },
      { body: 1 },
    ])
      expect((await write(id, owner, body)).status, JSON.stringify(body)).toBe(400)
    expect((await resolve(id, await moderator(), { outcome: 'rejected' })).status).toBe(200)
    expect(await errorOf(await write(id, owner, { body: 'late' }))).toMatchObject({
      status: 409,
      message: DISPUTE_MESSAGES.closed,
    })
  })
})

describe('POST /api/disputes/:id/evidence', () => {
  it('the traders add images: re-encoded WebP, aspect kept, served privately to readers only', async () => {
    const { owner, offerer, offerId, id } = await disputed()
    const res = await upload(id, offerer, await screenshot(2400, 1200))
    expect(res.status, await res.clone().text()).toBe(201)
    expect((await upload(id, owner, await screenshot())).status).toBe(201)
    const dispute = disputeSchema.parse(await (await read(id, offerer)).json())
    expect(dispute.evidence.map((e) => [e.width, e.height, e.by])).toEqual([
      [DISPUTE_LIMITS.evidenceSide, DISPUTE_LIMITS.evidenceSide / 2, offerer.username],
      [640, 360, owner.username],
    ])
    const url = dispute.evidence[0]!.url
    for (const by of [offerer, owner, await middlemanOf(offerId), await moderator()]) {
      const image = await send(t, url, { cookie: by.cookie })
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      expect(image.headers.get('cache-control')).toMatch(/^private/)
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp')
    }
    expect((await send(t, url)).status).toBe(401)
    expect((await send(t, url, { cookie: (await signedInTrader(t)).cookie })).status).toBe(404)
    expect((await send(t, `/api/disputes/${id}/evidence/999999999`, { cookie: offerer.cookie })).status).toBe(
      404,
    )
  })

  it('at most 5 a dispute (409); the middleman or a moderator 403; visitor 401; another trader 404', async () => {
    const { owner, offerer, offerId, id } = await disputed()
    const png = await screenshot(64, 64)
    for (let i = 0; i < DISPUTE_LIMITS.maxEvidence; i++)
      expect((await upload(id, i % 2 ? owner : offerer, png)).status).toBe(201)
    expect(await errorOf(await upload(id, offerer, png))).toMatchObject({
      status: 409,
      message: DISPUTE_MESSAGES.tooManyEvidence,
    })
    expect((await upload(id, await middlemanOf(offerId), png)).status).toBe(403)
    expect((await upload(id, await moderator(), png)).status).toBe(403)
    expect((await upload(id, undefined, png)).status).toBe(401)
    expect((await upload(id, await signedInTrader(t), png)).status).toBe(404)
  })

  it('takes JPEG and WebP as well as PNG, each stored as WebP', async () => {
    const { owner, offerer, id } = await disputed()
    const image = sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 9, g: 90, b: 9 } },
    })
    const jpeg = new Uint8Array(await image.clone().jpeg().toBuffer())
    const webp = new Uint8Array(await image.clone().webp().toBuffer())
    expect((await upload(id, offerer, jpeg, 'image/jpeg')).status).toBe(201)
    expect((await upload(id, owner, webp, 'image/webp')).status).toBe(201)
    const dispute = disputeSchema.parse(await (await read(id, offerer)).json())
    for (const e of dispute.evidence) {
      expect([e.width, e.height]).toEqual([300, 200])
      const served = await send(t, e.url, { cookie: offerer.cookie })
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp')
    }
  })

  it('refuses what is no picture, too large or out of shape (400/413), and after the decision (409)', async () => {
    const { offerer, id } = await disputed()
    expect((await upload(id, offerer, new TextEncoder().encode('<svg></svg>'))).status).toBe(400)
    expect((await upload(id, offerer, blackPng(5000, 100))).status).toBe(400)
    expect((await upload(id, offerer, blackPng(100, 1000))).status).toBe(400)
    expect((await upload(id, offerer, new Uint8Array(DISPUTE_LIMITS.evidenceMaxBytes + 1))).status).toBe(413)
    const empty = await send(t, `/api/disputes/${id}/evidence`, {
      body: new FormData(),
      cookie: offerer.cookie,
    })
    expect(empty.status).toBe(400)
    expect(disputeSchema.parse(await (await read(id, offerer)).json()).evidence).toEqual([])
    expect((await resolve(id, await moderator(), { outcome: 'rejected' })).status).toBe(200)
    expect((await upload(id, offerer, await screenshot(64, 64))).status).toBe(409)
  })
})

describe('moderators: GET /api/admin/disputes and POST /api/admin/disputes/:id/resolve', () => {
  it('the queue puts open disputes first; visitor 401, traders and the middleman 403', async () => {
    const first = await disputed()
    const decided = await disputed()
    const mod = await moderator()
    expect((await resolve(decided.id, mod, { outcome: 'rejected', note: 'No proof' })).status).toBe(200)
    const res = await send(t, '/api/admin/disputes', { cookie: mod.cookie })
    expect(res.status).toBe(200)
    const queue = disputeQueueResponseSchema.parse(await res.json())
    const ids = queue.disputes.map((d) => d.id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(decided.id))
    expect(queue.disputes.findIndex((d) => d.status !== 'open')).toBe(queue.open)
    expect((await send(t, '/api/admin/disputes', { cookie: (await admin()).cookie })).status).toBe(200)
    expect((await send(t, '/api/admin/disputes')).status).toBe(401)
    for (const by of [first.owner, first.offerer, await middlemanOf(first.offerId)])
      expect((await send(t, '/api/admin/disputes', { cookie: by.cookie })).status).toBe(403)
    expect((await send(t, '/api/admin/disputes?page=0', { cookie: mod.cookie })).status).toBe(400)
  })

  it('upheld: the other trader’s record shows it, suspended on request, both notified, audited', async () => {
    const { owner, offerer, id } = await disputed()
    const mod = await moderator()
    const res = await resolve(id, mod, { outcome: 'upheld', note: 'Proof is clear', suspend: true })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(disputeSchema.parse(await res.json())).toMatchObject({
      status: 'upheld',
      resolution: { note: 'Proof is clear' },
    })
    const reviews = reviewsResponseSchema.parse(
      await (await send(t, `/api/users/${owner.username}/reviews`)).json(),
    )
    expect(reviews.summary.disputesUpheld).toBe(1)
    const opener = reviewsResponseSchema.parse(
      await (await send(t, `/api/users/${offerer.username}/reviews`)).json(),
    )
    expect(opener.summary.disputesUpheld).toBe(0)
    expect(
      await t.database.db.select().from(userSuspensions).where(eq(userSuspensions.userId, owner.id)),
    ).toHaveLength(1)
    for (const [userId, title] of [
      [offerer.id, 'Your dispute was upheld'],
      [owner.id, 'A dispute against you was upheld'],
    ] as const) {
      const notices = await t.database.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(eq(notifications.userId, userId))
      expect(notices.map((n) => n.title)).toContain(title)
    }
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispute.resolve'), eq(auditLog.actorId, mod.id)))
    expect(entry).toMatchObject({ targetUserId: owner.id })
    expect(entry?.detail).toMatchObject({ dispute: id, outcome: 'upheld', suspend: true })
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.suspend'), eq(auditLog.targetUserId, owner.id))),
    ).toHaveLength(1)
    // Decided: a second decision 409; a new dispute may be opened on the trade.
    expect((await resolve(id, mod, { outcome: 'rejected' })).status).toBe(409)
  })

  it('rejected: no mark, no suspension (suspend is for upheld only)', async () => {
    const { owner, id } = await disputed()
    expect((await resolve(id, await admin(), { outcome: 'rejected', suspend: true })).status).toBe(200)
    const reviews = reviewsResponseSchema.parse(
      await (await send(t, `/api/users/${owner.username}/reviews`)).json(),
    )
    expect(reviews.summary.disputesUpheld).toBe(0)
    expect(
      await t.database.db.select().from(userSuspensions).where(eq(userSuspensions.userId, owner.id)),
    ).toEqual([])
  })

  it('visitor 401; the traders and the middleman 403; bad input 400; no such dispute 404', async () => {
    const { owner, offerer, offerId, id } = await disputed()
    expect((await resolve(id, undefined, { outcome: 'upheld' })).status).toBe(401)
    for (const by of [owner, offerer, await middlemanOf(offerId)])
      expect((await resolve(id, by, { outcome: 'upheld' })).status).toBe(403)
    const mod = await moderator()
    for (const body of [
      {},
      { outcome: 'maybe' },
      { outcome: 'upheld', note: 'x'.repeat(DISPUTE_LIMITS.maxNote + 1) },
      { outcome: 'upheld', suspend: 'yes' },
      { outcome: 'upheld', other: 1 },
    ])
      expect((await resolve(id, mod, body)).status, JSON.stringify(body)).toBe(400)
    expect((await resolve(0, mod, { outcome: 'upheld' })).status).toBe(400)
    expect((await resolve(999_999_999, mod, { outcome: 'upheld' })).status).toBe(404)
    expect(disputeSchema.parse(await (await read(id, offerer)).json()).status).toBe('open')
  })
})

describe('who decides a dispute: never one of its parties; a dispute against staff, an admin', () => {
  /** A trader with a username who also holds a staff role. */
  async function staffTrader(role: 'moderator' | 'admin') {
    const trader = await signedInTrader(t)
    await t.database.db.insert(userRoles).values({ userId: trader.id, role })
    return trader
  }
  /** The 403's message (a 200 fails here, with its answer). */
  async function refusal(res: Response) {
    expect(res.status, await res.clone().text()).toBe(403)
    return (await errorOf(res)).message
  }
  const suspensionsOf = (userId: string) =>
    t.database.db.select().from(userSuspensions).where(eq(userSuspensions.userId, userId))
  const statusOf = async (id: number, by: { cookie: string }) =>
    disputeSchema.parse(await (await read(id, by)).json()).status
  /** The dispute as the moderators' queue lists it for this reader (it walks the pages). */
  async function inQueue(id: number, by: { cookie: string }) {
    for (let page = 1; ; page++) {
      const res = await send(t, `/api/admin/disputes?page=${page}`, { cookie: by.cookie })
      expect(res.status, await res.clone().text()).toBe(200)
      const queue = disputeQueueResponseSchema.parse(await res.json())
      const found = queue.disputes.find((d) => d.id === id)
      if (found || page >= queue.pageCount) return found
    }
  }

  it('a moderator who is a party (either trader or the middleman) is refused 403, nothing changed; another moderator decides', async () => {
    const mod = await staffTrader('moderator')
    // The moderator opened it: upholding it with a suspension of their partner is refused.
    const asOpener = await tradeBetween(t, { offerer: mod, complete: true })
    const opened = await open(asOpener.offerId, mod, CLAIM)
    const { id } = (await opened.json()) as { id: number }
    expect(await refusal(await resolve(id, mod, { outcome: 'upheld', note: 'Mine', suspend: true }))).toBe(
      DECISION_MESSAGES.ownCase,
    )
    expect(await suspensionsOf(asOpener.owner.id)).toEqual([])
    expect(await statusOf(id, mod)).toBe('open')
    // Against the moderator, and with the moderator as the trade's middleman: refused too.
    const against = await tradeBetween(t, { owner: mod, complete: true })
    const res = await open(against.offerId, against.offerer, CLAIM)
    const { id: againstId } = (await res.json()) as { id: number }
    expect((await resolve(againstId, mod, { outcome: 'rejected' })).status).toBe(403)
    const middled = await disputed()
    const mm = await middlemanOf(middled.offerId)
    await t.database.db.insert(userRoles).values({ userId: mm.id, role: 'moderator' })
    expect((await resolve(middled.id, mm, { outcome: 'rejected' })).status).toBe(403)
    expect(await statusOf(middled.id, middled.offerer)).toBe('open')
    // Another moderator decides the first.
    expect((await resolve(id, await moderator(), { outcome: 'upheld', suspend: true })).status).toBe(200)
    expect(await suspensionsOf(asOpener.owner.id)).toHaveLength(1)
  })

  it('an admin who is a party is refused too; another admin decides', async () => {
    const boss = await staffTrader('admin')
    const deal = await tradeBetween(t, { offerer: boss, complete: true })
    const { id } = (await (await open(deal.offerId, boss, CLAIM)).json()) as { id: number }
    expect(await errorOf(await resolve(id, boss, { outcome: 'upheld', suspend: true }))).toMatchObject({
      status: 403,
      message: DECISION_MESSAGES.ownCase,
    })
    expect(await suspensionsOf(deal.owner.id)).toEqual([])
    expect((await resolve(id, await admin(), { outcome: 'upheld', suspend: true })).status).toBe(200)
    expect(await suspensionsOf(deal.owner.id)).toHaveLength(1)
  })

  it('a dispute against a moderator or an admin: a moderator is refused 403 (with or without suspend); an admin decides', async () => {
    for (const role of ['moderator', 'admin'] as const) {
      const staff = await staffTrader(role)
      const deal = await tradeBetween(t, { owner: staff, complete: true })
      const { id } = (await (await open(deal.offerId, deal.offerer, CLAIM)).json()) as { id: number }
      const mod = await moderator()
      for (const body of [
        { outcome: 'upheld', suspend: true },
        { outcome: 'upheld' },
        { outcome: 'rejected' },
      ])
        expect(await refusal(await resolve(id, mod, body)), `${role} ${JSON.stringify(body)}`).toBe(
          DECISION_MESSAGES.staffCase,
        )
      expect(await suspensionsOf(staff.id)).toEqual([])
      expect(await statusOf(id, deal.offerer)).toBe('open')
      const res = await resolve(id, await admin(), { outcome: 'upheld', suspend: true })
      expect(res.status, await res.clone().text()).toBe(200)
      expect(await suspensionsOf(staff.id)).toHaveLength(1)
    }
  })

  it('the queue and the dispute say whether this reader may decide, by the same rule', async () => {
    const mod = await staffTrader('moderator')
    const own = await tradeBetween(t, { offerer: mod, complete: true })
    const { id: ownId } = (await (await open(own.offerId, mod, CLAIM)).json()) as { id: number }
    const colleague = await staffTrader('moderator')
    const staffDeal = await tradeBetween(t, { owner: colleague, complete: true })
    const { id: staffId } = (await (await open(staffDeal.offerId, staffDeal.offerer, CLAIM)).json()) as {
      id: number
    }
    const plain = await disputed()
    const other = await moderator()
    const boss = await admin()
    for (const [id, by, mayDecide, refusal] of [
      [ownId, mod, false, DECISION_MESSAGES.ownCase],
      [ownId, other, true, null],
      [staffId, other, false, DECISION_MESSAGES.staffCase],
      [staffId, boss, true, null],
      [plain.id, other, true, null],
    ] as const) {
      expect(await inQueue(id, by), `queue ${id}`).toMatchObject({ mayDecide, decideRefusal: refusal })
      if (id !== ownId || by !== mod)
        expect(disputeSchema.parse(await (await read(id, by)).json())).toMatchObject({
          mayDecide,
          decideRefusal: refusal,
        })
    }
    // The moderator reads their own dispute as its opener: not theirs to decide.
    expect(disputeSchema.parse(await (await read(ownId, mod)).json())).toMatchObject({
      role: 'opener',
      mayDecide: false,
    })
    // A trader reads theirs with nothing to decide.
    expect(disputeSchema.parse(await (await read(plain.id, plain.offerer)).json())).toMatchObject({
      mayDecide: false,
      decideRefusal: null,
    })
  })
})
