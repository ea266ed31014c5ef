import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  middlemanQueueResponseSchema,
  middlemanRequestSchema,
  middlemenResponseSchema,
  offerMiddlemanResponseSchema,
} from '@/features/middlemen/contract'
import { notifications } from '@/features/notifications/server/public'
import { userSuspensions } from '@/features/roles/tables'
import { robloxAccounts } from '@/features/verification/tables'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { blackPng } from '@/test/images'
import { tradeBetween } from '@/test/trading'

/**
 * A middleman who loses the role, or is suspended, loses their jobs: the open ones go back to the queue,
 * both traders are told, and the trade's conversation, its dispute and the dispute's evidence are
 * closed to them (docs/product.md §12).
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let robloxIds = 8_100_000

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** An official middleman with a username and a verified Roblox account. */
async function middleman() {
  const user = await signedInUser(t, freshEmail('mm'), ['middleman'])
  const username = `ms${process.pid % 1000}_${++robloxIds % 100_000}`
  expect((await send(t, '/api/profile/username', { body: { username }, cookie: user.cookie })).status).toBe(
    200,
  )
  await t.database.db.insert(robloxAccounts).values({
    userId: user.id,
    robloxId: robloxIds,
    name: `Holder_${robloxIds}`,
    displayName: 'Holder',
    avatarUrl: null,
  })
  return { ...user, username }
}

/** The title of the traders' notice when their middleman leaves. */
const LEFT = 'Your middleman left the trade'

const admin = () => signedInUser(t, freshEmail('admin'), ['admin'])

/** An accepted trade whose request a middleman claimed, disputed by the offerer with one screenshot. */
async function workedTrade() {
  const deal = await tradeBetween(t)
  const asked = await send(t, `/api/trade-offers/${deal.offerId}/middleman`, {
    method: 'POST',
    cookie: deal.offerer.cookie,
  })
  expect(asked.status, await asked.clone().text()).toBe(201)
  const requestId = middlemanRequestSchema.parse(await asked.json()).id
  const mm = await middleman()
  const claimed = await send(t, `/api/middleman/requests/${requestId}/claim`, {
    method: 'POST',
    cookie: mm.cookie,
  })
  expect(claimed.status, await claimed.clone().text()).toBe(200)
  const opened = await send(t, `/api/trade-offers/${deal.offerId}/dispute`, {
    body: { reason: 'not-received', details: 'The middleman has my Kitsune and nothing came back.' },
    cookie: deal.offerer.cookie,
  })
  expect(opened.status, await opened.clone().text()).toBe(201)
  const disputeId = ((await opened.json()) as { id: number }).id
  const form = new FormData()
  form.append('evidence', new File([new Uint8Array(blackPng(64, 64))], 'shot.png', { type: 'image/png' }))
  const uploaded = await send(t, `/api/disputes/${disputeId}/evidence`, {
    body: form,
    cookie: deal.offerer.cookie,
  })
  expect(uploaded.status, await uploaded.clone().text()).toBe(201)
  const evidenceId = ((await uploaded.json()) as { id: number }).id
  return {
    ...deal,
    requestId,
    mm,
    disputeId,
    evidenceUrl: `/api/disputes/${disputeId}/evidence/${evidenceId}`,
  }
}

type Worked = Awaited<ReturnType<typeof workedTrade>>

/** What the middleman of `deal` may do now: the conversation, the dispute and its evidence. */
async function accessOf(deal: Worked, as: { cookie: string } = deal.mm) {
  const messages = `/api/trade-offers/${deal.offerId}/messages`
  return {
    readMessages: (await send(t, messages, { cookie: as.cookie })).status,
    writeMessage: (await send(t, messages, { body: { body: 'Still here.' }, cookie: as.cookie })).status,
    readDispute: (await send(t, `/api/disputes/${deal.disputeId}`, { cookie: as.cookie })).status,
    writeDispute: (
      await send(t, `/api/disputes/${deal.disputeId}/messages`, {
        body: { body: 'I saw it.' },
        cookie: as.cookie,
      })
    ).status,
    evidence: (await send(t, deal.evidenceUrl, { cookie: as.cookie })).status,
  }
}

const refused = { readMessages: 404, writeMessage: 404, readDispute: 404, writeDispute: 404, evidence: 404 }

/** The notices of kind `middleman` each trader of the deal has, by title. */
async function middlemanNotices(deal: Worked) {
  const titles = []
  for (const trader of [deal.owner, deal.offerer]) {
    const rows = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, trader.id), eq(notifications.kind, 'middleman')))
    titles.push(rows.map((r) => r.title))
  }
  return titles
}

/** The trade's request as its traders see it. */
async function requestOf(deal: Worked) {
  const res = await send(t, `/api/trade-offers/${deal.offerId}/middleman`, { cookie: deal.owner.cookie })
  return offerMiddlemanResponseSchema.parse(await res.json()).request
}

/** After the job was released: the request is open again, the traders may withdraw it and ask again, and another middleman takes it. */
async function expectBackInTheQueue(deal: Worked) {
  const back = await requestOf(deal)
  expect(back).toMatchObject({ status: 'open', middleman: null })
  const other = await middleman()
  const queue = middlemanQueueResponseSchema.parse(
    await (await send(t, '/api/middleman/requests', { cookie: other.cookie })).json(),
  )
  expect(queue.requests.map((r) => r.offerId)).toContain(deal.offerId)
  const withdraw = await send(t, `/api/trade-offers/${deal.offerId}/middleman`, {
    method: 'DELETE',
    cookie: deal.owner.cookie,
  })
  expect(withdraw.status, await withdraw.clone().text()).toBe(204)
  const again = await send(t, `/api/trade-offers/${deal.offerId}/middleman`, {
    method: 'POST',
    cookie: deal.offerer.cookie,
  })
  expect(again.status, await again.clone().text()).toBe(201)
  const retaken = await send(
    t,
    `/api/middleman/requests/${middlemanRequestSchema.parse(await again.json()).id}/claim`,
    {
      method: 'POST',
      cookie: other.cookie,
    },
  )
  expect(retaken.status, await retaken.clone().text()).toBe(200)
  expect(await accessOf(deal, other)).toMatchObject({ readMessages: 200, readDispute: 200, evidence: 200 })
}

describe('a middleman whose role is removed', () => {
  it('loses the trade, its dispute and the evidence; the job goes back to the queue and both traders are told', async () => {
    const deal = await workedTrade()
    expect(await accessOf(deal)).toEqual({
      readMessages: 200,
      writeMessage: 201,
      readDispute: 200,
      writeDispute: 201,
      evidence: 200,
    })
    const removed = await send(t, `/api/admin/roles/middleman/${deal.mm.id}`, {
      method: 'DELETE',
      cookie: (await admin()).cookie,
    })
    expect(removed.status, await removed.clone().text()).toBe(204)

    expect(await accessOf(deal)).toEqual(refused)
    const close = await send(t, `/api/middleman/requests/${deal.requestId}/close`, {
      body: { outcome: 'done', note: 'Done anyway.' },
      cookie: deal.mm.cookie,
    })
    expect(close.status).toBe(403)
    expect(await middlemanNotices(deal)).toEqual([
      ['A TradeHub middleman joined your trade', LEFT],
      ['A TradeHub middleman joined your trade', LEFT],
    ])
    await expectBackInTheQueue(deal)
  })

  it('no longer reads the trades of the jobs they closed', async () => {
    const deal = await workedTrade()
    const closed = await send(t, `/api/middleman/requests/${deal.requestId}/close`, {
      body: { outcome: 'done', note: 'Both sides delivered.' },
      cookie: deal.mm.cookie,
    })
    expect(closed.status, await closed.clone().text()).toBe(200)
    expect(await accessOf(deal)).toMatchObject({ readMessages: 200, readDispute: 200, evidence: 200 })
    const removed = await send(t, `/api/admin/roles/middleman/${deal.mm.id}`, {
      method: 'DELETE',
      cookie: (await admin()).cookie,
    })
    expect(removed.status).toBe(204)
    expect(await accessOf(deal)).toEqual(refused)
    expect(await requestOf(deal)).toMatchObject({ status: 'done', middleman: deal.mm.username })
  })

  it('removing another role keeps the middleman at work', async () => {
    const deal = await workedTrade()
    const boss = await admin()
    const granted = await send(t, '/api/admin/roles', {
      body: { email: deal.mm.email, role: 'guide-editor' },
      cookie: boss.cookie,
    })
    expect(granted.status).toBe(201)
    const removed = await send(t, `/api/admin/roles/guide-editor/${deal.mm.id}`, {
      method: 'DELETE',
      cookie: boss.cookie,
    })
    expect(removed.status).toBe(204)
    expect(await accessOf(deal)).toMatchObject({ readMessages: 200, writeMessage: 201, readDispute: 200 })
    expect(await requestOf(deal)).toMatchObject({ status: 'claimed', middleman: deal.mm.username })
  })
})

describe('a suspended middleman', () => {
  it('loses their jobs: back to the queue, both traders told; restoring them gives the released jobs back to nobody', async () => {
    const deal = await workedTrade()
    const boss = await admin()
    const suspended = await send(t, `/api/admin/users/${deal.mm.id}/suspend`, {
      body: { reason: 'Kept the items' },
      cookie: boss.cookie,
    })
    expect(suspended.status, await suspended.clone().text()).toBe(200)
    expect(await middlemanNotices(deal)).toEqual([
      ['A TradeHub middleman joined your trade', LEFT],
      ['A TradeHub middleman joined your trade', LEFT],
    ])
    await expectBackInTheQueue(deal)
    const restored = await send(t, `/api/admin/users/${deal.mm.id}/restore`, {
      method: 'POST',
      cookie: boss.cookie,
    })
    expect(restored.status).toBe(200)
    expect(await requestOf(deal)).toMatchObject({ status: 'claimed' })
    expect((await requestOf(deal))?.middleman).not.toBe(deal.mm.username)
  })

  it('is refused the conversation, the dispute and the evidence while suspended, even with a session left', async () => {
    const deal = await workedTrade()
    // Suspended without the admins' tool (its sessions stay): the access rule alone must refuse.
    await t.database.db.insert(userSuspensions).values({ userId: deal.mm.id, reason: 'scams' })
    const access = await accessOf(deal)
    expect(access).toMatchObject({ readMessages: 404, readDispute: 404, writeDispute: 404, evidence: 404 })
    expect([403, 404]).toContain(access.writeMessage)
    const listed = async () =>
      middlemenResponseSchema
        .parse(await (await send(t, '/api/middlemen')).json())
        .middlemen.map((m) => m.username)
    expect(await listed(), 'not an official middleman while suspended').not.toContain(deal.mm.username)
    await t.database.db.delete(userSuspensions).where(eq(userSuspensions.userId, deal.mm.id))
    expect(await accessOf(deal)).toMatchObject({ readMessages: 200, readDispute: 200, evidence: 200 })
    expect(await listed()).toContain(deal.mm.username)
  })
})
