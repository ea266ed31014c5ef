import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { isRole, type Role } from '@/features/roles/rules'
import { userRoles, userSuspensions } from '@/features/roles/server/public'
import {
  type CreatedToken,
  type IngestToken,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  type TokenStopReason,
} from '@/features/stock/contract'
import { stockIngestTokens } from '@/features/stock/tables'
import { permissionsFrom } from '@/platform/server/auth/roles'
import type { Actor } from '@/platform/server/auth/session'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, type Limit, refuseIfSpent } from '@/platform/server/lib/rate-limit'
import { hashToken } from '@/platform/server/lib/tokens'
import type { StockGameId } from '@/shared/games'

/** Ingest tokens start so, to be recognised in a config file or a leaked log. */
const TOKEN_PREFIX = 'thst_'

const hashOf = (token: string) => hashToken('stock-ingest', token)

type TokenRow = typeof stockIngestTokens.$inferSelect

/** A token's creator as the rights check needs them: null when the account is gone. */
interface Creator {
  id: string
  email: string
  emailVerified: boolean
  suspended: boolean
}

/** Reads a token's creator with a left join (null: the account was deleted). */
const creatorColumns = {
  creatorId: users.id,
  creatorEmail: users.email,
  creatorVerified: users.emailVerified,
  suspendedAt: userSuspensions.suspendedAt,
}
type CreatorColumns = {
  creatorId: string | null
  creatorEmail: string | null
  creatorVerified: boolean | null
  suspendedAt: Date | null
}
const creatorOf = (row: CreatorColumns): Creator | null =>
  row.creatorId === null
    ? null
    : {
        id: row.creatorId,
        email: row.creatorEmail ?? '',
        emailVerified: row.creatorVerified ?? false,
        suspended: row.suspendedAt !== null,
      }

/** The roles of these users, by user. */
async function rolesOf(db: Db, userIds: string[]) {
  const roles = new Map<string, Role[]>()
  if (userIds.length === 0) return roles
  const rows = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds))
  for (const { userId, role } of rows) {
    if (!isRole(role)) continue
    roles.set(userId, [...(roles.get(userId) ?? []), role])
  }
  return roles
}

/**
 * Why a token of the game does not work although it is not revoked: a token acts for its creator, so
 * it stops when the creator's account is gone or suspended, or may no longer manage the game (null: it
 * works). Read on every use: a role removal or a suspension counts on the next report.
 */
function stopReasonOf(
  env: Env,
  game: StockGameId,
  creator: Creator | null,
  roles: Role[],
): TokenStopReason | null {
  if (!creator) return 'creator-gone'
  if (creator.suspended) return 'creator-suspended'
  if (!permissionsFrom(env, creator, roles).stockManagerGames.includes(game)) return 'creator-not-manager'
  return null
}

const present = (
  row: TokenRow,
  createdBy: string | null,
  stoppedReason: TokenStopReason | null,
): IngestToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  createdBy,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  stoppedReason: row.revokedAt ? null : stoppedReason,
})

/** A game's tokens, newest first, with who made them and whether they stopped (their creator's rights). */
export async function listTokens(env: Env, db: Db, game: StockGameId): Promise<IngestToken[]> {
  const rows = await db
    .select({ token: stockIngestTokens, ...creatorColumns })
    .from(stockIngestTokens)
    .leftJoin(users, eq(users.id, stockIngestTokens.createdBy))
    .leftJoin(userSuspensions, eq(userSuspensions.userId, stockIngestTokens.createdBy))
    .where(eq(stockIngestTokens.gameId, game))
    .orderBy(desc(stockIngestTokens.id))
  const roles = await rolesOf(db, [...new Set(rows.flatMap((r) => (r.creatorId ? [r.creatorId] : [])))])
  return rows.map((r) => {
    const creator = creatorOf(r)
    const reason = stopReasonOf(env, game, creator, creator ? (roles.get(creator.id) ?? []) : [])
    return present(r.token, r.creatorEmail, reason)
  })
}

/** A new token for a game's bot: 32 random bytes, shown in this answer only, stored as its SHA-256. */
export async function createIngestToken(
  db: Db,
  actor: Actor,
  game: StockGameId,
  name: string,
): Promise<CreatedToken> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = await db.transaction(async (tx) => {
    // One game's token count is checked and raised under a lock: two requests cannot both pass it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-tokens:${game}`}))`)
    const [active] = await tx
      .select({ n: count() })
      .from(stockIngestTokens)
      .where(and(eq(stockIngestTokens.gameId, game), isNull(stockIngestTokens.revokedAt)))
    if ((active?.n ?? 0) >= STOCK_LIMITS.maxTokensPerGame)
      throw new AppError('CONFLICT', STOCK_MESSAGES.tooManyTokens)
    const [created] = await tx
      .insert(stockIngestTokens)
      .values({ gameId: game, name, tokenHash: hashOf(token), createdBy: actor.id })
      .returning()
    await recordAudit(tx, {
      action: 'stock.token-create',
      actor,
      detail: { game, token: created!.id, name },
      ip: actor.ip,
    })
    return created!
  })
  return { ...present(row, actor.email, null), token }
}

/** Revokes a token of the game (kept, so its reports still name it). 404 for another game's token. */
export async function revokeIngestToken(db: Db, actor: Actor, game: StockGameId, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(stockIngestTokens)
      .set({ revokedAt: sql`coalesce(${stockIngestTokens.revokedAt}, now())` })
      .where(and(eq(stockIngestTokens.id, id), eq(stockIngestTokens.gameId, game)))
      .returning()
    if (!row) throw new AppError('NOT_FOUND', STOCK_MESSAGES.tokenNotFound)
    await recordAudit(tx, {
      action: 'stock.token-revoke',
      actor,
      detail: { game, token: id, name: row.name },
      ip: actor.ip,
    })
  })
}

/**
 * The bot behind `Authorization: Bearer <token>`: 401 for an unknown or revoked token, 403 for another
 * game's or one whose creator may no longer manage the game, 429 past 60 reports a minute. Marks the
 * token used.
 */
export async function authenticateToken(env: Env, db: Db, game: StockGameId, token: string, limit: Limit) {
  const [row] = await db
    .select({ token: stockIngestTokens, ...creatorColumns })
    .from(stockIngestTokens)
    .leftJoin(users, eq(users.id, stockIngestTokens.createdBy))
    .leftJoin(userSuspensions, eq(userSuspensions.userId, stockIngestTokens.createdBy))
    .where(eq(stockIngestTokens.tokenHash, hashOf(token)))
  if (!row) throw new AppError('UNAUTHORIZED', STOCK_MESSAGES.badToken)
  const { token: found } = row
  if (found.revokedAt) throw new AppError('UNAUTHORIZED', STOCK_MESSAGES.revokedToken)
  if (found.gameId !== game) throw new AppError('FORBIDDEN', STOCK_MESSAGES.otherGameToken(game))
  const creator = creatorOf(row)
  const roles = creator ? ((await rolesOf(db, [creator.id])).get(creator.id) ?? []) : []
  if (stopReasonOf(env, game, creator, roles))
    throw new AppError('FORBIDDEN', STOCK_MESSAGES.tokenStopped(game))
  await hitRateLimit(db, `stock-token:${found.id}`, limit, STOCK_MESSAGES.tokenRateLimited)
  await db.update(stockIngestTokens).set({ lastUsedAt: sql`now()` }).where(eq(stockIngestTokens.id, found.id))
  return { id: found.id, name: found.name }
}

export interface BotLimits {
  reportsPerToken: Limit
  failedTokensPerAddress: Limit
}

/**
 * The bot behind an `Authorization` header, checked before its report is read. An address (an IPv6
 * /64: `addressGroup`) whose token attempts were refused too often gets 429 without its token being
 * looked up, until the window ends.
 */
export async function authenticateBot(
  env: Env,
  db: Db,
  game: StockGameId,
  authorization: string,
  address: string,
  limits: BotLimits,
) {
  const failures = `stock-token-failures:${address}`
  const message = STOCK_MESSAGES.tokenAttemptsRateLimited
  await refuseIfSpent(db, failures, limits.failedTokensPerAddress, message)
  try {
    const token = authorization.match(/^Bearer\s+(\S{1,200})$/i)?.[1]
    if (!token) throw new AppError('UNAUTHORIZED', STOCK_MESSAGES.badToken)
    return await authenticateToken(env, db, game, token, limits.reportsPerToken)
  } catch (error) {
    const refused = error instanceof AppError && (error.status === 401 || error.status === 403)
    if (refused) await hitRateLimit(db, failures, limits.failedTokensPerAddress, message)
    throw error
  }
}
