import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import type { ApiErrorBody } from '@/shared/api-error'
import { authRoutes } from './auth/routes'
import type { AppDeps, AppEnv, ServerFeature } from './context'
import { devMailboxEnabled } from './env'
import { FEATURES } from './features'
import { databaseAwayAnswer } from './lib/database-outage'
import { AppError, databaseInputError } from './lib/errors'
import { healthRoutes } from './lib/health'
import { logRequest } from './lib/logger'
import { mailboxRoutes } from './lib/mail/mailbox-routes'
import { trustedOriginsFor } from './lib/origins'
import { retryAfterOn429 } from './lib/rate-limit'
import { securityHeaders } from './lib/security-headers'
import { createWebRoutes } from './lib/web/routes'

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A path pattern in Hono's syntax (`/api/disputes/:id/evidence`) as a regular expression. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`)

const limitTo = (maxSize: number, message = 'Request body too large') =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', message)
    },
  })

/**
 * The body limit of each write: the one its feature's manifest declares beside the route (uploads, bulk
 * updates), else the house's 64 KB.
 */
function bodyLimitsOf(features: readonly ServerFeature[]) {
  const own = features.flatMap((feature) =>
    (feature.bodyLimits ?? []).map((limit) => ({
      method: limit.method,
      path: patternOf(limit.path),
      check: limitTo(limit.maxBytes, limit.message),
    })),
  )
  const house = limitTo(64 * 1024)
  return (method: string, path: string) =>
    own.find((route) => route.method === method && route.path.test(path))?.check ?? house
}

/** The HTTP app: the house's middleware, auth, every feature's routes and page heads, the web app. */

export function createApp(deps: AppDeps, features: readonly ServerFeature[] = FEATURES) {
  const { env, logger } = deps
  const trustedOrigins = new Set(trustedOriginsFor(env))
  const bodyLimitFor = bodyLimitsOf(features)

  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('deps', deps)
    await next()
    logRequest(logger, c.req.method, c.req.path, c.res.status, started)
  })

  app.use(securityHeaders(env.PUBLIC_URL))
  app.use(retryAfterOn429)
  const compressBody = compress()
  // Only clients that accept an encoding pay for the compressing stream.
  app.use((c, next) => (c.req.header('accept-encoding') ? compressBody(c, next) : next()))

  // Cross-site requests may not change anything (the session cookie would ride along).
  app.use('/api/*', async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const crossSite = origin ? !trustedOrigins.has(origin) : c.req.header('sec-fetch-site') === 'cross-site'
    if (crossSite) throw new AppError('FORBIDDEN', 'Cross-site request refused')
    return next()
  })
  // Only requests that may carry a body: touching the body of a GET would build a full Request per call.
  app.use('/api/*', (c, next) =>
    UNSAFE_METHODS.has(c.req.method) ? bodyLimitFor(c.req.method, c.req.path)(c, next) : next(),
  )

  app.route('/api/health', healthRoutes)
  app.route('/', authRoutes)
  for (const feature of features) {
    for (const [path, routes] of Object.entries(feature.routes ?? {})) app.route(path, routes)
  }
  app.all('/api/*', (c) => {
    throw new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`)
  })
  // The local mailbox holds live links: a development tool, served only where devMailboxEnabled says.
  if (devMailboxEnabled(env)) app.route('/dev/mailbox', mailboxRoutes)
  app.route(
    '/',
    createWebRoutes(features, async (path, init) => app.request(path, init)),
  )

  app.notFound((c) => c.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404))

  app.onError((error, c) => {
    const refused = databaseInputError(error) // a value the database would not take: the client's 400
    if (refused) return c.json(refused.toBody(), refused.status)
    if (error instanceof AppError) {
      // An outside service's failure is a warning: a user can cause as many as they like.
      if (error.code === 'BAD_GATEWAY') logger.warn({ path: c.req.path }, error.message)
      else if (error.status >= 500)
        logger.error({ err: error.options.cause ?? error, path: c.req.path }, error.message)
      if (error.options.retryAfterSeconds) c.header('Retry-After', String(error.options.retryAfterSeconds))
      return c.json(error.toBody(), error.status)
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx: malformed JSON, wrong content type.
      return c.json<ApiErrorBody>({ error: { code: 'BAD_REQUEST', message: error.message } }, error.status)
    }
    const away = databaseAwayAnswer(c, error) // the database cannot be reached: 503, logged once
    if (away) return away
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error')
    return c.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500)
  })

  return app
}
