import { Hono } from 'hono'
import {
  createGuideRequestSchema,
  guideSlugParamsSchema,
  previewGuideRequestSchema,
  updateGuideRequestSchema,
} from '@/features/guides/contract'
import { actorOf, type PermittedEnv, requireGuideEditor } from '@/platform/server/auth/session'
import type { AppDeps, AppEnv } from '@/platform/server/context'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { noStore, sendCachedJson } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf } from '@/platform/server/lib/validate'
import {
  createGuide,
  DEFAULT_GUIDE_LIMITS,
  GUIDES_CACHE,
  type GuidesContext,
  getPublishedGuide,
  getStaffGuide,
  listAllGuides,
  listPublishedGuides,
  previewGuide,
  updateGuide,
} from './service'

const context = ({ database, cache, limits }: AppDeps): GuidesContext => ({
  db: database.db,
  cache,
  limits: limitsFor(DEFAULT_GUIDE_LIMITS, limits, 'guides'),
})

/** /api/guides: the published guides, public and cached (every save drops the cache). */
export const guideRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { cache, database } = c.var.deps
    return sendCachedJson(
      c,
      await cache.json(`${GUIDES_CACHE}list`, () => listPublishedGuides(database.db)),
      60,
    )
  })
  .get('/:slug', paramsOf(guideSlugParamsSchema), async (c) => {
    const { cache, database } = c.var.deps
    const { slug } = c.req.valid('param')
    const guide = await cache.json(`${GUIDES_CACHE}guide:${slug}`, () => getPublishedGuide(database.db, slug))
    return sendCachedJson(c, guide, 60)
  })

/** /api/admin/guides: guide editors and admins write, preview and read every guide with its revisions. */
export const guideAdminRoutes = new Hono<PermittedEnv>()
  .use(requireGuideEditor)
  .use(noStore)
  .get('/', async (c) => c.json(await listAllGuides(c.var.deps.database.db)))
  .post('/', jsonBody(createGuideRequestSchema), async (c) =>
    c.json(await createGuide(context(c.var.deps), actorOf(c), c.req.valid('json')), 201),
  )
  .post('/preview', jsonBody(previewGuideRequestSchema), async (c) =>
    c.json(await previewGuide(context(c.var.deps), actorOf(c), c.req.valid('json').body)),
  )
  .get('/:slug', paramsOf(guideSlugParamsSchema), async (c) =>
    c.json(await getStaffGuide(c.var.deps.database.db, c.req.valid('param').slug)),
  )
  .patch('/:slug', paramsOf(guideSlugParamsSchema), jsonBody(updateGuideRequestSchema), async (c) => {
    await updateGuide(context(c.var.deps), actorOf(c), c.req.valid('param').slug, c.req.valid('json'))
    return c.json(await getStaffGuide(c.var.deps.database.db, c.req.valid('param').slug))
  })
