import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '@/platform/server/context'
import { clientIp } from '@/platform/server/lib/client-ip'
import { AppError } from '@/platform/server/lib/errors'
import {
  GAME_NAMES,
  type GameId,
  isGameId,
  isStockGame,
  STOCK_GAME_NAMES,
  type StockGameId,
} from '@/shared/games'
import type { Auth } from './auth'
import { type Permissions, permissionsOf } from './roles'

export type Session = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
export type SessionEnv = AppEnv & { Variables: { session: Session | null } }
export type UserEnv = AppEnv & { Variables: { session: Session } }
/** After requireAdmin or requireStockManager: the session and what its user may do. */
export type PermittedEnv = AppEnv & { Variables: { session: Session; permissions: Permissions } }

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

/**
 * A named policy: 401 for a visitor, 403 unless `allowed` says yes to the user's permissions, read
 * from the database on this request (a grant or a removal counts on the next request, on every instance).
 */
function requirePermission(
  allowed: (permissions: Permissions, c: Context<PermittedEnv>) => boolean,
  refusal: string,
): MiddlewareHandler<PermittedEnv> {
  return async (c, next) =>
    requireUser(c as unknown as Context<UserEnv>, async () => {
      const { env, database } = c.var.deps
      const permissions = await permissionsOf(env, database.db, c.var.session.user)
      c.set('permissions', permissions)
      if (!allowed(permissions, c)) throw new AppError('FORBIDDEN', refusal)
      await next()
    })
}

/** Admins only: the primary admin (ADMIN_EMAIL) or the `admin` role. */
export const requireAdmin = requirePermission((p) => p.isAdmin, 'Only admins can see this.')

/** Moderators only: the moderator role or an admin (the reports' queue). */
export const requireModerator = requirePermission((p) => p.isModerator, 'Only moderators can see this.')

/** Guide editors only: the guide-editor role or an admin (the guides' editor). */
export const requireGuideEditor = requirePermission((p) => p.isGuideEditor, 'Only guide editors can do this.')

/** Official middlemen only: the middleman role (an admin is not one unless granted it). */
export const requireMiddleman = requirePermission(
  (p) => p.isMiddleman,
  'Only official middlemen can do this.',
)

/**
 * Stock managers of a game only: an admin or the game's `{game}-stock-manager` role. `game` is a game
 * with stock, or the name of the route parameter holding it (a game without stock: 404).
 */
export function requireStockManager(game: StockGameId | { param: string }): MiddlewareHandler<PermittedEnv> {
  const gameOf = (c: Context<PermittedEnv>): StockGameId => {
    if (typeof game === 'string') return game
    const value = c.req.param(game.param) ?? ''
    if (!isStockGame(value)) throw new AppError('NOT_FOUND', 'This game has no stock tracker')
    return value
  }
  return async (c, next) => {
    const target = gameOf(c)
    return requirePermission(
      (p) => p.stockManagerGames.includes(target),
      `Only stock managers of ${STOCK_GAME_NAMES[target]} can do this.`,
    )(c, next)
  }
}

/**
 * Value editors of a game only: an admin or the game's `{game}-value-editor` role. `param` names the
 * route parameter holding the game (an unknown game: 404).
 */
export function requireValueEditor({ param }: { param: string }): MiddlewareHandler<PermittedEnv> {
  return async (c, next) => {
    const value = c.req.param(param) ?? ''
    if (!isGameId(value)) throw new AppError('NOT_FOUND', 'Unknown game')
    return requirePermission(
      (p) => p.valueEditorGames.includes(value),
      `Only value editors of ${GAME_NAMES[value]} can do this.`,
    )(c, next)
  }
}

/**
 * Value editors of any of these games, or admins: a value tool that lists what the user edits (each
 * game's own action checks that game with requireValueEditor).
 */
export function requireValueEditorOfAny(games: readonly GameId[]): MiddlewareHandler<PermittedEnv> {
  return requirePermission(
    (p) => p.valueEditorGames.some((game) => games.includes(game)),
    'Only value editors of these games can see this.',
  )
}

/** Who acts (after requireAdmin), and from which address: what the audit log records. */
export interface Actor {
  id: string
  email: string
  ip: string
}

export const actorOf = (c: Context<PermittedEnv>): Actor => ({
  id: c.var.session.user.id,
  email: c.var.session.user.email,
  ip: clientIp(c, c.var.deps.env.TRUST_PROXY),
})
