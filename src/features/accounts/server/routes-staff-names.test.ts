/**
 * Names that pass for the site's team: "middleman", "TradeHub" and "staff" in a username or display name,
 * however written, are for staff (any role) only; a name kept from before the rule stays its owner's.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DISPLAY_NAME_MESSAGES, USERNAME_MESSAGES } from '@/features/accounts/rules'
import { profiles } from '@/features/accounts/tables'
import { errorOf, meOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { profileRows, setUpProfilesApp, t } from './routes-test-setup'

let n = 0
/** A name no other test of the file takes. */
const unique = (name: string) => `${name}${process.pid % 1000}${++n}`

describe('profiles API', () => {
  setUpProfilesApp()

  const claim = (username: string, cookie: string) =>
    send(t, '/api/profile/username', { body: { username }, cookie })
  const patch = (body: unknown, cookie: string) => send(t, '/api/profile', { method: 'PATCH', body, cookie })

  describe('"middleman", "TradeHub" and "staff" are for staff', () => {
    it('refuses them in a username of a trader without a role, however written (400), and changes nothing', async () => {
      const trader = await signedInUser(t, freshEmail('trader'))
      const before = await profileRows(t)
      for (const base of [
        'probemiddleman',
        'real_tradehub',
        'staffpick',
        'midd1eman',
        'rniddleman',
        'trade_hub_x',
      ]) {
        const username = unique(base)
        const error = await errorOf(await claim(username, trader.cookie))
        expect(error, username).toMatchObject({
          status: 400,
          message: USERNAME_MESSAGES.staffWords,
          fields: { username: USERNAME_MESSAGES.staffWords },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      expect((await meOf(t, trader.cookie)).profile.username).toBeNull()
    })

    it('refuses them in a display name of a trader without a role, in any case, script or spacing', async () => {
      const trader = await signedInUser(t, freshEmail('trader'))
      expect((await patch({ displayName: 'Kitsune Fan' }, trader.cookie)).status).toBe(200)
      const before = await profileRows(t)
      for (const displayName of [
        'TradeHub Middleman',
        'Official Staff',
        'Trade Hub',
        'MIDDLE-MAN Joe',
        'ｓｔａｆｆ',
        'Ѕtaff', // a Cyrillic Ѕ
        'Midd1eman',
        'trade_hub',
      ]) {
        const error = await errorOf(await patch({ displayName }, trader.cookie))
        expect(error, displayName).toMatchObject({
          status: 400,
          message: DISPLAY_NAME_MESSAGES.staffWords,
          fields: { displayName: DISPLAY_NAME_MESSAGES.staffWords },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      expect((await meOf(t, trader.cookie)).profile.displayName).toBe('Kitsune Fan')
    })

    it('staff of any role may use them', async () => {
      for (const role of ['admin', 'moderator', 'guide-editor', 'middleman', 'fisch-value-editor']) {
        const staff = await signedInUser(t, freshEmail('staff'), [role])
        const username = unique('the_staff_mm')
        expect((await claim(username, staff.cookie)).status, role).toBe(200)
        const res = await patch({ displayName: `TradeHub Staff ${username}` }, staff.cookie)
        expect(res.status, role).toBe(200)
      }
    })

    it('a trader keeps such a name stored before the rule, and may save their profile with it', async () => {
      const trader = await signedInUser(t, freshEmail('legacy'))
      const displayName = unique('Staff Pick ')
      await t.database.db.update(profiles).set({ displayName }).where(eq(profiles.userId, trader.id))
      expect((await patch({ bio: 'Still here' }, trader.cookie)).status).toBe(200)
      expect((await patch({ displayName, bio: 'Same name' }, trader.cookie)).status).toBe(200)
      expect((await meOf(t, trader.cookie)).profile).toMatchObject({ displayName, bio: 'Same name' })
      // A new such name is still refused.
      expect((await patch({ displayName: 'Staff Pick 2' }, trader.cookie)).status).toBe(400)
    })

    it('other names with these letters in other words pass', async () => {
      const trader = await signedInUser(t, freshEmail('fine'))
      expect((await claim(unique('trade_hut'), trader.cookie)).status).toBe(200)
      expect((await patch({ displayName: 'Best Affair' }, trader.cookie)).status).toBe(200)
    })
  })
})
