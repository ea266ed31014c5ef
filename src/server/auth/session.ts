import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '@/server/app'
import { AppError } from '@/server/lib/errors'
import type { Auth } from './auth'
import { isAdmin } from './roles'

export type Session = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
export type SessionEnv = AppEnv & { Variables: { session: Session | null } }
export type UserEnv = AppEnv & { Variables: { session: Session } }

/**
 * Reads the session cookie. A session in use is extended by Better Auth; its refreshed cookie is passed
 * on to the answer. `required`: a visitor gets 401.
 */
function readSession(required: boolean): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const { headers, response } = await c.var.deps.auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    })
    if (required && !response) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.')
    c.set('session', response)
    await next()
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie)
  }
}

/** `c.var.session`: the session, or null for a visitor. */
export const withSession = readSession(false)
/** 401 for a visitor; after it, `c.var.session` is set. */
export const requireUser = readSession(true) as unknown as MiddlewareHandler<UserEnv>

/** 401 for a visitor, 403 for a signed-in user who is not an admin. */
export const requireAdmin: MiddlewareHandler<UserEnv> = async (c, next) =>
  requireUser(c, async () => {
    if (!isAdmin(c.var.deps.env, c.var.session.user)) {
      throw new AppError('FORBIDDEN', 'Only admins can see this.')
    }
    await next()
  })
