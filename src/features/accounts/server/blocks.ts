import { and, desc, eq, or } from 'drizzle-orm'
import type { BlocksResponse } from '@/features/accounts/contract'
import { BLOCK_MESSAGES } from '@/features/accounts/rules'
import { profiles, userBlocks } from '@/features/accounts/tables'
import type { Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'

/** The user id of a username (404: nobody has it). */
export async function userIdOf(db: Db, username: string): Promise<string> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.username, username))
  if (!row) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.traderNotFound)
  return row.userId
}

/** PUT /api/blocks/:username: blocks a trader (again: nothing changes). Oneself: 400. */
export async function blockTrader(db: Db, blockerId: string, username: string): Promise<void> {
  const blockedId = await userIdOf(db, username)
  if (blockedId === blockerId) throw new AppError('BAD_REQUEST', BLOCK_MESSAGES.blockSelf)
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing()
}

/** DELETE /api/blocks/:username: unblocks (404 when not blocked). */
export async function unblockTrader(db: Db, blockerId: string, username: string): Promise<void> {
  const blockedId = await userIdOf(db, username)
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ id: userBlocks.blockedId })
  if (removed.length === 0) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.notBlocked)
}

/** GET /api/blocks: the traders I blocked, newest first. */
export async function listBlocks(db: Db, blockerId: string): Promise<BlocksResponse> {
  const rows = await db
    .select({ username: profiles.username, displayName: profiles.displayName, at: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(profiles, eq(profiles.userId, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt))
  return {
    blocks: rows.map((r) => ({
      username: r.username ?? 'deleted',
      displayName: r.displayName,
      blockedAt: r.at.toISOString(),
    })),
  }
}

/** 403 when either of the two blocked the other (an offer, a message, a review between them). */
export async function assertNotBlocked(db: DbOrTx, a: string, b: string): Promise<void> {
  const [row] = await db
    .select({ one: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1)
  if (row) throw new AppError('FORBIDDEN', BLOCK_MESSAGES.blocked)
}

/** The usernames of the traders this user blocked (whose ads they no longer see). */
export async function blockedUsernames(db: Db, blockerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ username: profiles.username })
    .from(userBlocks)
    .innerJoin(profiles, eq(profiles.userId, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
  return new Set(rows.flatMap((r) => (r.username ? [r.username] : [])))
}
