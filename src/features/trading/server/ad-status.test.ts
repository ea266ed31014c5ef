import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '@/platform/server/auth/tables'
import { createUserWithUsername } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { effectiveAdStatus } from '../policy'
import { AD_STATUSES } from '../rules'
import { tradeAds } from '../tables'
import { adOpenAt, adPastItsEndAt } from './ad-status'

/** The rule of when an ad is open, in TypeScript and in SQL, answers the same for every status and end. */
describe("an ad's status at a moment: policy.ts and its SQL twin agree", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('open, past its end, at its end and closed/expired/traded ads', async () => {
    const { db } = t.database
    await createUserWithUsername(t, 'adstatus@example.com', 'adstatus_owner')
    const [{ id: userId }] = (await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'adstatus@example.com'))) as [{ id: string }]
    const now = new Date('2026-06-01T12:00:00Z')
    const ends = [-3_600_000, -1, 0, 1, 3_600_000].map((ms) => new Date(now.getTime() + ms))
    const rows = await db
      .insert(tradeAds)
      .values(
        AD_STATUSES.flatMap((status) =>
          ends.map((expiresAt, i) => ({
            userId,
            gameId: 'blox-fruits',
            status,
            note: '',
            hours: 24,
            signature: `${status}-${i}`,
            createdAt: new Date(now.getTime() - 86_400_000),
            listedAt: new Date(now.getTime() - 86_400_000),
            expiresAt,
          })),
        ),
      )
      .returning()
    expect(rows).toHaveLength(AD_STATUSES.length * ends.length)
    for (const row of rows) {
      const one = (rule: ReturnType<typeof adOpenAt>) =>
        db
          .select({ id: tradeAds.id })
          .from(tradeAds)
          .where(and(rule, eq(tradeAds.id, row.id)))
      const [open] = await one(adOpenAt(now))
      const [pastEnd] = await one(adPastItsEndAt(now))
      const status = effectiveAdStatus(row.status, row.expiresAt, now)
      expect(Boolean(open), `${row.signature} open`).toBe(status === 'open')
      expect(Boolean(pastEnd), `${row.signature} past its end`).toBe(
        row.status === 'open' && status === 'expired',
      )
    }
  })
})
