import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Actor } from '@/server/auth/session'
import type { Db } from '@/server/db/client'
import { stockIngestTokens, users } from '@/server/db/schema'
import { recordAudit } from '@/server/lib/audit'
import { AppError } from '@/server/lib/errors'
import { hitRateLimit, type Limit } from '@/server/lib/rate-limit'
import { hashToken } from '@/server/lib/tokens'
import type { StockGameId } from '@/shared/games'
import { type CreatedToken, type IngestToken, STOCK_LIMITS, STOCK_MESSAGES } from '@/shared/stock'

/** Ingest tokens start so, to be recognised in a config file or a leaked log. */
const TOKEN_PREFIX = 'thst_'

const hashOf = (token: string) => hashToken('stock-ingest', token)

type TokenRow = typeof stockIngestTokens.$inferSelect

const present = (row: TokenRow, createdBy: string | null): IngestToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  createdBy,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
})

/** A game's tokens, newest first, with who made them. */
export async function listTokens(db: Db, game: StockGameId): Promise<IngestToken[]> {
  const rows = await db
    .select({ token: stockIngestTokens, createdBy: users.email })
    .from(stockIngestTokens)
    .leftJoin(users, eq(users.id, stockIngestTokens.createdBy))
    .where(eq(stockIngestTokens.gameId, game))
    .orderBy(desc(stockIngestTokens.id))
  return rows.map((r) => present(r.token, r.createdBy))
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
  return { ...present(row, actor.email), token }
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
 * game's, 429 past 60 reports a minute. Marks the token used.
 */
export async function authenticateToken(db: Db, game: StockGameId, token: string, limit: Limit) {
  const [row] = await db
    .select()
    .from(stockIngestTokens)
    .where(eq(stockIngestTokens.tokenHash, hashOf(token)))
  if (!row) throw new AppError('UNAUTHORIZED', STOCK_MESSAGES.badToken)
  if (row.revokedAt) throw new AppError('UNAUTHORIZED', STOCK_MESSAGES.revokedToken)
  if (row.gameId !== game) throw new AppError('FORBIDDEN', STOCK_MESSAGES.otherGameToken(game))
  await hitRateLimit(db, `stock-token:${row.id}`, limit, STOCK_MESSAGES.tokenRateLimited)
  await db.update(stockIngestTokens).set({ lastUsedAt: sql`now()` }).where(eq(stockIngestTokens.id, row.id))
  return { id: row.id, name: row.name }
}
