import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { publicProfileResponseSchema } from '@/features/accounts/contract'
import { robloxCheckResponseSchema, robloxStartResponseSchema } from '@/features/verification/contract'
import { VERIFICATION_MESSAGES } from '@/features/verification/rules'
import { robloxAccounts, robloxVerifications } from '@/features/verification/tables'
import { rateLimits } from '@/platform/server/lib/rate-limit-tables'
import { errorOf, meOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { type RobloxApi, startRobloxApi } from '@/test/roblox-api'
import { checkVerification, holdsPhrase, VERIFICATION_RATE_LIMITS } from './service'
import { PHRASE_WORDS } from './words'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let roblox: RobloxApi
/** The server's clock runs this far ahead (the phrase's lifetime); reset after each test. */
let ahead = 0
let names = 0

beforeAll(async () => {
  roblox = await startRobloxApi()
  t = await createTestApp({
    env: roblox.env,
    catalog: false,
    clock: () => new Date(Date.now() + ahead),
    limits: { verification: { checksPerHour: { max: 4, windowSeconds: 3600 } } },
  })
})
afterAll(async () => {
  await t.close()
  await roblox.close()
})
afterEach(() => {
  ahead = 0
})

const robloxName = () => `Kitsune_${process.pid % 1000}${++names}`

async function user() {
  return signedInUser(t, freshEmail('verify'))
}

const start = (cookie: string | undefined, username: unknown) =>
  send(t, '/api/verification/roblox', { body: { username }, cookie })
const check = (cookie: string | undefined) =>
  send(t, '/api/verification/roblox/check', { method: 'POST', cookie })

async function started(cookie: string, username: string) {
  const res = await start(cookie, username)
  expect(res.status, await res.clone().text()).toBe(201)
  return robloxStartResponseSchema.parse(await res.json())
}

/** A user who verified a new Roblox account. */
async function verifiedUser() {
  const who = await user()
  const account = roblox.addUser({ name: robloxName(), displayName: 'Fox Trader' })
  const { phrase } = await started(who.cookie, account.name)
  roblox.setDescription(account.id, `Trading fruits! ${phrase}`)
  const res = await check(who.cookie)
  expect(res.status, await res.clone().text()).toBe(200)
  return { ...who, account }
}

describe('verifying a Roblox account', () => {
  it('gives a phrase of plain words, and verifies once the About holds it: /api/me and the profile show it', async () => {
    const who = await user()
    const account = roblox.addUser({ name: robloxName(), displayName: 'Kitsune King' })
    const { phrase, robloxUser, expiresAt } = await started(who.cookie, account.name.toLowerCase())
    expect(robloxUser).toEqual({ id: account.id, name: account.name, displayName: 'Kitsune King' })
    const words = phrase.split(' ')
    expect(words).toHaveLength(6)
    for (const word of words) expect(PHRASE_WORDS).toContain(word)
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000)
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000)

    // Not in the About yet: 400 with the words, nothing linked.
    const missing = await errorOf(await check(who.cookie))
    expect(missing).toMatchObject({ status: 400, message: VERIFICATION_MESSAGES.phraseMissing })
    expect((await meOf(t, who.cookie)).profile.roblox).toBeNull()

    // In the About, in another case and split over lines.
    roblox.setDescription(account.id, `hi!\n${phrase.toUpperCase().replace(' ', '\n')}\nbye`)
    const res = await check(who.cookie)
    expect(res.status, await res.clone().text()).toBe(200)
    const { robloxUser: linked } = robloxCheckResponseSchema.parse(await res.json())
    expect(linked).toMatchObject({ id: account.id, name: account.name, displayName: 'Kitsune King' })
    expect(linked.avatarUrl).toMatch(/^https:\/\/tr\.rbxcdn\.com\/.*AvatarHeadshot/)
    expect(roblox.requests).toContain('GET /v1/users/avatar-headshot')

    const me = await meOf(t, who.cookie)
    expect(me.profile.roblox).toEqual(linked)
    // The phrase is used up.
    expect(
      await t.database.db.select().from(robloxVerifications).where(eq(robloxVerifications.userId, who.id)),
    ).toEqual([])

    const username = `verified_${process.pid % 1000}_${names}`
    await send(t, '/api/profile/username', { body: { username }, cookie: who.cookie })
    const profile = publicProfileResponseSchema.parse(await (await send(t, `/api/users/${username}`)).json())
    expect(profile.profile.roblox).toEqual(linked)
  })

  it('refuses a visitor (401) and bad usernames (400 naming the field)', async () => {
    expect((await errorOf(await start(undefined, 'Builderman'))).status).toBe(401)
    expect((await errorOf(await check(undefined))).status).toBe(401)
    expect((await errorOf(await send(t, '/api/verification/roblox', { method: 'DELETE' }))).status).toBe(401)
    const who = await user()
    for (const bad of ['', 'ab', 'a'.repeat(21), 'two words', 'a__b', '_lead', 42, null, 'x\u0000y']) {
      const error = await errorOf(await start(who.cookie, bad))
      expect(error.status, String(bad)).toBe(400)
      expect(Object.keys(error.fields ?? {})).toContain('username')
    }
    const extra = await errorOf(
      await send(t, '/api/verification/roblox', {
        body: { username: 'Builderman', x: 1 },
        cookie: who.cookie,
      }),
    )
    expect(extra.status).toBe(400)
  })

  it('answers 404 for an unknown (or banned) Roblox user, and for a check without a phrase', async () => {
    const who = await user()
    expect(await errorOf(await start(who.cookie, 'NobodyHasThisName1'))).toMatchObject({
      status: 404,
      message: VERIFICATION_MESSAGES.robloxUserNotFound,
    })
    const banned = roblox.addUser({ name: robloxName(), isBanned: true })
    expect((await errorOf(await start(who.cookie, banned.name))).status).toBe(404)
    expect(await errorOf(await check(who.cookie))).toMatchObject({
      status: 404,
      message: VERIFICATION_MESSAGES.noPhrase,
    })
  })

  it('refuses an expired phrase (409): a new one must be asked for', async () => {
    const who = await user()
    const account = roblox.addUser({ name: robloxName() })
    const { phrase } = await started(who.cookie, account.name)
    roblox.setDescription(account.id, phrase)
    ahead = 31 * 60_000
    expect(await errorOf(await check(who.cookie))).toMatchObject({
      status: 409,
      message: VERIFICATION_MESSAGES.phraseExpired,
    })
    // Still 31 minutes on: the expired phrase is not given again.
    const again = await started(who.cookie, account.name)
    expect(again.phrase).not.toBe(phrase)
    roblox.setDescription(account.id, again.phrase)
    expect((await check(who.cookie)).status).toBe(200)
  })

  it('keeps the phrase of a pending verification when it is started again for the same Roblox name', async () => {
    const who = await user()
    const account = roblox.addUser({ name: robloxName() })
    const first = await started(who.cookie, account.name)
    // Back from Roblox on a phone: the page was reloaded and the name entered again (in another case).
    ahead = 5 * 60_000
    const again = await started(who.cookie, account.name.toUpperCase())
    expect(again).toEqual(first)
    // The phrase the trader pasted is the one checked.
    roblox.setDescription(account.id, first.phrase)
    ahead = 10 * 60_000
    expect((await check(who.cookie)).status).toBe(200)
  })

  it('gives a new phrase for another Roblox name, and after the pending one expired', async () => {
    const who = await user()
    const a = roblox.addUser({ name: robloxName() })
    const b = roblox.addUser({ name: robloxName() })
    const forA = await started(who.cookie, a.name)
    const forB = await started(who.cookie, b.name)
    expect(forB.robloxUser.id).toBe(b.id)
    expect(forB.phrase).not.toBe(forA.phrase)
    // Back to the first name: the pending verification is for B now, so A gets a new phrase.
    const backToA = await started(who.cookie, a.name)
    expect(backToA.phrase).not.toBe(forB.phrase)
    ahead = 31 * 60_000
    const expired = await started(who.cookie, a.name)
    expect(expired.phrase).not.toBe(backToA.phrase)
    expect(Date.parse(expired.expiresAt)).toBeGreaterThan(Date.parse(backToA.expiresAt))
  })

  it('gives one Roblox account to one TradeHub account (409 at start and at check)', async () => {
    const first = await verifiedUser()
    const second = await user()
    expect(await errorOf(await start(second.cookie, first.account.name))).toMatchObject({
      status: 409,
      message: VERIFICATION_MESSAGES.robloxTaken,
    })
    // Two accounts racing: the second to check finds it taken.
    const account = roblox.addUser({ name: robloxName() })
    const a = await user()
    const b = await user()
    const pa = await started(a.cookie, account.name)
    const pb = await started(b.cookie, account.name)
    roblox.setDescription(account.id, `${pa.phrase} ${pb.phrase}`)
    expect((await check(a.cookie)).status).toBe(200)
    expect((await errorOf(await check(b.cookie))).status).toBe(409)
    expect((await meOf(t, b.cookie)).profile.roblox).toBeNull()
  })

  it('answers 502 with a clear message when Roblox fails, and changes nothing', async () => {
    const who = await user()
    const account = roblox.addUser({ name: robloxName() })
    roblox.reply('/v1/usernames/users', 'drop')
    expect(await errorOf(await start(who.cookie, account.name))).toMatchObject({
      status: 502,
      message: VERIFICATION_MESSAGES.robloxDown,
    })
    roblox.reply('/v1/usernames/users', { status: 500, body: '{"errors":[]}' })
    expect((await errorOf(await start(who.cookie, account.name))).status).toBe(502)
    roblox.reply('/v1/usernames/users', { status: 200, body: '{"unexpected":true}' })
    expect((await errorOf(await start(who.cookie, account.name))).status).toBe(502)
    expect(
      await t.database.db.select().from(robloxVerifications).where(eq(robloxVerifications.userId, who.id)),
    ).toEqual([])

    const { phrase } = await started(who.cookie, account.name)
    roblox.setDescription(account.id, phrase)
    roblox.reply(`/v1/users/${account.id}`, { status: 503, body: '' })
    expect((await errorOf(await check(who.cookie))).status).toBe(502)
    roblox.reply('/v1/users/avatar-headshot', 'drop')
    expect((await errorOf(await check(who.cookie))).status).toBe(502)
    expect((await meOf(t, who.cookie)).profile.roblox).toBeNull()
    // The phrase is still good, and Roblox's failures did not spend the hour's checks.
    const [budget] = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `verification:roblox:${who.id}`))
    expect(budget?.count).toBe(1)
    expect((await check(who.cookie)).status).toBe(200)
  })

  it('gives up on a Roblox that does not answer in time (502)', async () => {
    const who = await user()
    const account = roblox.addUser({ name: robloxName() })
    const { phrase } = await started(who.cookie, account.name)
    roblox.setDescription(account.id, phrase)
    roblox.reply(`/v1/users/${account.id}`, 'hang')
    const v = {
      db: t.database.db,
      env: t.env,
      now: () => new Date(),
      limits: VERIFICATION_RATE_LIMITS,
      timeoutMs: 200,
    }
    await expect(checkVerification(v, who.id)).rejects.toMatchObject({ code: 'BAD_GATEWAY' })
  })

  it('allows a few checks an hour, then 429 with Retry-After', async () => {
    const who = await user()
    const account = roblox.addUser({ name: robloxName() })
    await started(who.cookie, account.name) // counts as one call to Roblox
    for (let i = 0; i < 3; i++) expect((await check(who.cookie)).status).toBe(400)
    const limited = await check(who.cookie)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorOf(limited)).message).toBe(VERIFICATION_MESSAGES.checksTooFast)
  })

  it('unlinks the Roblox account (204), then 404; the account can be verified again', async () => {
    const who = await verifiedUser()
    const res = await send(t, '/api/verification/roblox', { method: 'DELETE', cookie: who.cookie })
    expect(res.status).toBe(204)
    expect((await meOf(t, who.cookie)).profile.roblox).toBeNull()
    expect(
      await t.database.db.select().from(robloxAccounts).where(eq(robloxAccounts.userId, who.id)),
    ).toEqual([])
    const again = await send(t, '/api/verification/roblox', { method: 'DELETE', cookie: who.cookie })
    expect(await errorOf(again)).toMatchObject({ status: 404, message: VERIFICATION_MESSAGES.notVerified })
    // Free again: another account may take it.
    const other = await user()
    const { phrase } = await started(other.cookie, who.account.name)
    roblox.setDescription(who.account.id, phrase)
    expect((await check(other.cookie)).status).toBe(200)
  })
})

describe('holdsPhrase', () => {
  it('finds the words in order, as whole words', () => {
    expect(holdsPhrase('My About: apple river tiger', 'apple river tiger')).toBe(true)
    expect(holdsPhrase('APPLE,  river\ntiger!', 'apple river tiger')).toBe(true)
    expect(holdsPhrase('pineapple river tiger', 'apple river tiger')).toBe(false)
    expect(holdsPhrase('river apple tiger', 'apple river tiger')).toBe(false)
  })
})
