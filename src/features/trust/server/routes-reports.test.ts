/** Filing reports of ads, users and messages: who may, what a report takes, duplicates and the limit. */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tradeMessagesResponseSchema } from '@/features/trading/contract'
import { tradeMessages } from '@/features/trading/tables'
import { TRUST_MESSAGES } from '@/features/trust/contract'
import { errorOf, send } from '@/test/accounts'
import {
  AD,
  adOf,
  moderator,
  offerOf,
  queue,
  report,
  reportOf,
  resolve,
  setUpTrustApp,
  t,
  trader,
} from './routes-test-setup'

setUpTrustApp()

describe('reports', () => {
  it('files a report of an ad (201); the same twice 409; the moderators see it with the content and author', async () => {
    const owner = await trader()
    const reporter = await trader()
    const adId = await adOf(owner, { ...AD, note: 'Give first and I add' })
    const id = await reportOf(reporter, 'ad', adId)
    expect(
      await errorOf(await report(reporter, { target: { kind: 'ad', id: adId }, reason: 'spam' })),
    ).toMatchObject({ status: 409, message: TRUST_MESSAGES.reportExists })
    const mod = await moderator()
    const found = (await queue(mod)).find((r) => r.id === id)
    expect(found).toMatchObject({
      target: { kind: 'ad', id: String(adId) },
      reason: 'scam',
      details: 'Asked me to give first',
      reporter: { username: reporter.username },
      status: 'open',
      content: {
        text: expect.stringMatching(/^Has: .+\. Wants: .+\. Note: Give first and I add$/),
        link: `/trading/ad/${adId}`,
        hidden: false,
      },
      author: { id: owner.id, username: owner.username },
      resolution: null,
    })
    // A second report about the same author shows the first as earlier.
    const other = await trader()
    const second = await reportOf(other, 'user', owner.username, 'impersonation')
    const again = (await queue(mod)).find((r) => r.id === second)
    expect(again?.earlierReports.map((e) => e.id)).toContain(id)
  })

  it('refuses a visitor (401), bad bodies (400), unknown targets (404), oneself (400) and too many (429)', async () => {
    const me = await trader()
    expect(
      (await errorOf(await report(undefined, { target: { kind: 'ad', id: 1 }, reason: 'scam' }))).status,
    ).toBe(401)
    const bad: unknown[] = [
      { target: { kind: 'item', id: 1 }, reason: 'scam' },
      { target: { kind: 'ad', id: 1 }, reason: 'mean' },
      { target: { kind: 'ad' }, reason: 'scam' },
      { target: { kind: 'ad', id: -1 }, reason: 'scam' },
      { target: { kind: 'ad', id: 1 }, reason: 'scam', details: 'x'.repeat(1001) },
      { target: { kind: 'user', id: 12 }, reason: 'scam' },
      { target: { kind: 'ad', id: 'abc' }, reason: 'scam' },
      { target: { kind: 'ad', id: 1 }, reason: 'scam', extra: 1 },
    ]
    for (const body of bad)
      expect((await errorOf(await report(me, body))).status, JSON.stringify(body)).toBe(400)
    expect(
      await errorOf(await report(me, { target: { kind: 'ad', id: 999_999_999 }, reason: 'scam' })),
    ).toMatchObject({
      status: 404,
      message: TRUST_MESSAGES.reportTargetNotFound,
    })
    expect(
      (await errorOf(await report(me, { target: { kind: 'user', id: 'nobody_at_all' }, reason: 'scam' })))
        .status,
    ).toBe(404)
    expect(
      await errorOf(await report(me, { target: { kind: 'user', id: me.username }, reason: 'scam' })),
    ).toMatchObject({
      status: 400,
      message: TRUST_MESSAGES.reportSelf,
    })
    // The limit (4 an hour here) counts every report filed.
    const limited = await trader()
    const targets = await Promise.all([trader(), trader(), trader(), trader(), trader()])
    for (const target of targets.slice(0, 4)) await reportOf(limited, 'user', target.username)
    const res = await report(limited, { target: { kind: 'user', id: targets[4]!.username }, reason: 'spam' })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it("lets only the conversation's traders report a message", async () => {
    const owner = await trader()
    const offerer = await trader()
    const adId = await adOf(owner)
    const offerId = await offerOf(adId, offerer)
    const res = await send(t, `/api/trade-offers/${offerId}/messages`, {
      body: { body: 'Give first pls' },
      cookie: offerer.cookie,
    })
    const { id } = (await res.json()) as { id: number }
    expect(
      (await errorOf(await report(await trader(), { target: { kind: 'message', id }, reason: 'scam' })))
        .status,
    ).toBe(404)
    expect(
      (await errorOf(await report(offerer, { target: { kind: 'message', id }, reason: 'scam' }))).status,
    ).toBe(400)
    const reportId = await reportOf(owner, 'message', id)
    const mod = await moderator()
    expect((await resolve(reportId, mod, { action: 'hide', note: 'Give-first scam' })).status).toBe(200)
    const messages = tradeMessagesResponseSchema.parse(
      await (await send(t, `/api/trade-offers/${offerId}/messages`, { cookie: owner.cookie })).json(),
    ).messages
    expect(messages.map((m) => m.id)).not.toContain(id)
    const [row] = await t.database.db.select().from(tradeMessages).where(eq(tradeMessages.id, id))
    expect(row?.hiddenAt).not.toBeNull()
  })
})
