import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disputeSchema } from '@/features/disputes/contract'
import { projectRoot } from '@/platform/server/lib/paths'
import { send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { tradeBetween } from '@/test/trading'

/**
 * A real screenshot, as a trader sends one: a 1280 × 900 PNG of the site with a noisy region, about
 * 300 KB (a solid colour compresses under the house's 64 KB body limit and would prove nothing).
 */
const SCREENSHOT = readFileSync(path.join(projectRoot, 'src/test/fixtures/trade-screenshot-300kb.png'))

describe('evidence the size of a real screenshot', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('a 300 KB screenshot is taken (the route declares its own body limit), stored and served', async () => {
    expect(SCREENSHOT.byteLength).toBeGreaterThan(280 * 1024)
    expect(SCREENSHOT.byteLength).toBeLessThan(5 * 1024 * 1024)
    const deal = await tradeBetween(t, { accept: true, complete: true })
    const opened = await send(t, `/api/trade-offers/${deal.offerId}/dispute`, {
      body: { reason: 'not-received', details: 'I sent my Kitsune, nothing came back.' },
      cookie: deal.offerer.cookie,
    })
    expect(opened.status, await opened.clone().text()).toBe(201)
    const { id } = (await opened.json()) as { id: number }

    const form = new FormData()
    form.append('evidence', new File([new Uint8Array(SCREENSHOT)], 'trade.png', { type: 'image/png' }))
    const res = await send(t, `/api/disputes/${id}/evidence`, { body: form, cookie: deal.offerer.cookie })
    expect(res.status, await res.clone().text()).toBe(201)

    const dispute = disputeSchema.parse(
      await (await send(t, `/api/disputes/${id}`, { cookie: deal.owner.cookie })).json(),
    )
    expect(dispute.evidence).toHaveLength(1)
    const image = await send(t, dispute.evidence[0]!.url, { cookie: deal.owner.cookie })
    expect(image.status).toBe(200)
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual([
      'webp',
      dispute.evidence[0]!.width,
      dispute.evidence[0]!.height,
    ])
  })
})
