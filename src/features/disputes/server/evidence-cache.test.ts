import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disputeSchema } from '@/features/disputes/contract'
import { middlemanRequests } from '@/features/middlemen/tables'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { tradeBetween } from '@/test/trading'

/**
 * Dispute evidence is answered `private, no-store`, like every other answer about a dispute: who may see
 * it is decided on each request and can change (a middleman taken off the job, a moderator whose role
 * ends), and a copy a browser kept would outlive that, also for the next person at a shared computer.
 */
describe('GET /api/disputes/:id/evidence/:evidenceId caching', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers private, no-store to every reader, and a middleman taken off the job reads it no more', async () => {
    const deal = await tradeBetween(t, { accept: true, complete: true })
    const mm = await signedInUser(t, freshEmail('mm'), ['middleman'])
    const [job] = await t.database.db
      .insert(middlemanRequests)
      .values({ offerId: deal.offerId, status: 'claimed', middlemanId: mm.id, claimedAt: new Date() })
      .returning({ id: middlemanRequests.id })
    const opened = await send(t, `/api/trade-offers/${deal.offerId}/dispute`, {
      body: { reason: 'not-received', details: 'I sent my Kitsune, nothing came back.' },
      cookie: deal.offerer.cookie,
    })
    expect(opened.status, await opened.clone().text()).toBe(201)
    const { id } = (await opened.json()) as { id: number }
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('evidence', new File([new Uint8Array(png)], 'shot.png', { type: 'image/png' }))
    const added = await send(t, `/api/disputes/${id}/evidence`, { body: form, cookie: deal.offerer.cookie })
    expect(added.status, await added.clone().text()).toBe(201)
    const dispute = disputeSchema.parse(
      await (await send(t, `/api/disputes/${id}`, { cookie: deal.owner.cookie })).json(),
    )
    const url = dispute.evidence[0]!.url
    const moderator = await signedInUser(t, freshEmail('mod'), ['moderator'])

    for (const reader of [deal.offerer, deal.owner, mm, moderator]) {
      const image = await send(t, url, { cookie: reader.cookie })
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/webp')
      expect(image.headers.get('cache-control')).toBe('private, no-store')
    }

    await t.database.db
      .update(middlemanRequests)
      .set({ status: 'cancelled' })
      .where(eq(middlemanRequests.id, job!.id))
    const after = await send(t, url, { cookie: mm.cookie })
    expect(after.status).toBe(404)
    expect(after.headers.get('cache-control')).toBe('private, no-store')
  })
})
