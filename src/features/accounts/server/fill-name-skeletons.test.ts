import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '@/features/accounts/tables'
import { users } from '@/platform/server/auth/tables'
import { createTestDatabase } from '@/test/database'
import { nameSkeleton } from './name-skeleton'
import { fillNameSkeletons } from './service'

describe('fillNameSkeletons: profiles stored before names were compared by their look', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('fills in how each username and display name looks; a look-alike pair of old names both stay', async () => {
    const { db } = database
    const people = [
      { id: 'old-1', username: 'sam_trades', displayName: 'P_BOB' },
      { id: 'old-2', username: null, displayName: 'p_b\u043Eb' },
      { id: 'old-3', username: 'rn_dealer', displayName: null },
      { id: 'old-4', username: null, displayName: 'Kitsune King' },
    ]
    await db.insert(users).values(people.map(({ id }) => ({ id, name: '', email: `${id}@example.com` })))
    await db
      .insert(profiles)
      .values(people.map(({ id, username, displayName }) => ({ userId: id, username, displayName })))
    const rows = () => db.select().from(profiles).orderBy(asc(profiles.userId))
    expect((await rows()).every((r) => r.usernameSkeleton === null && r.displayNameSkeleton === null)).toBe(
      true,
    )

    expect(await fillNameSkeletons(db)).toEqual({ filled: 3, lookAlikes: 1 })
    expect((await rows()).map((r) => [r.userId, r.usernameSkeleton, r.displayNameSkeleton])).toEqual([
      ['old-1', nameSkeleton('sam_trades'), nameSkeleton('P_BOB')],
      ['old-2', null, null],
      ['old-3', nameSkeleton('rn_dealer'), null],
      ['old-4', null, nameSkeleton('Kitsune King')],
    ])
    // Nothing left to fill but the look-alike, which stays without one on the next start too.
    expect(await fillNameSkeletons(db)).toEqual({ filled: 0, lookAlikes: 1 })
    const [{ n }] = (await db.execute(sql`select count(*)::int as n from profiles`)).rows as [{ n: number }]
    expect(n).toBe(4)
  })
})
