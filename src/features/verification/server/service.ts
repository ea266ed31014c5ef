import { randomInt } from 'node:crypto'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type {
  RobloxAccount,
  RobloxCheckResponse,
  RobloxStartResponse,
} from '@/features/verification/contract'
import { VERIFICATION_LIMITS, VERIFICATION_MESSAGES } from '@/features/verification/rules'
import { robloxAccounts, robloxVerifications } from '@/features/verification/tables'
import type { RobloxIdentity } from '@/platform/server/auth/hooks'
import { type AppDeps, clockOf } from '@/platform/server/context'
import type { Db } from '@/platform/server/db/client'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, type Limit, limitsFor, refundRateLimit } from '@/platform/server/lib/rate-limit'
import { headshotOf, isRobloxHeadshot, lookUpUsername, type RobloxApiConfig, readUser } from './roblox'
import { PHRASE_WORDS } from './words'

/** The written limit (tests override it by this name under 'verification'). */
export const VERIFICATION_RATE_LIMITS = {
  checksPerHour: { max: VERIFICATION_LIMITS.checksPerHour, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>

export interface VerificationDeps extends RobloxApiConfig {
  db: Db
  now: () => Date
  limits: typeof VERIFICATION_RATE_LIMITS
}

export const verificationOf = (deps: AppDeps): VerificationDeps => ({
  db: deps.database.db,
  env: deps.env,
  now: clockOf(deps),
  limits: limitsFor(VERIFICATION_RATE_LIMITS, deps.limits, 'verification'),
})

/** Six plain words drawn at random: what the trader puts in their Roblox About. */
export const newPhrase = () =>
  Array.from(
    { length: VERIFICATION_LIMITS.phraseWords },
    () => PHRASE_WORDS[randomInt(PHRASE_WORDS.length)],
  ).join(' ')

/** Whether an About holds the phrase's words in order (any case, anything but letters between them). */
export const holdsPhrase = (about: string, phrase: string) =>
  ` ${about.toLowerCase().replace(/[^a-z]+/g, ' ')} `.includes(` ${phrase} `)

/**
 * Every call to Roblox counts against the user's hour (10: 429 + Retry-After); one Roblox failed is
 * given back (502: nothing changed, nothing spent).
 */
async function withRobloxBudget<T>(v: VerificationDeps, userId: string, call: () => Promise<T>): Promise<T> {
  const key = `verification:roblox:${userId}`
  await hitRateLimit(v.db, key, v.limits.checksPerHour, VERIFICATION_MESSAGES.checksTooFast)
  try {
    return await call()
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_GATEWAY') await refundRateLimit(v.db, key)
    throw error
  }
}

/** 409 when another account has verified this Roblox account. */
async function assertNotTaken(db: Db, userId: string, robloxId: number) {
  const [other] = await db
    .select({ userId: robloxAccounts.userId })
    .from(robloxAccounts)
    .where(and(eq(robloxAccounts.robloxId, robloxId), ne(robloxAccounts.userId, userId)))
  if (other) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.robloxTaken)
}

/** The user's verification under way for this Roblox username (any case), while its phrase is good. */
async function pendingFor(v: VerificationDeps, userId: string, username: string) {
  const [pending] = await v.db
    .select()
    .from(robloxVerifications)
    .where(eq(robloxVerifications.userId, userId))
  if (!pending || pending.expiresAt <= v.now()) return null
  return pending.name.toLowerCase() === username.toLowerCase() ? pending : null
}

/**
 * POST /api/verification/roblox: looks the username up on Roblox and gives a new phrase for 30 minutes
 * (replacing any earlier one). The same Roblox name again while its phrase is good gets that phrase and
 * expiry back, without asking Roblox (a trader back from pasting it must not find it changed).
 * Unknown or banned Roblox user 404, verified elsewhere 409, Roblox down 502.
 */
export async function startVerification(
  v: VerificationDeps,
  userId: string,
  username: string,
): Promise<RobloxStartResponse> {
  const pending = await pendingFor(v, userId, username)
  if (pending) {
    await assertNotTaken(v.db, userId, pending.robloxId)
    return {
      phrase: pending.phrase,
      robloxUser: { id: pending.robloxId, name: pending.name, displayName: pending.displayName },
      expiresAt: pending.expiresAt.toISOString(),
    }
  }
  const robloxUser = await withRobloxBudget(v, userId, () => lookUpUsername(v, username))
  await assertNotTaken(v.db, userId, robloxUser.id)
  const phrase = newPhrase()
  const now = v.now()
  const expiresAt = new Date(now.getTime() + VERIFICATION_LIMITS.phraseMinutes * 60_000)
  const row = { robloxId: robloxUser.id, name: robloxUser.name, displayName: robloxUser.displayName, phrase }
  await v.db
    .insert(robloxVerifications)
    .values({ userId, ...row, createdAt: now, expiresAt })
    .onConflictDoUpdate({ target: robloxVerifications.userId, set: { ...row, createdAt: now, expiresAt } })
  return { phrase, robloxUser, expiresAt: expiresAt.toISOString() }
}

const isUniqueViolation = (error: unknown) => {
  const e = ((error as { cause?: unknown })?.cause ?? error) as { code?: string }
  return e?.code === '23505'
}

/**
 * POST /api/verification/roblox/check: reads the Roblox About; when it holds the phrase, the Roblox
 * account is linked (replacing an earlier one) with its headshot. No phrase 404, expired 409, not in the
 * About yet 400, taken meanwhile 409, Roblox down 502 (nothing changed).
 */
export async function checkVerification(v: VerificationDeps, userId: string): Promise<RobloxCheckResponse> {
  const [pending] = await v.db
    .select()
    .from(robloxVerifications)
    .where(eq(robloxVerifications.userId, userId))
  if (!pending) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.noPhrase)
  if (pending.expiresAt <= v.now()) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.phraseExpired)
  const { user, avatarUrl } = await withRobloxBudget(v, userId, async () => {
    const user = await readUser(v, pending.robloxId)
    if (user.isBanned) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.robloxBanned)
    if (!holdsPhrase(user.description ?? '', pending.phrase))
      throw new AppError('BAD_REQUEST', VERIFICATION_MESSAGES.phraseMissing)
    return { user, avatarUrl: await headshotOf(v, user.id) }
  })
  await assertNotTaken(v.db, userId, user.id)
  const account = { robloxId: user.id, name: user.name, displayName: user.displayName, avatarUrl }
  const verifiedAt = v.now()
  try {
    await v.db.transaction(async (tx) => {
      await tx
        .insert(robloxAccounts)
        .values({ userId, ...account, verifiedAt })
        .onConflictDoUpdate({ target: robloxAccounts.userId, set: { ...account, verifiedAt } })
      await tx.delete(robloxVerifications).where(eq(robloxVerifications.userId, userId))
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.robloxTaken)
    throw error
  }
  return {
    verified: true,
    robloxUser: {
      id: user.id,
      name: user.name,
      displayName: user.displayName,
      avatarUrl,
      verifiedAt: verifiedAt.toISOString(),
    },
  }
}

/** Why a Roblox account may not be verified by this account (null: a new one), or null when it may. */
export async function robloxTakenRefusal(db: Db, userId: string | null, robloxId: number) {
  const [other] = await db
    .select({ userId: robloxAccounts.userId })
    .from(robloxAccounts)
    .where(eq(robloxAccounts.robloxId, robloxId))
  return other && other.userId !== userId ? VERIFICATION_MESSAGES.robloxTaken : null
}

/**
 * A trader signed in with Roblox or linked it (docs/decisions/046-sign-in-with-roblox.md): the Roblox
 * account Roblox vouched for is verified at once, with its username, display name and headshot from
 * Roblox (replacing an earlier one, and dropping a phrase under way). A Roblox account another TradeHub
 * account verified stays that account's: nothing changes (false), as the phrase's check refuses it.
 */
export async function verifyByRobloxSignIn(
  db: Db,
  userId: string,
  roblox: RobloxIdentity,
  now = new Date(),
): Promise<boolean> {
  if (await robloxTakenRefusal(db, userId, roblox.id)) return false
  const account = {
    robloxId: roblox.id,
    name: roblox.username,
    displayName: roblox.displayName,
    avatarUrl: isRobloxHeadshot(roblox.picture) ? roblox.picture : null,
  }
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(robloxAccounts)
        .values({ userId, ...account, verifiedAt: now })
        .onConflictDoUpdate({ target: robloxAccounts.userId, set: { ...account, verifiedAt: now } })
      await tx.delete(robloxVerifications).where(eq(robloxVerifications.userId, userId))
    })
  } catch (error) {
    if (isUniqueViolation(error)) return false // verified by another account meanwhile
    throw error
  }
  return true
}

/** DELETE /api/verification/roblox: unlinks the Roblox account (404: none) and drops a phrase under way. */
export async function unlinkRoblox(db: Db, userId: string): Promise<void> {
  await db.delete(robloxVerifications).where(eq(robloxVerifications.userId, userId))
  const removed = await db
    .delete(robloxAccounts)
    .where(eq(robloxAccounts.userId, userId))
    .returning({ userId: robloxAccounts.userId })
  if (removed.length === 0) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.notVerified)
}

/** The verified Roblox accounts of these users, by user id. */
export async function robloxAccountsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, RobloxAccount>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const rows = await db.select().from(robloxAccounts).where(inArray(robloxAccounts.userId, ids))
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        id: r.robloxId,
        name: r.name,
        displayName: r.displayName,
        avatarUrl: r.avatarUrl,
        verifiedAt: r.verifiedAt.toISOString(),
      },
    ]),
  )
}

/** One user's verified Roblox account, or null. */
export const robloxAccountOf = async (db: Db, userId: string) =>
  (await robloxAccountsOf(db, [userId])).get(userId) ?? null
