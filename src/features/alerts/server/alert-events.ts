import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type RuleItem, ruleMatches } from '@/features/alerts/rules'
import { alertRules, alertSettings, watches } from '@/features/alerts/tables'
import { type CatalogDeps, itemsWithNotes } from '@/features/catalog/server/public'
import type { NotificationKind } from '@/features/notifications/contract'
import { NOTIFICATIONS_CHANNEL, notifications } from '@/features/notifications/server/public'
import { shopDefinition } from '@/features/stock/rules'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { DbOrTx } from '@/platform/server/lib/audit'
import type { Logger } from '@/platform/server/lib/logger'
import { ReadCache } from '@/platform/server/lib/read-cache'
import { siteEvents } from '@/platform/server/lib/site-events-tables'
import { formatValue } from '@/shared/format-value'
import { type GameId, isGameId, isStockGame, type StockGameId } from '@/shared/games'
import { type DiscordPayload, enqueueDiscord } from './discord-worker'
import { scheduleAlertMail } from './email-digest'

/** Site events claimed by one transaction. */
export const EVENT_BATCH_SIZE = 20

/** Rows per INSERT or IN list: far below PostgreSQL's limit of parameters per statement. */
const CHUNK = 500

/** Discord shows at most this many embeds in one message. */
const DISCORD_EMBEDS_PER_MESSAGE = 10

export interface AlertEventDeps {
  db: Db
  cache: ReadCache
  /** Origin of the links in Discord posts. */
  publicUrl: string
  logger: Pick<Logger, 'warn'>
}

/** What one batch did: events marked processed, notifications created, for whom, and whether mail waits. */
export interface ProcessedBatch {
  events: number
  notifications: number
  /** Users who got at least one new notification. */
  users: string[]
  /** Some user now has an alert mail due (the digest worker should look). */
  emailDue: boolean
}

const NOTHING: ProcessedBatch = { events: 0, notifications: 0, users: [], emailDue: false }

const restockPayloadSchema = z.object({
  reportId: z.number(),
  shop: z.string().min(1),
  windowStart: z.iso.datetime(),
  windowEnd: z.iso.datetime(),
  items: z.array(z.object({ item: z.string().min(1), quantity: z.number().optional() })),
})

const valueChangePayloadSchema = z.object({
  changeId: z.number(),
  item: z.string().min(1),
  oldValue: z.number().nullable(),
  newValue: z.number().nullable(),
})

type ItemFacts = RuleItem & { name: string }
/** A game's items by id, with what rules match on. */
type GameFacts = Map<string, ItemFacts>

/** A notification to create (unless the user has one with this key already), and how else to deliver it. */
interface Planned {
  userId: string
  kind: NotificationKind
  gameId: GameId
  itemId: string
  title: string
  body: string
  link: string
  dedupeKey: string
  /** The watch or rule behind it asks for e-mail / Discord (the user's settings decide too). */
  email: boolean
  discord: boolean
}

type SiteEventRow = typeof siteEvents.$inferSelect

async function factsOf(catalog: CatalogDeps, game: GameId): Promise<GameFacts> {
  const rows = await itemsWithNotes(catalog, game)
  return new Map(
    rows.map(({ item, notes }) => [
      item.id,
      { name: item.name, category: item.category, rarity: item.rarity, notes },
    ]),
  )
}

/** "12:05 UTC" */
function utcTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(11, 16)} UTC`
}

const keyOf = (...parts: string[]) => parts.join('\n')

/** "3 in stock", or "in stock" at a shop without quantities (the Blox Fruits dealers). */
const inStock = (quantity: number | undefined) =>
  quantity === undefined ? 'in stock' : `${quantity} in stock`

/** Watches and rules of a game that a report's items fit: one notification per user and item. */
async function planRestock(
  tx: DbOrTx,
  event: SiteEventRow,
  facts: GameFacts,
  logger: AlertEventDeps['logger'],
) {
  const parsed = restockPayloadSchema.safeParse(event.payload)
  if (!isStockGame(event.gameId) || !parsed.success) {
    logger.warn({ eventId: event.id }, 'restock event with an unreadable payload: skipped')
    return []
  }
  const game: StockGameId = event.gameId
  const report = parsed.data
  const quantities = new Map(report.items.map((i) => [i.item, i.quantity]))
  if (quantities.size === 0) return []

  const wanted = new Map<string, { userId: string; itemId: string; email: boolean; discord: boolean }>()
  const want = (userId: string, itemId: string, email: boolean, discord: boolean) => {
    const key = keyOf(userId, itemId)
    const seen = wanted.get(key)
    if (seen) {
      seen.email ||= email
      seen.discord ||= discord
    } else wanted.set(key, { userId, itemId, email, discord })
  }
  const watchRows = await tx
    .select({
      userId: watches.userId,
      itemId: watches.itemId,
      email: watches.email,
      discord: watches.discord,
    })
    .from(watches)
    .where(
      and(
        eq(watches.gameId, game),
        eq(watches.restock, true),
        inArray(watches.itemId, [...quantities.keys()]),
      ),
    )
  for (const w of watchRows) want(w.userId, w.itemId, w.email, w.discord)

  // Only rules that could fit one of the items (ruleMatches decides): not every rule of the game.
  const reported = [...quantities.keys()].flatMap((id) => facts.get(id) ?? [])
  const anyOr = (
    column: typeof alertRules.shop | typeof alertRules.category | typeof alertRules.rarity,
    values: (string | null)[],
  ) => {
    const known = [...new Set(values.filter((v): v is string => v !== null))]
    return known.length > 0 ? or(isNull(column), inArray(column, known)) : isNull(column)
  }
  const rules =
    reported.length === 0
      ? []
      : await tx
          .select()
          .from(alertRules)
          .where(
            and(
              eq(alertRules.gameId, game),
              anyOr(alertRules.shop, [report.shop]),
              anyOr(
                alertRules.category,
                reported.map((i) => i.category),
              ),
              anyOr(
                alertRules.rarity,
                reported.map((i) => i.rarity),
              ),
            ),
          )
  for (const rule of rules) {
    for (const itemId of quantities.keys()) {
      const item = facts.get(itemId)
      if (item && ruleMatches({ ...rule, game }, item, report.shop))
        want(rule.userId, itemId, rule.email, rule.discord)
    }
  }

  const shopName = shopDefinition(game, report.shop)?.name ?? report.shop
  const windowStart = new Date(report.windowStart).toISOString()
  const until = utcTime(report.windowEnd)
  return [...wanted.values()].map(
    (w): Planned => ({
      userId: w.userId,
      kind: 'restock',
      gameId: game,
      itemId: w.itemId,
      title: `${facts.get(w.itemId)?.name ?? w.itemId} is in stock`,
      body: `${shopName} · ${inStock(quantities.get(w.itemId))} · until ${until}`,
      link: `/${game}-stock`,
      dedupeKey: `restock:${game}:${report.shop}:${windowStart}:${w.itemId}`,
      email: w.email,
      discord: w.discord,
    }),
  )
}

/** "Kitsune's value went down" (or up; or it got its first value, or lost it, or only its variants changed). */
function valueTitle(name: string, oldValue: number | null, newValue: number | null): string {
  if (oldValue === newValue) return `${name}'s values changed`
  if (oldValue === null) return `${name} has a value now`
  if (newValue === null) return `${name}'s value was removed`
  return `${name}'s value went ${newValue < oldValue ? 'down' : 'up'}`
}

/** Users watching the item's value. */
async function planValueChange(
  tx: DbOrTx,
  event: SiteEventRow,
  facts: GameFacts,
  logger: AlertEventDeps['logger'],
) {
  const parsed = valueChangePayloadSchema.safeParse(event.payload)
  if (!isGameId(event.gameId) || !parsed.success) {
    logger.warn({ eventId: event.id }, 'value-change event with an unreadable payload: skipped')
    return []
  }
  const game: GameId = event.gameId
  const change = parsed.data
  const watchRows = await tx
    .select({ userId: watches.userId, email: watches.email, discord: watches.discord })
    .from(watches)
    .where(and(eq(watches.gameId, game), eq(watches.itemId, change.item), eq(watches.value, true)))
  const name = facts.get(change.item)?.name ?? change.item
  return watchRows.map(
    (w): Planned => ({
      userId: w.userId,
      kind: 'value',
      gameId: game,
      itemId: change.item,
      title: valueTitle(name, change.oldValue, change.newValue),
      body:
        change.oldValue === change.newValue
          ? `Value ${formatValue(change.newValue)}; its variants' values were updated`
          : `${formatValue(change.oldValue)} → ${formatValue(change.newValue)}`,
      link: `/values/${game}/${change.item}`,
      dedupeKey: `value:${change.changeId}`,
      email: w.email,
      discord: w.discord,
    }),
  )
}

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

const byUserAndKey = (a: Planned, b: Planned) =>
  a.userId < b.userId
    ? -1
    : a.userId > b.userId
      ? 1
      : a.dedupeKey < b.dedupeKey
        ? -1
        : a.dedupeKey > b.dedupeKey
          ? 1
          : 0

/**
 * Creates the planned notifications that do not exist yet (the unique key per user decides, across
 * instances and repeats), marks those the user wants by e-mail for the next alert mail, queues Discord
 * posts, and announces each user's new notifications. Rows are written in (user, key) order, so two
 * instances writing overlapping notifications wait for each other instead of deadlocking.
 */
async function deliver(
  tx: DbOrTx,
  planned: Planned[],
  publicUrl: string,
): Promise<Omit<ProcessedBatch, 'events'>> {
  const unique = new Map<string, Planned>()
  for (const p of planned) {
    const key = keyOf(p.userId, p.dedupeKey)
    const seen = unique.get(key)
    if (seen) {
      seen.email ||= p.email
      seen.discord ||= p.discord
    } else unique.set(key, { ...p })
  }
  const list = [...unique.values()].sort(byUserAndKey)
  if (list.length === 0) return { notifications: 0, users: [], emailDue: false }

  const userIds = [...new Set(list.map((p) => p.userId))]
  const settings = new Map<string, { emailRestock: boolean; emailValue: boolean; discordEnabled: boolean }>()
  for (const ids of chunks(userIds)) {
    const rows = await tx
      .select({
        userId: alertSettings.userId,
        emailRestock: alertSettings.emailRestock,
        emailValue: alertSettings.emailValue,
        discordEnabled: alertSettings.discordEnabled,
      })
      .from(alertSettings)
      .where(inArray(alertSettings.userId, ids))
    for (const row of rows) settings.set(row.userId, row)
  }
  const wantsEmail = (p: Planned) => {
    const s = settings.get(p.userId)
    return p.email && Boolean(p.kind === 'restock' ? s?.emailRestock : p.kind === 'value' && s?.emailValue)
  }

  const created: (Planned & { id: number; createdAt: Date; emailPending: boolean })[] = []
  for (const part of chunks(list)) {
    const rows = await tx
      .insert(notifications)
      .values(
        part.map((p) => ({
          userId: p.userId,
          kind: p.kind,
          gameId: p.gameId,
          itemId: p.itemId,
          title: p.title,
          body: p.body,
          link: p.link,
          dedupeKey: p.dedupeKey,
          emailPending: wantsEmail(p),
          discord: p.discord,
        })),
      )
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({
        id: notifications.id,
        userId: notifications.userId,
        dedupeKey: notifications.dedupeKey,
        createdAt: notifications.createdAt,
        emailPending: notifications.emailPending,
      })
    for (const row of rows) created.push({ ...unique.get(keyOf(row.userId, row.dedupeKey))!, ...row })
  }
  if (created.length === 0) return { notifications: 0, users: [], emailDue: false }

  // E-mail: the next alert mail is due now, or 15 minutes after the last one (what comes meanwhile joins it).
  const emailUsers = [...new Set(created.filter((n) => n.emailPending).map((n) => n.userId))].sort()
  for (const ids of chunks(emailUsers)) await scheduleAlertMail(tx, ids)

  // Discord: one post per user (ten alerts at most each), through the Discord outbox.
  const discordByUser = new Map<string, typeof created>()
  for (const n of created) {
    if (!n.discord || !settings.get(n.userId)?.discordEnabled) continue
    discordByUser.set(n.userId, [...(discordByUser.get(n.userId) ?? []), n])
  }
  for (const [userId, list] of discordByUser) {
    for (const part of chunks(list, DISCORD_EMBEDS_PER_MESSAGE)) {
      const payload: DiscordPayload = {
        embeds: part.map((n) => ({
          title: n.title,
          description: n.body,
          url: `${publicUrl}${n.link}`,
          timestamp: n.createdAt.toISOString(),
        })),
        allowed_mentions: { parse: [] },
      }
      await enqueueDiscord(tx, userId, payload)
    }
  }

  // The live bell of every instance: one NOTIFY per user (delivered at commit).
  const notified = [...new Set(created.map((n) => n.userId))].sort()
  for (const ids of chunks(notified)) {
    await tx
      .select({ sent: sql`pg_notify(${NOTIFICATIONS_CHANNEL}, ${users.id})` })
      .from(users)
      .where(inArray(users.id, ids))
  }
  return { notifications: created.length, users: notified, emailDue: emailUsers.length > 0 }
}

/**
 * Turns the oldest unprocessed site events into notifications, in one transaction: the events are
 * claimed (FOR UPDATE SKIP LOCKED, so two instances never take the same one), their notifications,
 * e-mail marks and Discord posts written, and the events marked processed — all of it or none.
 * `skip`: events left for later (ones that failed on their own).
 */
export async function processSiteEvents(
  deps: AlertEventDeps,
  options: { limit?: number; skip?: readonly number[] } = {},
): Promise<ProcessedBatch> {
  const { limit = EVENT_BATCH_SIZE, skip = [] } = options
  const pending = and(
    isNull(siteEvents.processedAt),
    skip.length > 0 ? notInArray(siteEvents.id, [...skip]) : undefined,
  )
  // The catalog facts of the games concerned, read before the transaction through the shared cache
  // (on PGlite a read outside the open transaction would wait for it).
  const games = await deps.db.selectDistinct({ gameId: siteEvents.gameId }).from(siteEvents).where(pending)
  if (games.length === 0) return NOTHING
  const facts = new Map<string, GameFacts>()
  for (const { gameId } of games)
    if (isGameId(gameId)) facts.set(gameId, await factsOf({ db: deps.db, cache: deps.cache }, gameId))

  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .select()
      .from(siteEvents)
      .where(pending)
      .orderBy(asc(siteEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (claimed.length === 0) return NOTHING
    const planned: Planned[] = []
    for (const event of claimed) {
      let gameFacts = facts.get(event.gameId)
      if (!gameFacts && isGameId(event.gameId)) {
        // An event of a game that had none pending a moment ago: read its catalog in this transaction.
        gameFacts = await factsOf({ db: tx as unknown as Db, cache: new ReadCache() }, event.gameId)
        facts.set(event.gameId, gameFacts)
      }
      if (event.kind === 'restock')
        planned.push(...(await planRestock(tx, event, gameFacts ?? new Map(), deps.logger)))
      else if (event.kind === 'value-change')
        planned.push(...(await planValueChange(tx, event, gameFacts ?? new Map(), deps.logger)))
      else deps.logger.warn({ eventId: event.id, kind: event.kind }, 'site event of an unknown kind: skipped')
    }
    const outcome = await deliver(tx, planned, deps.publicUrl)
    await tx
      .update(siteEvents)
      .set({ processedAt: sql`now()` })
      .where(
        inArray(
          siteEvents.id,
          claimed.map((e) => e.id),
        ),
      )
    return { events: claimed.length, ...outcome }
  })
}
