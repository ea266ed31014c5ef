import { Hono } from 'hono'
import { type BlocksResponse, blockParamSchema } from '@/features/accounts/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { noStore } from '@/platform/server/lib/read-cache'
import { paramsOf } from '@/platform/server/lib/validate'
import { blockTrader, listBlocks, unblockTrader } from './blocks'

/** /api/blocks: the traders I blocked; block and unblock one by username. */
export const blockRoutes = new Hono<UserEnv>()
  .use(requireUser)
  .use(noStore)
  .get('/', async (c) =>
    c.json<BlocksResponse>(await listBlocks(c.var.deps.database.db, c.var.session.user.id)),
  )
  .put('/:username', paramsOf(blockParamSchema), async (c) => {
    await blockTrader(c.var.deps.database.db, c.var.session.user.id, c.req.valid('param').username)
    return c.body(null, 204)
  })
  .delete('/:username', paramsOf(blockParamSchema), async (c) => {
    await unblockTrader(c.var.deps.database.db, c.var.session.user.id, c.req.valid('param').username)
    return c.body(null, 204)
  })
