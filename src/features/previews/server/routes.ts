import { type Context, Hono } from 'hono'
import { validator } from 'hono/validator'
import {
  itemPreviewParamsSchema,
  itemPreviewQuerySchema,
  tradePreviewQuerySchema,
} from '@/features/catalog/link-previews'
import { catalogOf } from '@/features/catalog/server/public'
import type { AppEnv } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { matchesEtag } from '@/platform/server/lib/read-cache'
import { queryParams } from '@/platform/server/lib/validate'
import { findItemPreviewImage, findTradePreviewImage, type PreviewImage } from './service'

/** A malformed game or file name is no image: 404, as for an unknown item. */
const itemParams = validator('param', (value) => {
  const parsed = itemPreviewParamsSchema.safeParse(value)
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Not found')
  return parsed.data
})

/**
 * The PNG with its ETag (304 on a match, without drawing). Fresh for 10 minutes, then revalidated;
 * the page heads link each image with its version, so a changed value is a new address anyway. Other
 * sites (chat apps, social networks) may embed it.
 */
async function sendPng(c: Context, image: PreviewImage): Promise<Response> {
  c.header('ETag', image.etag)
  c.header('Cache-Control', 'public, max-age=600, stale-while-revalidate=86400')
  c.header('Cross-Origin-Resource-Policy', 'cross-origin')
  if (matchesEtag(c.req.header('if-none-match'), image.etag)) return c.body(null, 304)
  c.header('Content-Type', 'image/png')
  return c.body(new Uint8Array(await image.png()))
}

/** /og: link-preview images of item pages and shared trades (1200 × 630 PNG). */
export const previewRoutes = new Hono<AppEnv>()
  .get('/items/:game/:file', itemParams, queryParams(itemPreviewQuerySchema), async (c) => {
    const { game, item } = c.req.valid('param')
    return sendPng(c, await findItemPreviewImage(catalogOf(c.var.deps), game, item))
  })
  .get('/trade.png', queryParams(tradePreviewQuerySchema), async (c) =>
    sendPng(c, await findTradePreviewImage(catalogOf(c.var.deps), c.req.valid('query'))),
  )
