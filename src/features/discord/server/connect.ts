import { timingSafeEqual } from 'node:crypto'
import { and, eq, max } from 'drizzle-orm'
import { watchAllRequest } from '@/features/alerts/rules'
import { putWatch } from '@/features/alerts/server/public'
import { type CatalogDeps, findItems } from '@/features/catalog/server/public'
import {
  DISCORD_CONNECT_TTL_MS,
  type DiscordConnection,
  type DiscordConnectPreview,
  type DiscordConnectResponse,
} from '@/features/discord/contract'
import { DISCORD_CONNECT_MESSAGES } from '@/features/discord/rules'
import { discordLinks } from '@/features/discord/tables'
import { notifications } from '@/features/notifications/server/public'
import { accounts } from '@/platform/server/auth/tables'
import type { Database } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { deriveToken } from '@/platform/server/lib/tokens'
import { GAME_NAMES, type GameId, isGameId } from '@/shared/games'
import { countChange } from './bot'

/**
 * What a /watch link carries: the Discord user who asked, their name (shown before they agree), the
 * item, and when the link stops working. Signed with the server secret; nothing is stored.
 */
export interface ConnectClaim {
  discordUserId: string
  username: string
  game: GameId
  item: string
  expiresAt: number
}

const signatureOf = (secret: string, body: string) => deriveToken(secret, 'discord-connect', body).token

/** The token of a connect link: base64url JSON, a dot, its HMAC. Valid DISCORD_CONNECT_TTL_MS from `now`. */
export function connectToken(secret: string, claim: Omit<ConnectClaim, 'expiresAt'>, now: Date): string {
  const body = Buffer.from(
    JSON.stringify({
      d: claim.discordUserId,
      n: claim.username,
      g: claim.game,
      i: claim.item,
      e: now.getTime() + DISCORD_CONNECT_TTL_MS,
    }),
  ).toString('base64url')
  return `${body}.${signatureOf(secret, body)}`
}

/** The claim of a token made here that has not expired; otherwise a 400 that says which. */
export function readConnectToken(secret: string, token: string, now: Date): ConnectClaim {
  const invalid = () => new AppError('BAD_REQUEST', DISCORD_CONNECT_MESSAGES.invalid)
  const [body = '', signature = '', ...rest] = token.split('.')
  if (!body || rest.length > 0) throw invalid()
  const expected = Buffer.from(signatureOf(secret, body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid()
  let raw: { d?: unknown; n?: unknown; g?: unknown; i?: unknown; e?: unknown }
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  const { d, n, g, i, e } = raw
  if (
    typeof d !== 'string' ||
    typeof n !== 'string' ||
    typeof g !== 'string' ||
    !isGameId(g) ||
    typeof i !== 'string' ||
    typeof e !== 'number'
  )
    throw invalid()
  if (e <= now.getTime()) throw new AppError('BAD_REQUEST', DISCORD_CONNECT_MESSAGES.expired)
  return { discordUserId: d, username: n, game: g, item: i, expiresAt: e }
}

/** The page's view of a claim: who and which item (404 when the item left the catalog). */
export async function previewOf(catalog: CatalogDeps, claim: ConnectClaim): Promise<DiscordConnectPreview> {
  const item = (await findItems(catalog, claim.game, [claim.item])).get(claim.item)
  if (!item) throw new AppError('NOT_FOUND', 'The item of this link is no longer on TradeHub.')
  return {
    username: claim.username,
    game: claim.game,
    gameName: GAME_NAMES[claim.game],
    item: item.id,
    itemName: item.name,
  }
}

/** The newest of a user's notifications: a new connection DMs only what comes after it. */
export async function newestNotificationId(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(notifications.id) })
    .from(notifications)
    .where(eq(notifications.userId, userId))
  return Number(row?.last ?? 0)
}

type LinkRow = typeof discordLinks.$inferSelect
/** A Discord user as an interaction names them. */
type DiscordUser = { id: string; username?: string | null }

const presentLink = (row: LinkRow): DiscordConnection => ({
  discordUserId: row.discordUserId,
  username: row.username,
  dmProblem: row.dmProblem,
  connectedAt: row.createdAt.toISOString(),
})

/** The TradeHub account with a Discord sign-in for this Discord user, if any. */
async function accountSignedInWith(tx: DbOrTx, discordUserId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, 'discord'), eq(accounts.accountId, discordUserId)))
  return row?.userId ?? null
}

/**
 * The TradeHub account a Discord user is connected to: their link, or the account they sign in to with
 * Discord (then the link is made, DMing from the newest notification on). Null when neither.
 */
export async function findConnection(
  db: Database['db'],
  { id: discordUserId, username = null }: DiscordUser,
): Promise<LinkRow | null> {
  const [link] = await db.select().from(discordLinks).where(eq(discordLinks.discordUserId, discordUserId))
  if (link) {
    // Discord names change: the settings show the one last seen.
    if (username && link.username !== username)
      await db.update(discordLinks).set({ username }).where(eq(discordLinks.discordUserId, discordUserId))
    return { ...link, username: username ?? link.username }
  }
  const userId = await accountSignedInWith(db, discordUserId)
  if (!userId) return null
  return db.transaction(async (tx) => {
    // An account already connected to another Discord user keeps that connection (one per account).
    await tx
      .insert(discordLinks)
      .values({ discordUserId, username, userId, lastNotificationId: await newestNotificationId(tx, userId) })
      .onConflictDoNothing()
    const [made] = await tx.select().from(discordLinks).where(eq(discordLinks.discordUserId, discordUserId))
    return made ?? null
  })
}

/**
 * Watching again resumes DMs that Discord refused: the problem is cleared and the cursor moves to the
 * newest notification, so what came while DMs were closed is not sent all at once.
 */
export async function resumeDms(db: Database['db'], link: LinkRow): Promise<void> {
  if (!link.dmProblem) return
  await db.transaction(async (tx) => {
    await tx
      .update(discordLinks)
      .set({ dmProblem: null, lastNotificationId: await newestNotificationId(tx, link.userId) })
      .where(eq(discordLinks.discordUserId, link.discordUserId))
  })
}

/**
 * Connects the claim's Discord user to the signed-in user (replacing the account's earlier Discord
 * user): 409 when that Discord user belongs to another account (connected, or signing in with it).
 * DMs start from the newest notification; a refused-DMs problem is cleared.
 */
export async function connectDiscordUser(
  db: Database['db'],
  userId: string,
  { id: discordUserId, username = null }: DiscordUser,
): Promise<DiscordConnection> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ userId: discordLinks.userId })
      .from(discordLinks)
      .where(eq(discordLinks.discordUserId, discordUserId))
      .for('update')
    const signsIn = await accountSignedInWith(tx, discordUserId)
    if ((current && current.userId !== userId) || (signsIn && signsIn !== userId))
      throw new AppError('CONFLICT', DISCORD_CONNECT_MESSAGES.takenByAnother)
    await tx.delete(discordLinks).where(eq(discordLinks.userId, userId))
    const [row] = await tx
      .insert(discordLinks)
      .values({ discordUserId, username, userId, lastNotificationId: await newestNotificationId(tx, userId) })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new AppError('CONFLICT', DISCORD_CONNECT_MESSAGES.takenByAnother)
    return presentLink(row)
  })
}

/** The signed-in user's connected Discord user, or null. */
export async function connectionOf(db: Database['db'], userId: string): Promise<DiscordConnection | null> {
  const [row] = await db.select().from(discordLinks).where(eq(discordLinks.userId, userId))
  return row ? presentLink(row) : null
}

/** Disconnects the user's Discord user: no more DMs. Disconnecting when not connected is a success. */
export async function disconnectDiscordUser(db: Database['db'], userId: string): Promise<void> {
  await countChange(db, `account:${userId}`)
  await db.delete(discordLinks).where(eq(discordLinks.userId, userId))
}

/**
 * The /watch link's page: the signed-in user connects the link's Discord user (see
 * connectDiscordUser) and watches the link's item, with the alerts' own limits.
 */
export async function connectDiscord(
  deps: { secret: string; catalog: CatalogDeps; now: Date },
  userId: string,
  token: string,
): Promise<DiscordConnectResponse> {
  await countChange(deps.catalog.db, `account:${userId}`)
  const claim = readConnectToken(deps.secret, token, deps.now)
  const preview = await previewOf(deps.catalog, claim)
  const item = (await findItems(deps.catalog, claim.game, [claim.item])).get(claim.item)!
  const connection = await connectDiscordUser(deps.catalog.db, userId, {
    id: claim.discordUserId,
    username: claim.username,
  })
  await putWatch(
    deps.catalog,
    userId,
    item.gameId,
    item.id,
    watchAllRequest({ game: item.gameId, category: item.category }),
  )
  return { connection, preview }
}
