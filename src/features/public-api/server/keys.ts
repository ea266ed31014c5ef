import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import {
  API_KEY_PREFIX,
  type ApiKey,
  type CreatedApiKey,
  PUBLIC_API_LIMITS,
  PUBLIC_API_MESSAGES,
} from '@/features/public-api/contract'
import { apiKeys } from '@/features/public-api/tables'
import { signInRefusal } from '@/platform/server/auth/hooks'
import type { Db } from '@/platform/server/db/client'
import { callHook } from '@/platform/server/hooks'
import { AppError } from '@/platform/server/lib/errors'

/** The stored form of a key: its sha256 (a random 32-byte key needs no slow hash). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('base64url')

type KeyRow = typeof apiKeys.$inferSelect

const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  useCount: row.useCount,
  revokedAt: row.revokedAt?.toISOString() ?? null,
})

export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.id))
  return rows.map(toApiKey)
}

/** A new key of the trader, returned this once: only its hash and first characters are kept. */
export async function createApiKey(db: Db, userId: string, name: string): Promise<CreatedApiKey> {
  return db.transaction(async (tx) => {
    // One trader's key creations one at a time, so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('api-keys'), hashtext(${userId}))`)
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    if ((held?.n ?? 0) >= PUBLIC_API_LIMITS.keysPerUser)
      throw new AppError('CONFLICT', PUBLIC_API_MESSAGES.tooManyKeys)
    const key = API_KEY_PREFIX + randomBytes(32).toString('base64url')
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name, prefix: key.slice(0, API_KEY_PREFIX.length + 6), keyHash: hashApiKey(key) })
      .returning()
    if (!row) throw new Error('API key not stored')
    return { ...toApiKey(row), key }
  })
}

/** Revokes one of the trader's keys (another's is not found). Revoking twice keeps the first time. */
export async function revokeApiKey(db: Db, userId: string, id: number): Promise<ApiKey> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND', PUBLIC_API_MESSAGES.keyNotFound)
  return toApiKey(row)
}

/** A key that is known and not revoked (its id and its owner), or null. */
export async function findActiveKey(db: Db, key: string): Promise<{ id: number; userId: string } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
  return row ?? null
}

/**
 * Why the key's owner may not use it now, or null: a key works only while its account may sign in, by
 * the very rule sign-in follows (`signInRefusal`: a suspended account may not).
 */
export async function keyRefusal(db: Db, userId: string): Promise<string | null> {
  const refusal = (await callHook(signInRefusal, db, userId)).find((r) => r !== null)
  return refusal ? PUBLIC_API_MESSAGES.keyOwnerRefused(refusal) : null
}

/** Adds a batch of uses to a key (written with its limit counter). */
export async function recordKeyUse(db: Db, id: number, uses: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ useCount: sql`${apiKeys.useCount} + ${uses}`, lastUsedAt: sql`now()` })
    .where(eq(apiKeys.id, id))
}
