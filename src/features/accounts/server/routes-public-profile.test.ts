/**
 * A trader's public profile: what it shows (never the e-mail), unknown usernames, and the OG badge of
 * verified launch-list subscribers.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { publicProfileResponseSchema } from '@/features/accounts/contract'
import { launchSubscribers } from '@/features/launch-list/tables'
import { users } from '@/platform/server/auth/tables'
import {
  cookiesOf,
  createUserWithUsername,
  errorOf,
  lastMailLink,
  meOf,
  STRONG_PASSWORD,
  send,
} from '@/test/accounts'
import { TEST_ORIGIN } from '@/test/app'
import { setUpProfilesApp, t } from './routes-test-setup'

/** One app for the profile endpoints: the catalog (for favorites) and a real avatar directory. */
describe('profiles API', () => {
  setUpProfilesApp()

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
