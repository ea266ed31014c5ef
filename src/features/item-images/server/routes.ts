import { Hono } from 'hono'
import {
  gameParamSchema,
  type ItemImageJob,
  jobParamSchema,
  type LatestJobResponse,
  type MissingImagesResponse,
} from '@/features/item-images/contract'
import { actorOf, type PermittedEnv, requireAdmin, requireValueEditor } from '@/platform/server/auth/session'
import { noStore } from '@/platform/server/lib/read-cache'
import { paramsOf } from '@/platform/server/lib/validate'
import {
  getImageImport,
  imageImportDepsOf,
  itemsWithoutPicture,
  latestImageImport,
  startImageImport,
} from './jobs'

/**
 * /api/admin/item-images: imports of a game's pictures from its own sources (admins only: each fetches
 * hundreds of pictures from another site), and the items still without one (the game's value editors
 * and admins). Never cached.
 */
export const itemImageRoutes = new Hono<PermittedEnv>()
  .use(noStore)
  .post('/:game/import', requireAdmin, paramsOf(gameParamSchema), async (c) => {
    const { game } = c.req.valid('param')
    const job = await startImageImport(imageImportDepsOf(c.var.deps), game, actorOf(c))
    return c.json<ItemImageJob>(job, 202)
  })
  .get('/:game/import', requireAdmin, paramsOf(gameParamSchema), async (c) => {
    const { game } = c.req.valid('param')
    return c.json<LatestJobResponse>({ job: await latestImageImport(imageImportDepsOf(c.var.deps), game) })
  })
  .get('/:game/import/:id', requireAdmin, paramsOf(jobParamSchema), async (c) => {
    const { game, id } = c.req.valid('param')
    return c.json<ItemImageJob>(await getImageImport(imageImportDepsOf(c.var.deps), game, id))
  })
  // The game is checked first (400), then whether the user edits it.
  .get('/:game/missing', paramsOf(gameParamSchema), requireValueEditor({ param: 'game' }), async (c) => {
    const { game } = c.req.valid('param')
    return c.json<MissingImagesResponse>(await itemsWithoutPicture({ db: c.var.deps.database.db }, game))
  })
