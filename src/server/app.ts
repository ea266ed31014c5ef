import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import type { ApiErrorBody } from '@/shared/api-error'
import { type Auth, CLIENT_IP_HEADER } from './auth/auth'
import { authProvidersRoutes } from './auth/providers-routes'
import type { Database } from './db/client'
import type { Env } from './env'
import { catalogPageHead } from './features/catalog/page-head'
import { catalogRoutes, searchRoutes } from './features/catalog/routes'
import { favoriteRoutes } from './features/favorites/routes'
import { healthRoutes } from './features/health/routes'
import { launchListAdminRoutes, launchListRoutes } from './features/launch-list/routes'
import type { LaunchListLimits } from './features/launch-list/service'
import { mailboxRoutes } from './features/mail/mailbox-routes'
import { profilePageHead } from './features/profiles/page-head'
import { meRoutes, profileRoutes, uploadRoutes, userRoutes } from './features/profiles/routes'
import { siteRoutes } from './features/site/routes'
import { createWebRoutes } from './features/web/routes'
import { clientIp } from './lib/client-ip'
import { AppError } from './lib/errors'
import type { Logger } from './lib/logger'
import { trustedOriginsFor } from './lib/origins'
import type { ReadCache } from './lib/read-cache'
import { securityHeaders } from './lib/security-headers'
import type { WebAssets } from './lib/web-assets'

export interface AppDeps {
  env: Env
  database: Database
  logger: Logger
  cache: ReadCache
  /** The built single-page app; null when only the API is served (API tests). */
  web: WebAssets | null
  /** Signs derived tokens (AUTH_SECRET or the one generated into DATA_DIR). */
  secret: string
  launchListLimits: LaunchListLimits
  /** Better Auth (createAuth), sharing this app's database and secret. */
  auth: Auth
}

export type AppEnv = { Variables: { deps: AppDeps } }

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function createApp(deps: AppDeps) {
  const { env, logger } = deps
  const publicOrigin = new URL(env.PUBLIC_URL).origin
  const trustedOrigins = new Set(trustedOriginsFor(env))

  const app = new Hono<AppEnv>()

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('deps', deps)
    await next()
    const line = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    }
    if (c.req.path.startsWith('/assets/')) logger.debug(line, 'request')
    else logger.info(line, 'request')
  })

  app.use(securityHeaders({ https: publicOrigin.startsWith('https:') }))
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
  const limitBody = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large')
    },
  })
  // Only requests that may carry a body: touching the body of a GET would build a full Request per call.
  // The avatar upload has its own, larger limit (profiles/routes.ts).
  app.use('/api/*', (c, next) =>
    UNSAFE_METHODS.has(c.req.method) && c.req.path !== '/api/profile/avatar' ? limitBody(c, next) : next(),
  )

  // Better Auth: sign-up, sign-in (password, magic link, OAuth), verification, reset, two-factor, sessions.
  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers)
    headers.delete(CLIENT_IP_HEADER) // only the server says where a request comes from
    const ip = clientIp(c, env.TRUST_PROXY)
    if (ip !== 'unknown') headers.set(CLIENT_IP_HEADER, ip)
    const hasBody = c.req.method !== 'GET'
    return deps.auth.handler(
      new Request(c.req.raw.url, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : null,
        ...(hasBody && { duplex: 'half' }),
      } as RequestInit),
    )
  })

  app.route('/api/health', healthRoutes)
  app.route('/api/site', siteRoutes)
  app.route('/api/games', catalogRoutes)
  app.route('/api/items', searchRoutes)
  app.route('/api/launch-list', launchListRoutes)
  app.route('/api/admin/launch-list', launchListAdminRoutes)
  app.route('/api/auth-providers', authProvidersRoutes)
  app.route('/api/me', meRoutes)
  app.route('/api/profile', profileRoutes)
  app.route('/api/users', userRoutes)
  app.route('/api/favorites', favoriteRoutes)
  app.all('/api/*', (c) => {
    throw new AppError('NOT_FOUND', `No API route ${c.req.method} ${c.req.path}`)
  })
  // The local mailbox holds live links: a development tool, never served in production.
  if (!env.SMTP_URL && env.NODE_ENV !== 'production') app.route('/dev/mailbox', mailboxRoutes)
  app.route('/uploads', uploadRoutes)
  app.route(
    '/',
    createWebRoutes(async (...args) => (await catalogPageHead(...args)) ?? profilePageHead(...args)),
  )

  app.notFound((c) => c.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404))

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds) c.header('Retry-After', String(error.options.retryAfterSeconds))
      return c.json(error.toBody(), error.status)
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx: malformed JSON, wrong content type.
      return c.json<ApiErrorBody>({ error: { code: 'BAD_REQUEST', message: error.message } }, error.status)
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error')
    return c.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500)
  })

  return app
}

export type App = ReturnType<typeof createApp>
