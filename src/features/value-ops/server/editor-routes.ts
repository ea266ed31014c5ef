import { Hono } from 'hono'
import { catalogOf, withGame } from '@/features/catalog/server/public'
import {
  bulkRequestSchema,
  itemEditRequestSchema,
  newItemRequestSchema,
  retireRequestSchema,
} from '@/features/value-ops/contract'
import { type PermittedEnv, requireValueEditor } from '@/platform/server/auth/session'
import type { AppEnv } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { matchesEtag, noStore } from '@/platform/server/lib/read-cache'
import { jsonBody, uploadedFile } from '@/platform/server/lib/validate'
import { isGameId } from '@/shared/games'
import { IMAGE_UPLOAD_LIMITS } from '@/shared/image-rules'
import { addNewItem, bulkUpdate, editItem, readItemImage, retireItem, uploadItemImage } from './editor'

const editor = requireValueEditor({ param: 'game' })

/** Image uploads per editor (tests may set other numbers under 'value-ops'). */
const IMAGE_LIMITS = { imageUploadsPerEditor: IMAGE_UPLOAD_LIMITS.itemImage }

/** /api/admin/items: the value team's tools, for editors of the game (and admins). */
export const editorRoutes = new Hono<PermittedEnv>()
  .use(noStore)
  .post('/:game', editor, withGame, jsonBody(newItemRequestSchema), async (c) => {
    const { deps, gameId, session } = c.var
    const body = c.req.valid('json')
    return c.json(await addNewItem(catalogOf(deps), gameId, session.user.id, body), 201)
  })
  .post('/:game/bulk', editor, withGame, jsonBody(bulkRequestSchema), async (c) => {
    const { deps, gameId, session } = c.var
    return c.json(await bulkUpdate(catalogOf(deps), gameId, session.user.id, c.req.valid('json')))
  })
  .patch('/:game/:item', editor, withGame, jsonBody(itemEditRequestSchema), async (c) => {
    const { deps, gameId, session } = c.var
    const body = c.req.valid('json')
    return c.json(await editItem(catalogOf(deps), gameId, c.req.param('item'), session.user.id, body))
  })
  .post('/:game/:item/retire', editor, withGame, jsonBody(retireRequestSchema), async (c) => {
    const { deps, gameId, session } = c.var
    const { reason } = c.req.valid('json')
    await retireItem(catalogOf(deps), gameId, c.req.param('item'), session.user.id, reason)
    return c.json({ retired: true })
  })
  .post('/:game/:item/restore', editor, withGame, jsonBody(retireRequestSchema), async (c) => {
    const { deps, gameId, session } = c.var
    const { reason } = c.req.valid('json')
    await retireItem(catalogOf(deps), gameId, c.req.param('item'), session.user.id, reason, false)
    return c.json({ retired: false })
  })
  .post('/:game/:item/image', editor, withGame, async (c) => {
    const bytes = await uploadedFile(c, 'image', { noun: 'image', choose: 'Choose an image to upload' })
    const { deps, gameId, session } = c.var
    const limit = limitsFor(IMAGE_LIMITS, deps.limits, 'value-ops').imageUploadsPerEditor
    return c.json(
      await uploadItemImage(catalogOf(deps), gameId, c.req.param('item'), session.user.id, bytes, limit),
    )
  })

/**
 * /uploads/items/:game/:file — item images (uploaded or imported); a new picture gets a new address, so
 * they are cached for a year. The address names the picture's version and size: it is the ETag.
 */
export const itemImageRoutes = new Hono<AppEnv>().get('/:game/:file', async (c) => {
  const game = c.req.param('game')
  const file = c.req.param('file')
  const bytes = isGameId(game) ? await readItemImage(catalogOf(c.var.deps), game, file) : null
  if (!bytes) throw new AppError('NOT_FOUND', 'Not found')
  const headers = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: `"${file.replace(/\.webp$/, '')}"`,
  }
  if (matchesEtag(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers)
  return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/webp', ...headers })
})
