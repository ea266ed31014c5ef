import { Hono } from 'hono'
import {
  type RobloxCheckResponse,
  type RobloxStartResponse,
  robloxStartRequestSchema,
} from '@/features/verification/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { callHook } from '@/platform/server/hooks'
import { noStore } from '@/platform/server/lib/read-cache'
import { jsonBody } from '@/platform/server/lib/validate'
import { robloxAccountChanged } from './hooks'
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
    await callHook(robloxAccountChanged, { db: deps.database.db, cache: deps.cache }, [session.user.id])
    return c.json<RobloxCheckResponse>(checked)
  })
  .delete('/', async (c) => {
    const { deps, session } = c.var
    await unlinkRoblox(deps.database.db, session.user.id)
    await callHook(robloxAccountChanged, { db: deps.database.db, cache: deps.cache }, [session.user.id])
    return c.body(null, 204)
  })
