import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '@/server/db/client'
import { profiles, tradeAds, tradeMessages, tradeOffers } from '@/server/db/schema'
import { notifyTrader } from '@/server/features/alerts/public'
import { assertNotBlocked } from '@/server/features/trust/public'
import { hitRateLimit } from '@/server/lib/rate-limit'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { TRADING_LIMITS, TRADING_MESSAGES, type TradeMessage } from '@/shared/trading'
import { adLink } from './ads'
import { requireTrader, type TradingDeps } from './deps'
import { offerForTrader } from './offers'

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

type Row = { [K in keyof typeof selection]: (typeof selection)[K]['_']['data'] | null }

const present = (row: Row): TradeMessage => ({
  id: row.id!,
  offerId: row.offerId!,
  author: row.userId === row.ownerId ? 'owner' : 'offerer',
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

/** GET /api/trade-offers/:id/messages: the latest messages of the conversation, oldest first (its traders only). */
export async function listMessages(t: TradingDeps, userId: string, offerId: number): Promise<TradeMessage[]> {
  await offerForTrader(t.db, offerId, userId)
  const rows = await messagesQuery(t.db)
    .where(and(eq(tradeMessages.offerId, offerId), isNull(tradeMessages.hiddenAt))) // trust: hidden ones go
    .orderBy(desc(tradeMessages.id))
    .limit(TRADING_LIMITS.messagesPerPage)
  return rows.reverse().map(present)
}

/** A message with the two traders it goes to (the live stream's delivery). */
export async function findMessage(db: Db, id: number) {
  const [row] = await messagesQuery(db).where(eq(tradeMessages.id, id))
  return row && { message: present(row), to: [row.ownerId!, row.offererId!] }
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
  const { offer, ad, role } = await offerForTrader(t.db, offerId, userId)
  await assertNotBlocked(t.db, offer.userId, ad.userId) // trust: either blocked the other (403)
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
    await notifyTrader(
      tx,
      {
        userId: role === 'owner' ? offer.userId : ad.userId,
        kind: 'trade-message',
        title: `New message from ${username}`,
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
