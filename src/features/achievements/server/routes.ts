import { Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import {
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
  type ReferralsResponse,
  type UserAchievementsResponse,
  usernameParamSchema,
} from '@/features/achievements/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import type { AppEnv } from '@/platform/server/context'
import { noStore, sendCachedJson } from '@/platform/server/lib/read-cache'
import { paramsOf } from '@/platform/server/lib/validate'
import { achievementsOf, HOLDERS_KEY, inviterOf, listAchievements, referralsOf } from './service'

/** The holders' counts: browsers keep them a minute; the server rebuilds them when someone earns one. */
const HOLDERS_FRESH_SECONDS = 60

/** /api/achievements: every achievement, its rule and its holders (public, cached). */
export const achievementRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { deps } = c.var
  const cached = await deps.cache.json(HOLDERS_KEY, () => listAchievements(deps.database.db))
  return sendCachedJson(c, cached, HOLDERS_FRESH_SECONDS)
})

/** /api/users/:username/achievements: a trader's achievements and when each was earned (public). */
export const userAchievementRoutes = new Hono<AppEnv>().get(
  '/:username/achievements',
  paramsOf(usernameParamSchema),
  async (c) => {
    const answer = await achievementsOf(c.var.deps.database.db, c.req.valid('param').username)
    c.header('Cache-Control', 'no-cache')
    return c.json<UserAchievementsResponse>(answer)
  },
)

/** /api/referrals/me: the signed-in trader's invite link and how many joined through it. */
export const referralRoutes = new Hono<UserEnv>()
  .use(requireUser)
  .use(noStore)
  .get('/me', async (c) =>
    c.json<ReferralsResponse>(await referralsOf(c.var.deps.database.db, c.var.session.user.id)),
  )

/**
 * /r/:username: an invite link. Remembers the inviter for the sign-up (a cookie the account's creation
 * reads, src/platform/server/auth/auth.ts) and leads to the sign-up form; an unknown name just leads to the program.
 */
export const inviteRoutes = new Hono<AppEnv>().get('/:username', paramsOf(usernameParamSchema), async (c) => {
  const inviter = await inviterOf(c.var.deps.database.db, c.req.valid('param').username)
  if (!inviter) return c.redirect('/referral-program', 302)
  setCookie(c, REFERRAL_COOKIE, inviter, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60,
  })
  c.header('Cache-Control', 'no-store')
  return c.redirect('/sign-in?view=sign-up', 302)
})
