import { sql } from 'drizzle-orm'
import { siteEvents } from '@/platform/server/lib/site-events-tables'
import type { GameId, StockGameId } from '@/shared/games'
import type { DbOrTx } from './audit'

/** The channel on which a new site event wakes the alert workers of every instance. */
export const SITE_EVENTS_CHANNEL = 'site_events'

/** A report that put items in a shop's window: a new window's stock, or a correction of it. */
export interface RestockEvent {
  kind: 'restock'
  game: StockGameId
  payload: {
    reportId: number
    shop: string
    windowStart: string
    windowEnd: string
    /** No quantity at a shop without quantities (the Blox Fruits dealers). */
    items: { item: string; quantity?: number }[]
  }
}

/** An item's value changed (one row of item_value_changes). */
export interface ValueChangeEvent {
  kind: 'value-change'
  game: GameId
  payload: { changeId: number; item: string; oldValue: number | null; newValue: number | null }
}

export type SiteEvent = RestockEvent | ValueChangeEvent

/**
 * Records an event that alerts follow. Call it inside the transaction of the change itself: the event
 * commits with it or not at all, and the NOTIFY (delivered at commit) wakes the alert workers.
 */
export async function recordSiteEvent(tx: DbOrTx, event: SiteEvent): Promise<void> {
  const [row] = await tx
    .insert(siteEvents)
    .values({ kind: event.kind, gameId: event.game, payload: event.payload })
    .returning({ id: siteEvents.id })
  await tx.execute(sql`select pg_notify(${SITE_EVENTS_CHANNEL}, ${String(row!.id)})`)
}
