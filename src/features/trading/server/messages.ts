import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { assertNotBlocked, profiles } from '@/features/accounts/server/public'
import { notifyTrader } from '@/features/alerts/server/public'
import { TRADING_LIMITS, TRADING_MESSAGES, type TradeMessage } from '@/features/trading/contract'
import { tradeAds, tradeMessages, tradeOffers } from '@/features/trading/tables'
import type { Db } from '@/platform/server/db/client'
import { callHook } from '@/platform/server/hooks'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit } from '@/platform/server/lib/rate-limit'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { adLink } from './ads'
import { requireTrader, type TradingDeps } from './deps'
import { conversationGuest, conversationListeners } from './hooks'
import { offerForTrader, type TraderRole } from './offers'

/** The channel on which a new message (payload: its id) reaches every instance's streams. */
export const TRADE_MESSAGES_CHANNEL = 'trade_messages'

const selection = {
  id: tradeMessages.id,
  offerId: tradeMessages.offerId,
  userId: tradeMessages.userId,
  body: tradeMessages.body,
  createdAt: tradeMessages.createdAt,
  username: profiles.username,
  ownerId: tradeAds.userId,
  offererId: tradeOffers.userId,
}

type Row = Awaited<ReturnType<typeof messagesQuery>>[number]

/**
 * Who wrote it: one of the two traders, or else the middleman of the offer (only the two traders and the
 * middleman who claimed its request can write, so the badge comes from the claim, never from a name).
 */
const authorOf = (row: Row): TradeMessage['author'] =>
  row.userId === row.ownerId ? 'owner' : row.userId === row.offererId ? 'offerer' : 'middleman'

const present = (row: Row): TradeMessage => ({
  id: row.id!,
  offerId: row.offerId!,
  author: authorOf(row),
  username: row.username ?? 'deleted',
  body: row.body!,
  createdAt: row.createdAt!.toISOString(),
})

const messagesQuery = (db: Db) =>
  db
    .select(selection)
    .from(tradeMessages)
    .innerJoin(tradeOffers, eq(tradeOffers.id, tradeMessages.offerId))
    .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
    .leftJoin(profiles, eq(profiles.userId, tradeMessages.userId))

/**
 * Who may read and write an offer's conversation (the policy): its two traders, and a guest the
 * features above admit (the middleman who took its request: `writes` while they work it, reading only
 * once they closed the job). Anyone else: 404.
 */
export async function offerForConversation(db: Db, offerId: number, userId: string) {
  try {
    return { ...(await offerForTrader(db, offerId, userId)), writes: true }
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'NOT_FOUND') throw err
    const access = (await callHook(conversationGuest, db, offerId, userId)).find((a) => a !== null)
    if (!access) throw err
    const [offer] = await db.select().from(tradeOffers).where(eq(tradeOffers.id, offerId))
    const [ad] = await db.select().from(tradeAds).where(eq(tradeAds.id, offer!.adId))
    return { offer: offer!, ad: ad!, role: 'middleman' as const, writes: access === 'writes' }
  }
}

/**
 * GET /api/trade-offers/:id/messages: the latest messages of the conversation, oldest first (its traders
 * and its middleman only).
 */
export async function listMessages(t: TradingDeps, userId: string, offerId: number): Promise<TradeMessage[]> {
  await offerForConversation(t.db, offerId, userId)
  const rows = await messagesQuery(t.db)
    .where(and(eq(tradeMessages.offerId, offerId), isNull(tradeMessages.hiddenAt))) // trust: hidden ones go
    .orderBy(desc(tradeMessages.id))
    .limit(TRADING_LIMITS.messagesPerPage)
  return rows.reverse().map(present)
}

/** A message with the two traders (and the working middleman) it goes to (the live stream's delivery). */
export async function findMessage(db: Db, id: number) {
  const [row] = await messagesQuery(db).where(eq(tradeMessages.id, id))
  if (!row) return undefined
  const guests = (await callHook(conversationListeners, db, row.offerId!)).flat()
  return { message: present(row), to: [row.ownerId!, row.offererId!, ...guests] }
}

/**
 * One trader writes to the other (30 a minute: 429): stored, the other notified (the bell's unread
 * count), and announced to every instance, whose streams of the two traders carry it.
 */
export async function postMessage(
  t: TradingDeps,
  userId: string,
  offerId: number,
  body: string,
): Promise<TradeMessage> {
  const { username } = await requireTrader(t.db, userId)
  const { offer, ad, role, writes } = await offerForConversation(t.db, offerId, userId)
  if (!writes) throw new AppError('CONFLICT', TRADING_MESSAGES.jobClosed)
  if (role !== 'middleman') await assertNotBlocked(t.db, offer.userId, ad.userId) // trust: either blocked the other (403)
  await hitRateLimit(
    t.db,
    `trading:messages:${userId}`,
    t.limits.messagesPerMinute,
    TRADING_MESSAGES.messagesTooFast,
  )
  const id = await t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tradeMessages)
      .values({ offerId, userId, body, createdAt: t.now() })
      .returning({ id: tradeMessages.id })
    const to: string[] = (
      { owner: [offer.userId], offerer: [ad.userId], middleman: [ad.userId, offer.userId] } satisfies Record<
        TraderRole | 'middleman',
        string[]
      >
    )[role]
    for (const recipient of to)
      await notifyTrader(
        tx,
        {
          userId: recipient,
          kind: 'trade-message',
          title:
            role === 'middleman'
              ? `New message from the middleman ${username}`
              : `New message from ${username}`,
          body: `About the ${GAME_NAMES[ad.gameId as GameId]} trade: ${body.length > 140 ? `${body.slice(0, 139)}…` : body}`,
          link: `${adLink(ad.id)}?offer=${offerId}`,
          dedupeKey: `trade-message:${row!.id}`,
          gameId: ad.gameId,
        },
        t,
      )
    await tx.execute(sql`select pg_notify(${TRADE_MESSAGES_CHANNEL}, ${String(row!.id)})`)
    return row!.id
  })
  const [row] = await messagesQuery(t.db).where(eq(tradeMessages.id, id)).orderBy(asc(tradeMessages.id))
  return present(row!)
}
