/**
 * Choosing a username: set once, unique, by the site's username rules, and safe when several traders
 * claim one at the same moment.
 */
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profileSchema } from '@/features/accounts/contract'
import { profiles } from '@/features/accounts/tables'
import {
  createMagicLinkUser,
  createUsers,
  createUserWithUsername,
  errorOf,
  meOf,
  send,
} from '@/test/accounts'
import { TEST_ORIGIN } from '@/test/app'
import {
  PATTERN,
  PERMANENT,
  profileRows,
  SIGN_IN,
  setUpProfilesApp,
  TAKEN,
  TOO_LONG,
  TOO_SHORT,
  t,
} from './routes-test-setup'

/** One app for the profile endpoints: the catalog (for favorites) and a real avatar directory. */
describe('profiles API', () => {
  setUpProfilesApp()

  describe('username: set once, unique, by the rules of docs/product.md §6', () => {
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
})
