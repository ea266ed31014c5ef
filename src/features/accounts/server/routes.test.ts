import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { meResponseSchema, profileSchema, publicProfileResponseSchema } from '@/features/accounts/contract'
import { profiles } from '@/features/accounts/tables'
import { launchSubscribers } from '@/features/launch-list/tables'
import { users } from '@/platform/server/auth/tables'
import { rateLimits } from '@/platform/server/lib/rate-limit-tables'
import {
  cookiesOf,
  createMagicLinkUser,
  createUsers,
  createUserWithUsername,
  createVerifiedUser,
  errorOf,
  lastMailLink,
  meOf,
  STRONG_PASSWORD,
  send,
} from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { blackPng } from '@/test/images'
import { AVATAR_NOT_SAVED } from './avatar'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PATTERN = 'Username can only contain lowercase letters, numbers, and underscores'
const TOO_SHORT = 'Username must be at least 3 characters'
const TOO_LONG = 'Username must be 30 characters or less'
const TAKEN = 'Username already taken'
const PERMANENT = 'Username cannot be changed once set'
const SIGN_IN = 'Please sign in to continue.'

/** Every profile row, in a stable order: compared before and after a refused request. */
const profileRows = (t: TestApp) => t.database.db.select().from(profiles).orderBy(asc(profiles.userId))

/** A small real image, made by sharp. */
const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .toFormat(format)
    .toBuffer()

function avatarForm(bytes: Uint8Array, type: string, name: string) {
  const form = new FormData()
  form.set('avatar', new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

describe('accounts: sign-up, verification, session', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('a visitor is nobody', async () => {
    const res = await send(t, '/api/me')
    expect(res.status).toBe(200)
    expect(meResponseSchema.parse(await res.json()).user).toBeNull()
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('refuses a weak password with its reasons, and creates nothing', async () => {
    const res = await send(t, '/api/auth/sign-up/email', {
      body: { email: 'weak@example.com', password: 'password', name: '' },
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.message).toBe(
      'Password is too weak: mix letters with digits or symbols (or upper and lower case); avoid a common password.',
    )
    await expect(lastMailLink(t, 'weak@example.com')).rejects.toThrow('no mail')
  })

  it('needs the mailed verification before the first sign-in, then signs in', async () => {
    const email = 'first@example.com'
    const up = await send(t, '/api/auth/sign-up/email', {
      body: { email, password: STRONG_PASSWORD, name: '' },
    })
    expect(up.status).toBe(200)
    expect(cookiesOf(up)).not.toContain('session_token')
    const early = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(early.status).toBe(403)
    expect((await early.json()).code).toBe('EMAIL_NOT_VERIFIED')

    const link = new URL(await lastMailLink(t, email))
    expect(link.pathname).toBe('/api/auth/verify-email')
    const verified = await t.app.request(link.pathname + link.search)
    expect(verified.status).toBe(302)
    const cookie = cookiesOf(verified)
    expect(verified.headers.getSetCookie().join()).toMatch(/HttpOnly/i)
    expect(verified.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i)

    const me = meResponseSchema.parse(await (await send(t, '/api/me', { cookie })).json())
    expect(me.user?.email).toBe(email)
    expect(me.user?.emailVerified).toBe(true)
    expect(me.user?.profile).toMatchObject({ username: null, displayName: 'first', ogBadge: false })

    const again = await send(t, '/api/auth/sign-in/email', { body: { email, password: STRONG_PASSWORD } })
    expect(again.status).toBe(200)
    expect(cookiesOf(again)).toContain('session_token')
  })

  it('signs out: the cookie stops working', async () => {
    const { cookie } = await createVerifiedUser(t, 'leaver@example.com')
    const out = await send(t, '/api/auth/sign-out', { method: 'POST', cookie, body: {} })
    expect(out.status).toBe(200)
    const me = meResponseSchema.parse(await (await send(t, '/api/me', { cookie })).json())
    expect(me.user).toBeNull()
  })
})

/** One app for the profile endpoints: the catalog (for favorites) and a real avatar directory. */
describe('profiles API', () => {
  let t: TestApp
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tradehub-avatars-'))
    t = await createTestApp({ env: { DATA_DIR: dataDir } })
  })
  afterAll(async () => {
    await t.close()
    await rm(dataDir, { recursive: true, force: true })
  })
  // Whatever a test sends, the API never fails with an unhandled error (a 500).
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('GET /api/me: a forged or malformed cookie is a visitor, never an error', async () => {
    for (const cookie of [
      'better-auth.session_token=forged.signature',
      'better-auth.session_token=',
      'better-auth.session_token=%E0%A4%A',
      `better-auth.session_token=${'x'.repeat(4000)}`,
    ]) {
      const res = await send(t, '/api/me', { cookie })
      expect(res.status, cookie.slice(0, 40)).toBe(200)
      expect(meResponseSchema.parse(await res.json()).user).toBeNull()
    }
  })

  describe('username: set once, unique, by the rules of SPEC section 5', () => {
    const claim = (username: unknown, cookie?: string) =>
      send(t, '/api/profile/username', { body: { username }, cookie })
    it('refuses every malformed username with the spec message, and changes nothing', async () => {
      const { cookie } = await createMagicLinkUser(t, 'shaper@example.com')
      const before = await profileRows(t)
      const cases: [string, string][] = [
        ['', TOO_SHORT],
        ['ab', TOO_SHORT],
        ['a'.repeat(31), TOO_LONG],
        ['Trader', PATTERN],
        ['TRADER_JOE', PATTERN],
        ['trader joe', PATTERN],
        [' trader', PATTERN],
        ['trader😀', PATTERN],
        ['😀😀', PATTERN],
        ["admin'--", PATTERN],
        ['trade-r', PATTERN],
        ['trader.', PATTERN],
        ['tr\u0000der', PATTERN],
        ['ｔｒａｄｅｒ', PATTERN],
      ]
      for (const [username, message] of cases) {
        const error = await errorOf(await claim(username, cookie))
        expect(error, JSON.stringify(username)).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          fields: { username: message },
        })
        expect(error.message).toContain(message)
      }
      expect(await profileRows(t)).toEqual(before)
      expect((await meOf(t, cookie)).profile.username).toBeNull()
    })

    it('refuses bodies that are not {username: string} with a 400, never a 500', async () => {
      const { cookie } = await createMagicLinkUser(t, 'bodies@example.com')
      const before = await profileRows(t)
      const bodies: unknown[] = [
        {},
        { username: 42 },
        { username: null },
        { username: ['trader'] },
        { username: 'trader', extra: true },
        [],
        'trader',
        null,
      ]
      for (const body of bodies) {
        const res = await send(t, '/api/profile/username', { body, cookie })
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      const raw = await t.app.request('/api/profile/username', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
        body: '{"username":',
      })
      expect(raw.status).toBe(400)
      const form = await t.app.request('/api/profile/username', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=trader',
      })
      expect(form.status).toBe(400)
      expect(await profileRows(t)).toEqual(before)
    })

    it('accepts 3 and 30 characters of lowercase letters, digits and underscores', async () => {
      const short = await createMagicLinkUser(t, 'short@example.com')
      const res = await claim('ab3', short.cookie)
      expect(res.status).toBe(200)
      expect(profileSchema.parse(await res.json()).username).toBe('ab3')

      const long = await createMagicLinkUser(t, 'long@example.com')
      const name = `trader_${'x'.repeat(21)}42`
      expect(name).toHaveLength(30)
      const ok = await claim(name, long.cookie)
      expect(ok.status).toBe(200)
      expect((await meOf(t, long.cookie)).profile.username).toBe(name)
    })

    it('a username another user has: 409 Username already taken, nothing changed', async () => {
      await createUserWithUsername(t, 'first-owner@example.com', 'kitsune_king', { magicLink: true })
      const { cookie } = await createMagicLinkUser(t, 'second@example.com')
      const before = await profileRows(t)
      const error = await errorOf(await claim('kitsune_king', cookie))
      expect(error).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        message: TAKEN,
        fields: { username: TAKEN },
      })
      expect(await profileRows(t)).toEqual(before)
      expect((await meOf(t, cookie)).profile.username).toBeNull()
    })

    it('once set it is permanent: 409 Username cannot be changed once set, even for the same name', async () => {
      const { cookie } = await createUserWithUsername(t, 'permanent@example.com', 'first_choice', {
        magicLink: true,
      })
      const before = await profileRows(t)
      for (const username of ['second_choice', 'first_choice']) {
        const error = await errorOf(await claim(username, cookie))
        expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: PERMANENT })
      }
      expect(await profileRows(t)).toEqual(before)
      // Nor can the profile update change it.
      const patch = await send(t, '/api/profile', { method: 'PATCH', body: { username: 'sneaky' }, cookie })
      expect(patch.status).toBe(400)
      expect((await meOf(t, cookie)).profile.username).toBe('first_choice')
    })

    it('a visitor gets 401, whatever the body', async () => {
      const before = await profileRows(t)
      for (const username of ['visitor_name', 'ab', 42]) {
        const error = await errorOf(await claim(username))
        expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: SIGN_IN })
      }
      const forged = await claim('visitor_name', 'better-auth.session_token=forged.token')
      expect(forged.status).toBe(401)
      expect(await profileRows(t)).toEqual(before)
    })

    it('users claiming one username at once: exactly one wins, the others get 409', async () => {
      for (const [n, username] of [
        [2, 'race_winner'],
        [6, 'crowd_winner'],
      ] as const) {
        const contenders = await createUsers(
          t,
          Array.from({ length: n }, (_, i) => `${username}${i}@example.com`),
        )
        const answers = await Promise.all(contenders.map(({ cookie }) => claim(username, cookie)))
        expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(n - 1).fill(409)])
        for (const res of answers.filter((r) => r.status === 409))
          expect(await errorOf(res)).toMatchObject({ status: 409, message: TAKEN })
        const owners = await t.database.db.select().from(profiles).where(eq(profiles.username, username))
        expect(owners).toHaveLength(1)
        const winner = contenders[answers.findIndex((r) => r.status === 200)]!
        expect(owners[0]!.userId).toBe((await meOf(t, winner.cookie)).id)
      }
    })

    it('one user claiming two usernames at once keeps exactly one', async () => {
      const { cookie } = await createMagicLinkUser(t, 'greedy@example.com')
      const answers = await Promise.all([claim('greedy_one', cookie), claim('greedy_two', cookie)])
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
      const loser = answers.find((r) => r.status === 409)!
      expect((await errorOf(loser)).message).toBe(PERMANENT)
      const won = (await meOf(t, cookie)).profile.username
      expect(['greedy_one', 'greedy_two']).toContain(won)
      const rows = await t.database.db
        .select()
        .from(profiles)
        .where(inArray(profiles.username, ['greedy_one', 'greedy_two']))
      expect(rows).toHaveLength(1)
    })
  })

  describe('profile update: PATCH /api/profile', () => {
    const patch = (body: unknown, cookie?: string) =>
      send(t, '/api/profile', { method: 'PATCH', body, cookie })
    let alice: { cookie: string; id: string }
    let bob: { cookie: string; id: string }
    beforeAll(async () => {
      const [a, b] = await createUsers(t, ['alice@example.com', 'bob@example.com'])
      alice = { cookie: a!.cookie, id: (await meOf(t, a!.cookie)).id }
      bob = { cookie: b!.cookie, id: (await meOf(t, b!.cookie)).id }
    })

    it('changes only the fields sent, and answers the new profile', async () => {
      const res = await patch({ displayName: '  Alice Trades  ', bio: 'I trade fruits.' }, alice.cookie)
      expect(res.status).toBe(200)
      const profile = profileSchema.parse(await res.json())
      expect(profile).toMatchObject({ displayName: 'Alice Trades', bio: 'I trade fruits.', socialLinks: {} })
      const next = profileSchema.parse(await (await patch({ bio: 'Fruits and pets.' }, alice.cookie)).json())
      expect(next).toMatchObject({ displayName: 'Alice Trades', bio: 'Fruits and pets.' })
      expect((await meOf(t, alice.cookie)).profile).toEqual(next)
    })

    it("another trader's username cannot be taken as a display name", async () => {
      const [carol, dave] = await createUsers(t, ['carol@example.com', 'dave@example.com'])
      await send(t, '/api/profile/username', { body: { username: 'bobby_trades' }, cookie: dave!.cookie })
      const res = await patch({ displayName: 'Bobby_Trades' }, carol!.cookie)
      expect(res.status).toBe(409)
      expect((await res.json()).error.message).toBe(
        "Display name 'Bobby_Trades' is already taken. Please choose a different display name.",
      )
      // Their own username is fine as their display name.
      expect((await patch({ displayName: 'bobby_trades' }, dave!.cookie)).status).toBe(200)
    })

    it("a display name another user has, in other case: 409 with the spec's message, nothing changed", async () => {
      await patch({ displayName: 'Kitsune Collector' }, alice.cookie)
      await patch({ bio: 'bob bio' }, bob.cookie)
      const before = await profileRows(t)
      const names = [
        ['kitsune COLLECTOR', 'kitsune COLLECTOR'],
        ['  KITSUNE collector ', 'KITSUNE collector'],
        // Shown alike on a page, so alike for the rule: runs of spaces and no-break spaces are one space.
        ['Kitsune   Collector', 'Kitsune Collector'],
        ['Kitsune\u00A0collector', 'Kitsune collector'],
      ]
      for (const [name, shown] of names) {
        const error = await errorOf(await patch({ displayName: name, bio: 'changed' }, bob.cookie))
        const message = `Display name '${shown}' is already taken. Please choose a different display name.`
        expect(error).toMatchObject({
          status: 409,
          code: 'CONFLICT',
          message,
          fields: { displayName: message },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      expect((await meOf(t, bob.cookie)).profile).toMatchObject({ displayName: 'bob', bio: 'bob bio' })
    })

    it('display names compare without case beyond ASCII too', async () => {
      await patch({ displayName: 'Émile Échange' }, alice.cookie)
      const name = 'émile ÉCHANGE'
      const error = await errorOf(await patch({ displayName: name }, bob.cookie))
      expect(error).toMatchObject({
        status: 409,
        message: `Display name '${name}' is already taken. Please choose a different display name.`,
      })
    })

    it('display names compare by how they look too: look-alike letters of other scripts, 0 for O (Unicode confusables)', async () => {
      const [owner, copier] = await createUsers(t, ['looks-owner@example.com', 'looks-copier@example.com'])
      expect((await patch({ displayName: 'P_BOB' }, owner!.cookie)).status).toBe(200)
      const before = await profileRows(t)
      // A Cyrillic о (U+043E); the same name in lower case; a zero; Cyrillic capitals Р, В, О; fullwidth letters.
      for (const name of [
        'p_b\u043Eb',
        'p_bob',
        'P_B0B',
        '\u0420_\u0412\u041E\u0412',
        '\uFF30_\uFF22\uFF2F\uFF22',
      ]) {
        const message = `Display name '${name}' is already taken. Please choose a different display name.`
        const error = await errorOf(await patch({ displayName: name }, copier!.cookie))
        expect(error, JSON.stringify(name)).toMatchObject({
          status: 409,
          code: 'CONFLICT',
          message,
          fields: { displayName: message },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      // A name that only shares letters is another name.
      const other = await patch({ displayName: 'P_ROB' }, copier!.cookie)
      expect(other.status).toBe(200)
      expect(profileSchema.parse(await other.json()).displayName).toBe('P_ROB')
    })

    it("another trader's username in look-alike letters cannot be taken as a display name", async () => {
      const [copier, owner] = await createUsers(t, ['lookalike-a@example.com', 'lookalike-b@example.com'])
      await send(t, '/api/profile/username', { body: { username: 'sam_trades' }, cookie: owner!.cookie })
      // A Cyrillic ѕ (U+0455) and а (U+0430).
      const name = '\u0455\u0430m_trades'
      const error = await errorOf(await patch({ displayName: name }, copier!.cookie))
      expect(error).toMatchObject({
        status: 409,
        message: `Display name '${name}' is already taken. Please choose a different display name.`,
      })
    })

    it('users claiming look-alike display names at once: exactly one wins', async () => {
      const racers = await createUsers(t, [
        'alike-1@example.com',
        'alike-2@example.com',
        'alike-3@example.com',
      ])
      const names = ['Look Alike', 'L\u043Eok Alike', 'Look A\u04C0ike']
      const answers = await Promise.all(
        racers.map(({ cookie }, i) => patch({ displayName: names[i] }, cookie)),
      )
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409])
    })

    it('users claiming one display name at once: exactly one wins, the other gets 409', async () => {
      const racers = await createUsers(t, ['carol@example.com', 'dave@example.com', 'erin@example.com'])
      const answers = await Promise.all(
        racers.map(({ cookie }, i) => patch({ displayName: i % 2 ? 'RACE name' : 'Race Name' }, cookie)),
      )
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409])
      const holders = await t.database.db
        .select()
        .from(profiles)
        .where(sql`lower(${profiles.displayName}) = 'race name'`)
      expect(holders).toHaveLength(1)
    })

    it('the own display name can be saved again, also in another case', async () => {
      await patch({ displayName: 'Dough Dealer' }, alice.cookie)
      for (const displayName of ['Dough Dealer', 'DOUGH dealer']) {
        const res = await patch({ displayName }, alice.cookie)
        expect(res.status).toBe(200)
        expect(profileSchema.parse(await res.json()).displayName).toBe(displayName)
      }
    })

    it('bio: 500 characters are kept, 501 refused', async () => {
      const ok = await patch({ bio: 'b'.repeat(500) }, alice.cookie)
      expect(ok.status).toBe(200)
      expect(profileSchema.parse(await ok.json()).bio).toHaveLength(500)
      const before = await profileRows(t)
      const error = await errorOf(await patch({ bio: 'b'.repeat(501) }, alice.cookie))
      expect(error).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        fields: { bio: 'Bio must be 500 characters or less' },
      })
      expect(await profileRows(t)).toEqual(before)
    })

    it('display names: empty, too long or with control characters are refused', async () => {
      const before = await profileRows(t)
      for (const displayName of ['', '   ', 'd'.repeat(51), 'bad\u0007name', 'rtl\u202Eeman', 42, null]) {
        const error = await errorOf(await patch({ displayName }, alice.cookie))
        expect(error.status, JSON.stringify(displayName)).toBe(400)
        expect(error.fields).toHaveProperty('displayName')
      }
      expect(await profileRows(t)).toEqual(before)
    })

    it('social links: valid ones are kept, javascript: URLs and other junk refused', async () => {
      const links = {
        twitter: '@trader',
        discord: 'trader.joe',
        github: 'https://github.com/trader',
        website: 'https://trader.example.com/about',
      }
      const ok = await patch({ socialLinks: links }, alice.cookie)
      expect(ok.status).toBe(200)
      expect(profileSchema.parse(await ok.json()).socialLinks).toEqual(links)

      const before = await profileRows(t)
      const refused: Record<string, string>[] = [
        { website: 'javascript:alert(1)' },
        { website: 'JavaScript:alert(document.cookie)' },
        { website: '  javascript:alert(1)' },
        { website: 'javascript://example.com/%0Aalert(1)' },
        { website: 'data:text/html,<script>alert(1)</script>' },
        { website: 'example.com' },
        { twitter: 'javascript:alert(1)' },
        { github: 'javascript:alert(1)' },
        { discord: 'javascript:alert(1)' },
        { twitter: 'https://evil.example.com/trader' },
        { website: `https://example.com/${'a'.repeat(200)}` },
      ]
      for (const socialLinks of refused) {
        const error = await errorOf(await patch({ socialLinks }, alice.cookie))
        const [key] = Object.keys(socialLinks)
        expect(error.status, JSON.stringify(socialLinks)).toBe(400)
        expect(error.fields).toHaveProperty(`socialLinks.${key}`)
      }
      expect(await profileRows(t)).toEqual(before)

      const cleared = await patch({ socialLinks: { ...links, website: '' } }, alice.cookie)
      expect(profileSchema.parse(await cleared.json()).socialLinks).toEqual({
        twitter: '@trader',
        discord: 'trader.joe',
        github: 'https://github.com/trader',
      })
    })

    it('unknown fields are refused (strict), so nobody sets an id, username, avatar or badge', async () => {
      const before = await profileRows(t)
      const bodies: unknown[] = [
        {},
        { userId: bob.id, displayName: 'Hijacked' },
        { id: bob.id, bio: 'hijacked' },
        { email: 'x@example.com' },
        { username: 'new_name' },
        { avatarUrl: '/uploads/avatars/x.webp' },
        { avatarFile: 'x.webp' },
        { ogBadge: true },
        { socialLinks: { myspace: 'https://myspace.com/x' } },
        { socialLinks: 'https://x.com/trader' },
        { bio: 42 },
        [],
        null,
      ]
      for (const body of bodies) {
        const res = await patch(body, alice.cookie)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
      }
      expect(await profileRows(t)).toEqual(before)
    })

    it("a user changes only their own row: there is no way to name another user's", async () => {
      const before = await profileRows(t)
      const res = await patch({ bio: 'Only mine' }, bob.cookie)
      expect(res.status).toBe(200)
      const after = await profileRows(t)
      const othersOf = (rows: typeof after) => rows.filter((r) => r.userId !== bob.id)
      expect(othersOf(after)).toEqual(othersOf(before))
      expect(after.find((r) => r.userId === bob.id)?.bio).toBe('Only mine')
      const targeted = await patch({ userId: alice.id, bio: 'Hijacked' }, bob.cookie)
      expect(targeted.status).toBe(400)
      expect(await profileRows(t)).toEqual(after)
    })

    it('a visitor gets 401 and nothing changes', async () => {
      const before = await profileRows(t)
      for (const body of [{ bio: 'visitor' }, { displayName: 'Visitor' }, { nonsense: 1 }]) {
        const error = await errorOf(await patch(body))
        expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: SIGN_IN })
      }
      expect(await profileRows(t)).toEqual(before)
    })

    it('a cross-site PATCH is refused even with a valid cookie', async () => {
      const before = await profileRows(t)
      const res = await send(t, '/api/profile', {
        method: 'PATCH',
        body: { bio: 'csrf' },
        cookie: alice.cookie,
        headers: { origin: 'https://evil.example.com' },
      })
      expect(res.status).toBe(403)
      expect(await profileRows(t)).toEqual(before)
    })
  })

  describe('avatar: POST /api/profile/avatar and /uploads/avatars/:file', () => {
    let cookie: string
    /** Uploads as the signed-in user, or as a visitor when `as` is null. */
    const upload = (form: FormData, as: string | null = cookie) =>
      send(t, '/api/profile/avatar', { body: form, ...(as !== null && { cookie: as }) })
    const avatarFiles = async () =>
      (await readdir(path.join(dataDir, 'uploads', 'avatars')).catch(() => [])).sort()

    beforeAll(async () => {
      ;({ cookie } = await createMagicLinkUser(t, 'painter@example.com'))
    })

    it('re-encodes a PNG to a 256x256 WebP, serves it with long caching, and deletes the previous file', async () => {
      // Avatars other tests left stay as they are; this user's are the files added here.
      const others = await avatarFiles()
      const mine = async () => (await avatarFiles()).filter((file) => !others.includes(file))
      const res = await upload(avatarForm(await image('png', 64, 48), 'image/png', 'me.png'))
      expect(res.status).toBe(200)
      const first = profileSchema.parse(await res.json()).avatarUrl
      expect(first).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9-]+\.webp$/)
      expect((await meOf(t, cookie)).profile.avatarUrl).toBe(first)

      const served = await t.app.request(first!)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/)
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
      expect(await mine()).toEqual([path.basename(first!)])

      const second = await upload(avatarForm(await image('jpeg', 300, 500), 'image/jpeg', 'me.jpg'))
      expect(second.status).toBe(200)
      const next = profileSchema.parse(await second.json()).avatarUrl
      expect(next).not.toBe(first)
      expect(await mine()).toEqual([path.basename(next!)])
      expect((await t.app.request(first!)).status).toBe(404)
      expect((await t.app.request(next!)).status).toBe(200)

      const webp = await upload(avatarForm(await image('webp'), 'image/webp', 'me.webp'))
      expect(webp.status).toBe(200)
      expect(await mine()).toHaveLength(1)
    })

    it('refuses a 6 MB upload with 413, whether or not the client says its length', async () => {
      const before = await profileRows(t)
      const files = await avatarFiles()
      const big = avatarForm(new Uint8Array(6 * 1024 * 1024), 'image/png', 'big.png')
      const streamed = await errorOf(await upload(big))
      expect(streamed).toMatchObject({ status: 413, message: 'Avatar must be 5 MB or smaller' })

      const encoded = new Response(big)
      const bytes = await encoded.arrayBuffer()
      const sized = await t.app.request('/api/profile/avatar', {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          cookie,
          'content-type': encoded.headers.get('content-type')!,
          'content-length': String(bytes.byteLength),
        },
        body: bytes,
      })
      expect(await errorOf(sized)).toMatchObject({ status: 413, message: 'Avatar must be 5 MB or smaller' })

      // Just over 5 MB fits the envelope allowance but not the file limit.
      const justOver = avatarForm(new Uint8Array(5 * 1024 * 1024 + 1), 'image/png', 'over.png')
      expect(await errorOf(await upload(justOver))).toMatchObject({
        status: 413,
        message: 'Avatar must be 5 MB or smaller',
      })
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)
    })

    it('refuses a PNG whose header claims a huge size (a decompression bomb) with a 400', async () => {
      const before = await profileRows(t)
      const files = await avatarFiles()
      const bomb = Buffer.from(await image('png', 1, 1))
      bomb.writeUInt32BE(60_000, 16) // IHDR width
      bomb.writeUInt32BE(60_000, 20) // IHDR height
      bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29)
      const res = await upload(avatarForm(bomb, 'image/png', 'bomb.png'))
      expect(res.status).toBe(400)
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)
    })

    it('refuses, from its header, an avatar over 4096 px a side or longer than 1:8 and stores nothing; 512 × 4096 is taken', async () => {
      const { cookie: owner } = await createMagicLinkUser(t, 'strip-painter@example.com')
      const tooLarge = 'The image must be at most 4096 × 4096 pixels'
      const tooThin =
        'The image is too narrow or too tall: its longer side can be at most 8 times its shorter side'
      const before = await profileRows(t)
      const files = await avatarFiles()
      const cases: [width: number, height: number, message: string][] = [
        [1, 16_000_000, tooLarge],
        [4097, 4000, tooLarge],
        [900, 100, tooThin],
      ]
      for (const [width, height, message] of cases) {
        const res = await upload(avatarForm(blackPng(width, height), 'image/png', 'strip.png'), owner)
        expect(res.status, await res.clone().text()).toBe(400)
        expect(await errorOf(res), `${width} × ${height}`).toMatchObject({
          status: 400,
          message,
          fields: { avatar: message },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)

      const taken = await upload(avatarForm(blackPng(512, 4096), 'image/png', 'banner.png'), owner)
      expect(taken.status, await taken.clone().text()).toBe(200)
      expect(profileSchema.parse(await taken.json()).avatarUrl).toMatch(/^\/uploads\/avatars\//)
    })

    it('refuses what is not a PNG, JPEG or WebP image, whatever its name and type say', async () => {
      const before = await profileRows(t)
      const files = await avatarFiles()
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
      const cases: [Uint8Array, string, string][] = [
        [new TextEncoder().encode('just some text, not a picture'), 'image/png', 'notes.png'],
        [await image('gif'), 'image/gif', 'anim.gif'],
        [await image('gif'), 'image/png', 'anim.png'],
        [new TextEncoder().encode(svg), 'image/png', 'vector.png'],
        [(await image('png')).subarray(0, 40), 'image/png', 'truncated.png'],
        [new Uint8Array(0), 'image/png', 'empty.png'],
      ]
      for (const [bytes, type, name] of cases) {
        const error = await errorOf(await upload(avatarForm(bytes, type, name)))
        expect(error, name).toMatchObject({
          status: 400,
          message: 'Avatar must be a PNG, JPEG or WebP image',
          fields: { avatar: 'Avatar must be a PNG, JPEG or WebP image' },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)
    })

    it('refuses a request without the file, or not multipart, with a 400', async () => {
      const before = await profileRows(t)
      const noFile = new FormData()
      noFile.set('avatar', 'a string, not a file')
      expect(await errorOf(await upload(noFile))).toMatchObject({
        status: 400,
        message: 'Choose an image to upload',
      })
      const other = new FormData()
      other.set('picture', new Blob([await image('png')], { type: 'image/png' }), 'me.png')
      expect((await upload(other)).status).toBe(400)
      const json = await send(t, '/api/profile/avatar', { body: { avatar: 'x' }, cookie })
      expect(json.status).toBe(400)
      const empty = await t.app.request('/api/profile/avatar', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie },
      })
      expect(empty.status).toBe(400)
      expect(await profileRows(t)).toEqual(before)
    })

    it('a visitor gets 401 and nothing is stored', async () => {
      const files = await avatarFiles()
      const before = await profileRows(t)
      const error = await errorOf(await upload(avatarForm(await image('png'), 'image/png', 'me.png'), null))
      expect(error).toMatchObject({ status: 401, message: SIGN_IN })
      expect(await avatarFiles()).toEqual(files)
      expect(await profileRows(t)).toEqual(before)
    })

    it('serves only avatar file names: anything else is a 404', async () => {
      for (const file of ['missing.webp', '..%2F..%2Fetc%2Fpasswd', 'x.png', '.hidden.webp.tmp', '%2e%2e'])
        expect((await t.app.request(`/uploads/avatars/${file}`)).status, file).toBe(404)
    })

    it('allows 20 uploads per user in 10 minutes; the 21st is a 429 and changes nothing', async () => {
      const { cookie: busy } = await createMagicLinkUser(t, 'busy-painter@example.com')
      const png = await image('png', 16, 16)
      for (let i = 0; i < 20; i++)
        expect((await upload(avatarForm(png, 'image/png', 'a.png'), busy)).status).toBe(200)
      const before = (await meOf(t, busy)).profile.avatarUrl
      const refused = await upload(avatarForm(png, 'image/png', 'a.png'), busy)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await meOf(t, busy)).profile.avatarUrl).toBe(before)
    })
  })

  describe('avatar storage failing', () => {
    const avatars = () => path.join(dataDir, 'uploads', 'avatars')
    const upload = (form: FormData, cookie: string) => send(t, '/api/profile/avatar', { body: form, cookie })
    const hits = async (userId: string) =>
      (
        await t.database.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `avatar:${userId}`))
      )[0]?.count

    it('is a 503 in the error shape, logged, that changes nothing and does not count against the limit', async () => {
      const { cookie } = await createMagicLinkUser(t, 'unlucky-painter@example.com')
      const png = await image('png', 16, 16)
      expect((await upload(avatarForm(png, 'image/png', 'a.png'), cookie)).status).toBe(200)
      const me = await meOf(t, cookie)
      const before = { hits: await hits(me.id), avatarUrl: me.profile.avatarUrl, rows: await profileRows(t) }
      expect(before.hits).toBe(1)

      // A file where the avatars folder should be: no process can write there, not even root's (these
      // tests run as root, which ignores permission bits).
      await rename(avatars(), `${avatars()}.away`)
      await writeFile(avatars(), 'not a folder')
      try {
        for (let i = 0; i < 3; i++) {
          const error = await errorOf(await upload(avatarForm(png, 'image/png', 'a.png'), cookie))
          expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: AVATAR_NOT_SAVED })
        }
        expect(t.loggedErrors.splice(0), 'each failure is logged for the operator').toHaveLength(3)
        expect(await hits(me.id)).toBe(before.hits)
        expect(await profileRows(t)).toEqual(before.rows)
      } finally {
        await rm(avatars(), { force: true })
        await rename(`${avatars()}.away`, avatars())
      }
      expect((await meOf(t, cookie)).profile.avatarUrl).toBe(before.avatarUrl)
      expect((await upload(avatarForm(png, 'image/png', 'a.png'), cookie)).status).toBe(200)
      expect(await hits(me.id)).toBe(before.hits! + 1)
    })
  })

  describe('public profile: GET /api/users/:username, with the OG badge', () => {
    const publicProfile = async (username: string) => {
      const res = await send(t, `/api/users/${username}`)
      expect(res.status).toBe(200)
      return publicProfileResponseSchema.parse(await res.json())
    }

    /** A launch-list subscriber row, as the launch-list flow leaves it. */
    const subscribe = (email: string, status: 'pending' | 'verified' | 'unsubscribed') =>
      t.database.db.insert(launchSubscribers).values({
        email,
        status,
        verified: status !== 'pending',
        unsubscribeTokenHash: `test-${email}`,
      })

    it('shows display name, bio, socials, badge and favorites (newest first), never the e-mail', async () => {
      const email = 'hidden.person.42@example.com'
      const { cookie } = await createUserWithUsername(t, email, 'fruit_fan', { magicLink: true })
      await send(t, '/api/profile', {
        method: 'PATCH',
        body: { displayName: 'Fruit Fan', bio: 'Buying kitsune.', socialLinks: { twitter: '@fruitfan' } },
        cookie,
      })
      for (const [game, item] of [
        ['blox-fruits', 'kitsune'],
        ['adopt-me', 'bat-dragon'],
        ['blox-fruits', 'dough'],
        ['blox-fruits', 'west-dragon'],
      ] as const)
        expect((await send(t, `/api/favorites/${game}/${item}`, { method: 'PUT', cookie })).status).toBe(200)
      await send(t, '/api/favorites/blox-fruits/west-dragon', { method: 'DELETE', cookie })

      const res = await send(t, '/api/users/fruit_fan')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const text = await res.text()
      const { profile, favorites } = publicProfileResponseSchema.parse(JSON.parse(text))
      expect(profile).toMatchObject({
        username: 'fruit_fan',
        displayName: 'Fruit Fan',
        bio: 'Buying kitsune.',
        socialLinks: { twitter: '@fruitfan' },
        ogBadge: false,
        avatarUrl: null,
      })
      expect(favorites.map((f) => [f.gameId, f.id])).toEqual([
        ['blox-fruits', 'dough'],
        ['adopt-me', 'bat-dragon'],
        ['blox-fruits', 'kitsune'],
      ])
      expect(favorites[0]).toMatchObject({ name: expect.any(String), favoritedAt: expect.any(String) })
      expect(text.toLowerCase()).not.toContain(email)
      expect(text.toLowerCase()).not.toContain('hidden.person')
      expect(text.toLowerCase()).not.toContain('@example.com')
    })

    it('without a display name, shows the username, not the e-mail local part', async () => {
      await createUserWithUsername(t, 'secret.local.part@example.com', 'quiet_trader', { magicLink: true })
      const res = await send(t, '/api/users/quiet_trader')
      const text = await res.text()
      expect(publicProfileResponseSchema.parse(JSON.parse(text)).profile.displayName).toBe('quiet_trader')
      expect(text).not.toContain('secret.local.part')
    })

    it('an unknown or malformed username is a 404', async () => {
      const names = [
        'nobody_here',
        'ab',
        'Fruit_Fan',
        "admin'--",
        'a'.repeat(31),
        '😀😀😀',
        'x\u0000y',
        '../fruit_fan',
      ]
      for (const username of names) {
        const error = await errorOf(await send(t, `/api/users/${encodeURIComponent(username)}`))
        expect(error, username).toMatchObject({ status: 404, message: 'No trader has this username' })
      }
      expect((await send(t, '/api/users/')).status).toBe(404)
    })

    it('OG badge: only when the verified e-mail is a verified launch-list subscriber', async () => {
      await subscribe('og.trader@example.com', 'verified')
      await subscribe('pending.trader@example.com', 'pending')
      await subscribe('gone.trader@example.com', 'unsubscribed')
      const og = await createUserWithUsername(t, 'og.trader@example.com', 'og_trader')
      const pending = await createUserWithUsername(t, 'pending.trader@example.com', 'pending_trader', {
        magicLink: true,
      })
      const plain = await createUserWithUsername(t, 'plain.trader@example.com', 'plain_trader', {
        magicLink: true,
      })
      const gone = await createUserWithUsername(t, 'gone.trader@example.com', 'gone_trader', {
        magicLink: true,
      })

      expect((await meOf(t, og.cookie)).profile.ogBadge).toBe(true)
      expect((await publicProfile('og_trader')).profile.ogBadge).toBe(true)
      for (const [user, username] of [
        [pending, 'pending_trader'],
        [plain, 'plain_trader'],
        [gone, 'gone_trader'],
      ] as const) {
        expect((await meOf(t, user.cookie)).profile.ogBadge, username).toBe(false)
        expect((await publicProfile(username)).profile.ogBadge, username).toBe(false)
      }
    })

    it('OG badge: an e-mail signed up in mixed case matches its lowercased subscriber row', async () => {
      await subscribe('mixed.case@example.com', 'verified')
      const up = await send(t, '/api/auth/sign-up/email', {
        body: { email: 'Mixed.Case@Example.com', password: STRONG_PASSWORD, name: '' },
      })
      expect(up.status).toBe(200)
      const [user] = await t.database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'mixed.case@example.com'`)
      const link = new URL(await lastMailLink(t, user!.email))
      const cookie = cookiesOf(
        await t.app.request(link.pathname + link.search, { headers: { origin: TEST_ORIGIN } }),
      )
      expect((await meOf(t, cookie)).profile.ogBadge).toBe(true)
    })
  })
})
