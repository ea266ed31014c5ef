import { Hono } from 'hono'
import { awardAchievements } from '@/features/achievements/server/public'
import { invalidateTrading } from '@/features/trading/server/public'
import {
  type RobloxCheckResponse,
  type RobloxStartResponse,
  robloxStartRequestSchema,
} from '@/features/verification/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { noStore } from '@/platform/server/lib/read-cache'
import { jsonBody } from '@/platform/server/lib/validate'
import { checkVerification, startVerification, unlinkRoblox, verificationOf } from './service'

/** /api/verification/roblox: start (a phrase), check (the About), unlink. Signed-in users only. */
export const robloxVerificationRoutes = new Hono<UserEnv>()
  .use(requireUser)
  .use(noStore)
  .post('/', jsonBody(robloxStartRequestSchema), async (c) => {
    const { deps, session } = c.var
    const started = await startVerification(
      verificationOf(deps),
      session.user.id,
      c.req.valid('json').username,
    )
    return c.json<RobloxStartResponse>(started, 201)
  })
  .post('/check', async (c) => {
    const { deps, session } = c.var
    const checked = await checkVerification(verificationOf(deps), session.user.id)
    await awardAchievements(deps, [session.user.id])
    invalidateTrading(deps) // the trader's ads show the Verified badge
    return c.json<RobloxCheckResponse>(checked)
  })
  .delete('/', async (c) => {
    await unlinkRoblox(c.var.deps.database.db, c.var.session.user.id)
    invalidateTrading(c.var.deps)
    return c.body(null, 204)
  })
