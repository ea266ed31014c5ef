import type {
  ShopSettings,
  ShopSettingsRequest,
  StockReport,
  StockReportRequest,
  StockResponse,
} from '@/features/stock/contract'
import { STOCK_LIMITS } from '@/features/stock/rules'

/** A line of the stock editor: the quantity is the input's text until it is published. */
export interface EditorRow {
  item: string
  name: string
  quantity: string
}

/** The editor's message for a quantity, as the server's rule says it (null when fine). */
export function quantityError(quantity: string): string | null {
  const n = Number(quantity)
  return quantity.trim() !== '' &&
    Number.isInteger(n) &&
    n >= STOCK_LIMITS.minQuantity &&
    n <= STOCK_LIMITS.maxQuantity
    ? null
    : 'quantity must be a whole number from 1 to 999'
}

type ReportItem = NonNullable<StockReportRequest['items']>[number]

/** The report's items: with their quantities at a shop that has them (`shopHasQuantities`), else none. */
export const toReportItems = (rows: readonly EditorRow[], quantities: boolean): ReportItem[] =>
  rows.map((r) => (quantities ? { item: r.item, quantity: Number(r.quantity) } : { item: r.item }))

/** "Correct": a report's items back in the editor, named from the catalog facts. */
export const rowsFromReport = (report: StockReport, items: StockResponse['items']): EditorRow[] =>
  report.items.map((i) => ({
    item: i.item,
    name: items[i.item]?.name ?? i.item,
    quantity: i.quantity === null ? '' : String(i.quantity),
  }))

/** The games a user manages, and the game and shop the address asks for (or the first ones). */
export function pickGameAndShop<G extends string>(
  games: readonly G[],
  shopsOf: (game: G) => readonly { id: string }[],
  params: URLSearchParams,
): { game: G | null; shop: string | null } {
  const asked = params.get('game')
  const game = games.find((g) => g === asked) ?? games[0] ?? null
  if (!game) return { game: null, shop: null }
  const shops = shopsOf(game)
  const shop = shops.find((s) => s.id === params.get('shop'))?.id ?? shops[0]?.id ?? null
  return { game, shop }
}

export interface ClockDraft {
  name: string
  periodSeconds: string
  offsetSeconds: string
  enabled: boolean
}

/**
 * What an admin's edit of a shop clock changes (only the fields that differ), or the first problem
 * with it, by the contract's limits (period 60 s to 7 days, offset 0 to 7 days).
 */
export function clockChange(
  saved: ShopSettings,
  draft: ClockDraft,
): { ok: true; change: ShopSettingsRequest | null } | { ok: false; error: string } {
  const week = 7 * 24 * 3600
  const name = draft.name.trim()
  if (!name) return { ok: false, error: 'Give the shop a name' }
  const period = Number(draft.periodSeconds)
  if (draft.periodSeconds.trim() === '' || !Number.isInteger(period) || period < 60 || period > week)
    return { ok: false, error: 'The period is a whole number of seconds from 60 to 604800 (7 days)' }
  const offset = Number(draft.offsetSeconds)
  if (draft.offsetSeconds.trim() === '' || !Number.isInteger(offset) || offset < 0 || offset > week)
    return { ok: false, error: 'The offset is a whole number of seconds from 0 to 604800 (7 days)' }
  const change: ShopSettingsRequest = {}
  if (name !== saved.name) change.name = name
  if (period !== saved.periodSeconds) change.periodSeconds = period
  if (offset !== saved.offsetSeconds) change.offsetSeconds = offset
  if (draft.enabled !== saved.enabled) change.enabled = draft.enabled
  return { ok: true, change: Object.keys(change).length > 0 ? change : null }
}
