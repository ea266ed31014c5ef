/**
 * Editing a profile: display names (unique by how they look, in any case or script), the bio and social
 * links, and refusals that change nothing.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { profileSchema } from '@/features/accounts/contract'
import { profiles } from '@/features/accounts/tables'
import { createUsers, errorOf, meOf, send } from '@/test/accounts'
import { profileRows, SIGN_IN, setUpProfilesApp, t } from './routes-test-setup'

/** One app for the profile endpoints: the catalog (for favorites) and a real avatar directory. */
describe('profiles API', () => {
  setUpProfilesApp()

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
      })
    })

    it('GitHub is no longer offered: a new link is refused, a stored one stays shown until removed', async () => {
      const [carol] = await createUsers(t, ['carol@example.com'])
      const cookie = carol!.cookie
      const id = (await meOf(t, cookie)).id
      const github = await errorOf(await patch({ socialLinks: { github: 'octocat' } }, cookie))
      expect(github.status).toBe(400)
      expect(github.fields?.['socialLinks.github']).toBe(
        'GitHub links are no longer offered: you can only remove yours',
      )

      // A GitHub link saved before: shown, kept when the other links are saved, removed when asked.
      await patch({ bio: 'Fruits.' }, cookie)
      await t.database.db
        .update(profiles)
        .set({ socialLinks: { github: 'octocat' } })
        .where(sql`${profiles.userId} = ${id}`)
      expect((await meOf(t, cookie)).profile.socialLinks).toEqual({ github: 'octocat' })
      const saved = await patch({ socialLinks: { twitter: '@carol', discord: '', website: '' } }, cookie)
      expect(saved.status).toBe(200)
      expect(profileSchema.parse(await saved.json()).socialLinks).toEqual({
        twitter: '@carol',
        github: 'octocat',
      })
      const removed = await patch({ socialLinks: { twitter: '@carol', github: '' } }, cookie)
      expect(removed.status).toBe(200)
      expect(profileSchema.parse(await removed.json()).socialLinks).toEqual({ twitter: '@carol' })
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
})
