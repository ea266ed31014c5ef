import { type Context, Hono } from 'hono'
import { blockParamSchema } from '@/features/accounts/contract'
import { tradeIdParamSchema } from '@/features/trading/contract'
import { invalidateTrading } from '@/features/trading/server/public'
import {
  type Review,
  type ReviewsResponse,
  reportIdParamSchema,
  reportRequestSchema,
  reportsQuerySchema,
  resolveReportRequestSchema,
  reviewRequestSchema,
  reviewsQuerySchema,
} from '@/features/trust/contract'
import {
  actorOf,
  type PermittedEnv,
  requireModerator,
  requireUser,
  type UserEnv,
} from '@/platform/server/auth/session'
import { type AppDeps, type AppEnv, clockOf } from '@/platform/server/context'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { noStore, sendCachedJson } from '@/platform/server/lib/read-cache'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import {
  FIGURES_KEY,
  fileReport,
  listReports,
  type ReportDeps,
  resolveReport,
  TRUST_RATE_LIMITS,
  trustFigures,
} from './reports'
import { listReviews, postReview } from './reviews'

const reportDeps = (deps: AppDeps): ReportDeps => ({
  env: deps.env,
  db: deps.database.db,
  cache: deps.cache,
  now: clockOf(deps),
  limits: limitsFor(TRUST_RATE_LIMITS, deps.limits, 'trust'),
})

/** /api/trade-offers/:id/review: one of the two traders reviews the other after the trade. */
export const reviewRoutes = new Hono<UserEnv>().post(
  '/:id/review',
  requireUser,
  paramsOf(tradeIdParamSchema),
  jsonBody(reviewRequestSchema),
  async (c) => {
    const { deps, session } = c.var
    const review = await postReview(
      { db: deps.database.db, now: clockOf(deps), award: { db: deps.database.db, cache: deps.cache } },
      session.user.id,
      c.req.valid('param').id,
      c.req.valid('json'),
    )
    invalidateTrading(deps) // the ads and offers show the trader's rating
    return c.json<Review>(review, 201)
  },
)

/** /api/users/:username/reviews: a trader's reputation, public (asked again on each visit). */
export const userReviewRoutes = new Hono<AppEnv>().get(
  '/:username/reviews',
  paramsOf(blockParamSchema),
  queryParams(reviewsQuerySchema),
  async (c) => {
    const answer = await listReviews(
      c.var.deps.database.db,
      c.req.valid('param').username,
      c.req.valid('query').page,
    )
    c.header('Cache-Control', 'no-cache')
    return c.json<ReviewsResponse>(answer)
  },
)

/** /api/reports: a signed-in user reports an ad, a message, a review, a suggestion or a user. */
export const reportRoutes = new Hono<UserEnv>().post(
  '/',
  requireUser,
  jsonBody(reportRequestSchema),
  async (c) => {
    const id = await fileReport(reportDeps(c.var.deps), c.var.session.user.id, c.req.valid('json'))
    return c.json({ id }, 201)
  },
)

/** The moderator or admin of this request (after requireModerator), as the deciding rule reads them. */
const deciderOf = (c: Context<PermittedEnv>) => ({
  id: c.var.session.user.id,
  isAdmin: c.var.permissions.isAdmin,
})

/** /api/admin/reports: the moderators' queue (moderators and admins). */
export const moderationRoutes = new Hono<PermittedEnv>()
  .use(requireModerator)
  .use(noStore)
  .get('/', queryParams(reportsQuerySchema), async (c) => {
    const { status, page } = c.req.valid('query')
    return c.json(await listReports(reportDeps(c.var.deps), deciderOf(c), status ?? 'open', page))
  })
  .post('/:id/resolve', paramsOf(reportIdParamSchema), jsonBody(resolveReportRequestSchema), async (c) => {
    const id = c.req.valid('param').id
    const deps = reportDeps(c.var.deps)
    await resolveReport(deps, { ...actorOf(c), ...deciderOf(c) }, id, c.req.valid('json'))
    const [report] = (await listReports(deps, deciderOf(c), 'resolved', 1)).reports.filter((r) => r.id === id)
    return c.json({ report: report ?? null })
  })

/** Figures change slowly: browsers keep them 5 minutes, the server builds them once per change or 5 minutes. */
const FIGURES_FRESH_SECONDS = 300

/** /api/trust/figures: live, anonymous figures of /trust-and-security. */
export const figuresRoutes = new Hono<AppEnv>().get('/figures', async (c) => {
  const { deps } = c.var
  const cached = await deps.cache.json(FIGURES_KEY, () => trustFigures(deps.database.db, clockOf(deps)()))
  return sendCachedJson(c, cached, FIGURES_FRESH_SECONDS)
})
