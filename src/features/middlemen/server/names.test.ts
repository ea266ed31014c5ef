/**
 * A middleman's names (issue 36): the check answers for the middleman's own account only, saying which of
 * their names matched, and nobody else may take those names, however they are written.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DISPLAY_NAME_MESSAGES, USERNAME_MESSAGES } from '@/features/accounts/rules'
import { nameSkeleton } from '@/features/accounts/server/name-skeleton'
import { profiles } from '@/features/accounts/tables'
import { middlemanCheckResponseSchema } from '@/features/middlemen/contract'
import { robloxAccounts } from '@/features/verification/tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { signedInTrader } from '@/test/trading'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let n = 0

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
afterEach(() => {
  expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
})

/** An official middleman with a username and a verified Roblox account (with a headshot). */
async function middleman({ robloxPrefix = 'Holder' } = {}) {
  const user = await signedInUser(t, freshEmail('mm'), ['middleman'])
  const id = 8_000_000 + process.pid * 100 + ++n
  const username = `mm${id}`
  const res = await send(t, '/api/profile/username', { body: { username }, cookie: user.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  const roblox = {
    name: `${robloxPrefix}_${id}`,
    displayName: 'Holder',
    avatarUrl: `https://tr.rbxcdn.com/${id}/150/150/AvatarHeadshot/Png`,
  }
  await t.database.db.insert(robloxAccounts).values({ userId: user.id, robloxId: id, ...roblox })
  return { ...user, username, roblox }
}

const check = async (name: string) => {
  const res = await send(t, `/api/middlemen/check?name=${encodeURIComponent(name)}`)
  expect(res.status).toBe(200)
  return middlemanCheckResponseSchema.parse(await res.json())
}

/** Gives a trader a username as it was stored before names were kept: no rule ran on it. */
async function storedUsername(userId: string, username: string) {
  await t.database.db
    .update(profiles)
    .set({ username, usernameSkeleton: nameSkeleton(username) })
    .where(eq(profiles.userId, userId))
}

/** Look-alike letters of the skeleton: 'o' read as '0', 'l' as '1', 'm' as 'rn'. */
const lookAlike = (name: string) => name.replace('o', '0').replace('l', '1')

describe("the check answers for the middleman's own account only", () => {
  it('says whether the name is their TradeHub username or their Roblox name, with both names and the avatar', async () => {
    const mm = await middleman()
    const byUsername = await check(mm.username.toUpperCase())
    expect(byUsername).toMatchObject({
      official: true,
      matched: 'tradehub',
      middleman: { username: mm.username, roblox: mm.roblox },
    })
    const byRoblox = await check(`@${mm.roblox.name.toLowerCase()}`)
    expect(byRoblox).toMatchObject({
      official: true,
      matched: 'roblox',
      middleman: { username: mm.username, roblox: mm.roblox },
    })
  })

  it("a trader whose username (kept from before the rule) is a middleman's Roblox name is never the answer", async () => {
    const mm = await middleman()
    const impostor = await signedInUser(t, freshEmail('impostor'))
    await storedUsername(impostor.id, mm.roblox.name.toLowerCase())
    const answer = await check(mm.roblox.name.toLowerCase())
    // The answer is the middleman's own account, by their Roblox name: the impostor's username is not theirs.
    expect(answer).toMatchObject({ official: true, matched: 'roblox', middleman: { username: mm.username } })
    expect(JSON.stringify(answer)).not.toContain(impostor.id)
  })

  it("a look-alike of a middleman's name is not official, and says whose name it copies", async () => {
    const mm = await middleman()
    const copy = lookAlike(mm.roblox.name)
    expect(copy).not.toBe(mm.roblox.name)
    expect(await check(copy)).toEqual({
      official: false,
      lookAlike: { matched: 'roblox', middleman: expect.objectContaining({ username: mm.username }) },
    })
    const plain = await signedInTrader(t)
    expect(await check(plain.username)).toEqual({ official: false })
  })
})

describe("a middleman's names are kept for them", () => {
  const claim = (username: string, cookie: string) =>
    send(t, '/api/profile/username', { body: { username }, cookie })
  const rename = (displayName: string, cookie: string) =>
    send(t, '/api/profile', { method: 'PATCH', body: { displayName }, cookie })

  it("nobody else may choose a username that is or looks like a middleman's Roblox name or username (409)", async () => {
    const mm = await middleman()
    const robloxName = mm.roblox.name.toLowerCase()
    for (const username of [robloxName, lookAlike(robloxName), mm.username.replace('mm', 'rnrn')]) {
      const other = await signedInUser(t, freshEmail('copy'))
      const error = await errorOf(await claim(username, other.cookie))
      expect(error, username).toMatchObject({
        status: 409,
        message: USERNAME_MESSAGES.middlemanName,
        fields: { username: USERNAME_MESSAGES.middlemanName },
      })
      const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, other.id))
      expect(row?.username ?? null).toBeNull()
    }
    // A capital I reads as a small l, and is an i in lower case: both copies are refused.
    const ivan = await middleman({ robloxPrefix: 'Ivan' })
    for (const username of [
      ivan.roblox.name.toLowerCase(),
      ivan.roblox.name.toLowerCase().replace('i', 'l'),
    ]) {
      const other = await signedInUser(t, freshEmail('copy'))
      expect((await claim(username, other.cookie)).status, username).toBe(409)
    }
    // Nor another middleman.
    const colleague = await signedInUser(t, freshEmail('mm2'), ['middleman'])
    expect((await claim(robloxName, colleague.cookie)).status).toBe(409)
  })

  it("nobody else may show a middleman's names as a display name; the middleman may", async () => {
    const mm = await middleman()
    const other = await signedInTrader(t)
    for (const displayName of [mm.roblox.name, lookAlike(mm.roblox.name.toUpperCase()), mm.username]) {
      const error = await errorOf(await rename(displayName, other.cookie))
      expect(error.status, displayName).toBe(409)
      expect(error.fields?.displayName, displayName).toBeDefined()
    }
    expect((await errorOf(await rename(mm.roblox.name, other.cookie))).message).toBe(
      DISPLAY_NAME_MESSAGES.middlemanName,
    )
    expect((await rename(mm.roblox.name, mm.cookie)).status).toBe(200)
  })

  it('the middleman themself may take their Roblox name as username', async () => {
    const user = await signedInUser(t, freshEmail('mm-own'), ['middleman'])
    const id = 9_000_000 + process.pid * 100 + ++n
    await t.database.db
      .insert(robloxAccounts)
      .values({ userId: user.id, robloxId: id, name: `Own_${id}`, displayName: 'Own', avatarUrl: null })
    expect((await claim(`own_${id}`, user.cookie)).status).toBe(200)
  })
})
