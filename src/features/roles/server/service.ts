import { and, asc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { profiles } from '@/features/accounts/server/public'
import {
  ADMIN_ROLE,
  GUIDE_EDITOR_ROLE,
  gameOfRole,
  isRole,
  isValueEditorRole,
  MIDDLEMAN_ROLE,
  MODERATOR_ROLE,
  ROLE_MESSAGES,
  ROLES,
  type Role,
  type RoleGrant,
  type RoleListResponse,
} from '@/features/roles/contract'
import { userRoles } from '@/features/roles/tables'
import { isPrimaryAdmin } from '@/platform/server/auth/roles'
import type { Actor } from '@/platform/server/auth/session'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { callHook } from '@/platform/server/hooks'
import { recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import { GAME_NAMES } from '@/shared/games'
import { roleRevoked } from './hooks'

export interface RolesContext {
  env: Env
  db: Db
  cache: ReadCache
}

const granter = alias(users, 'granter')

/** Every grant, by role then date, with the primary admin (ADMIN_EMAIL) first among the admins. */
export async function listGrants({ env, db }: RolesContext): Promise<RoleListResponse> {
  const rows = await db
    .select({
      userId: userRoles.userId,
      role: userRoles.role,
      createdAt: userRoles.createdAt,
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
      grantedBy: granter.email,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .leftJoin(granter, eq(granter.id, userRoles.grantedBy))
    .orderBy(asc(userRoles.createdAt), asc(users.email))
  const grants: RoleGrant[] = rows
    .filter((r) => isRole(r.role))
    .map((r) => ({
      userId: r.userId,
      email: r.email,
      username: r.username,
      role: r.role as Role,
      createdAt: r.createdAt.toISOString(),
      grantedBy: r.grantedBy,
      primary: r.role === ADMIN_ROLE && isPrimaryAdmin(env, r),
    }))
  const primary = await primaryAdminAccount({ env, db })
  if (primary && !grants.some((g) => g.primary)) {
    grants.unshift({
      userId: primary.id,
      email: primary.email,
      username: primary.username,
      role: ADMIN_ROLE,
      createdAt: null,
      grantedBy: null,
      primary: true,
    })
  }
  grants.sort(
    (a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || Number(b.primary) - Number(a.primary),
  )
  return { grants }
}

/** The ADMIN_EMAIL account, once it exists and its address is verified. */
async function primaryAdminAccount({ env, db }: Pick<RolesContext, 'env' | 'db'>) {
  if (!env.ADMIN_EMAIL) return undefined
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, env.ADMIN_EMAIL.toLowerCase()))
  return row && isPrimaryAdmin(env, row) ? row : undefined
}

async function findUser(db: Db, by: { email?: string; username?: string }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: profiles.username,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(by.email !== undefined ? eq(users.email, by.email) : eq(profiles.username, by.username ?? ''))
  if (row) return row
  throw new AppError(
    'NOT_FOUND',
    by.email !== undefined
      ? ROLE_MESSAGES.userNotFound(by.email)
      : ROLE_MESSAGES.usernameNotFound(by.username ?? ''),
  )
}

const alreadyHasRole = (email: string, role: Role) => {
  const game = gameOfRole(role)
  return new AppError(
    'CONFLICT',
    role === MODERATOR_ROLE
      ? ROLE_MESSAGES.alreadyModerator(email)
      : role === GUIDE_EDITOR_ROLE
        ? ROLE_MESSAGES.alreadyGuideEditor(email)
        : role === MIDDLEMAN_ROLE
          ? ROLE_MESSAGES.alreadyMiddleman(email)
          : !game
            ? ROLE_MESSAGES.alreadyAdmin(email)
            : isValueEditorRole(role)
              ? ROLE_MESSAGES.alreadyValueEditor(email, GAME_NAMES[game])
              : ROLE_MESSAGES.alreadyStockManager(email, GAME_NAMES[game]),
  )
}

/**
 * Grants a role to the user of that e-mail (or username). Granting twice, or admin to the primary
 * admin, is a 409; two admins granting the same role at once make one grant (the other gets the 409).
 */
export async function grantRole(
  ctx: RolesContext,
  actor: Actor,
  input: { email?: string; username?: string; role: Role },
): Promise<RoleGrant> {
  const user = await findUser(ctx.db, input)
  if (input.role === ADMIN_ROLE && isPrimaryAdmin(ctx.env, user)) throw alreadyHasRole(user.email, input.role)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userRoles)
      .values({ userId: user.id, role: input.role, grantedBy: actor.id })
      .onConflictDoNothing()
      .returning()
    if (!row) throw alreadyHasRole(user.email, input.role)
    await recordAudit(tx, {
      action: 'role.grant',
      actor,
      target: user,
      detail: { role: input.role },
      ip: actor.ip,
    })
    return {
      userId: user.id,
      email: user.email,
      username: user.username,
      role: input.role,
      createdAt: row.createdAt.toISOString(),
      grantedBy: actor.email,
      primary: false,
    }
  })
}

/**
 * Removes a grant. The primary admin's admin access cannot be removed (403); an admin may remove
 * their own admin role. A grant that does not exist is a 404. Once removed, the features above let go
 * of what the role gave (`roleRevoked`: a middleman's open jobs go back to the queue).
 */
export async function revokeRole(ctx: RolesContext, actor: Actor, role: Role, userId: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new AppError('NOT_FOUND', ROLE_MESSAGES.grantNotFound)
  if (role === ADMIN_ROLE && isPrimaryAdmin(ctx.env, user)) {
    throw new AppError('FORBIDDEN', ROLE_MESSAGES.primaryAdmin)
  }
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .returning({ userId: userRoles.userId })
    if (removed.length === 0) throw new AppError('NOT_FOUND', ROLE_MESSAGES.grantNotFound)
    await recordAudit(tx, { action: 'role.revoke', actor, target: user, detail: { role }, ip: actor.ip })
  })
  await callHook(roleRevoked, { db: ctx.db, cache: ctx.cache }, userId, role)
}
