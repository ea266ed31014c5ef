import type { StockReport, StockResponse, StockShop } from '@/features/stock/contract'
import { formatCountdown, RARE_RARITIES, STOCK_SOURCE_LABELS, windowAt } from '@/features/stock/rules'
import { ownValue } from '@/shared/lookup'

/**
 * What a shop card shows at `now`:
 * - `empty`: no report yet (a clock shop still counts down to its next restock);
 * - `current`: the report is for the window holding `now`;
 * - `restocking`: the window changed a moment ago and its report has not arrived yet (bots run a minute
 *   or so behind the game): "Restocking…" instead of the countdown, the previous stock labelled so;
 * - `previous`: still no report well into the window: the countdown is back, the stock stays labelled
 *   as the previous one;
 * - `away`: a visit (the traveling merchant) that has ended, or never came.
 */
export type ShopState =
  | { kind: 'empty'; nextRestockAt: number | null }
  | { kind: 'current'; report: StockReport; nextRestockAt: number }
  | { kind: 'restocking'; report: StockReport; windowStart: number; nextRestockAt: number }
  | { kind: 'previous'; report: StockReport; windowStart: number; nextRestockAt: number }
  | { kind: 'visit'; report: StockReport; leavesAt: number }
  | { kind: 'away' }

/** How long after a restock the card says "Restocking…" (at most half a window). */
export const RESTOCKING_GRACE_MS = 2 * 60_000

export function shopState(
  shop: Pick<StockShop, 'kind' | 'periodSeconds' | 'offsetSeconds' | 'report'>,
  now: number,
): ShopState {
  const report = shop.report
  if (shop.kind === 'visit') {
    if (!report) return { kind: 'away' }
    const leavesAt = Date.parse(report.windowEnd)
    return now < leavesAt ? { kind: 'visit', report, leavesAt } : { kind: 'away' }
  }
  const window = windowAt(shop, now)
  if (!report) return { kind: 'empty', nextRestockAt: window.end }
  const reportStart = Date.parse(report.windowStart)
  // A report of the current window (or, with a clock a little ahead of ours, of the next one).
  if (reportStart >= window.start) return { kind: 'current', report, nextRestockAt: window.end }
  const grace = Math.min(RESTOCKING_GRACE_MS, (window.end - window.start) / 2)
  const kind = now - window.start < grace ? 'restocking' : 'previous'
  return { kind, report, windowStart: window.start, nextRestockAt: window.end }
}

/** When a shop's state (not its countdown) next changes: a restock, the end of "Restocking…", a visit leaving. */
function stateChangesAt(state: ShopState): number {
  switch (state.kind) {
    case 'empty':
      return state.nextRestockAt ?? Number.POSITIVE_INFINITY
    case 'restocking':
      return state.windowStart + Math.min(RESTOCKING_GRACE_MS, (state.nextRestockAt - state.windowStart) / 2)
    case 'visit':
      return state.leavesAt
    case 'away':
      return Number.POSITIVE_INFINITY
    default:
      return state.nextRestockAt
  }
}

/**
 * The next instant after `now` at which a stock board looks different other than in its counting texts
 * (which keep their own time): a shop changing state, or a weather ending. Infinity when nothing will.
 */
export function boardChangesAt(
  shops: readonly Pick<StockShop, 'kind' | 'periodSeconds' | 'offsetSeconds' | 'report'>[],
  weather: readonly StockReport[],
  now: number,
): number {
  return Math.min(
    ...shops.map((shop) => stateChangesAt(shopState(shop, now))),
    ...activeWeather(weather, now).map((w) => Date.parse(w.windowEnd)),
  )
}

/** "Restocked 0:42 ago — waiting for the new stock" */
export const waitingText = (windowStart: number, now: number) =>
  `Restocked ${formatCountdown(now - windowStart)} ago — waiting for the new stock`

/** "12 s ago", "3 min ago", "2 h ago", "3 d ago": how long ago a report came. */
export function formatAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000))
  if (seconds < 60) return `${seconds} s ago`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.floor(hours / 24)} d ago`
}

/**
 * Which source reported and when: "Stock manager · reported 12 s ago by Sam", "Bot · reported 1 min ago
 * by gag-bot", "Game feed · reported 40 s ago", with " · corrected" when a later report replaced one.
 */
export function reportedText(report: StockReport, now: number): string {
  const source = ownValue(STOCK_SOURCE_LABELS, report.source.kind) ?? report.source.kind
  const by = report.source.kind === 'feed' ? '' : ` by ${report.source.name}`
  return `${source} · reported ${formatAgo(report.reportedAt, now)}${by}${report.corrected ? ' · corrected' : ''}`
}

/**
 * Whether a shop's last report is older than its window (the page says "stale"): a clock shop whose
 * window has restocked since (restocking, or still waiting for the new stock).
 */
export const isStale = (state: ShopState): boolean => state.kind === 'restocking' || state.kind === 'previous'

/** Weather that has not ended at `now`, the one ending first first. */
export function activeWeather(weather: readonly StockReport[], now: number): StockReport[] {
  return weather
    .filter((w) => Date.parse(w.windowEnd) > now)
    .sort((a, b) => Date.parse(a.windowEnd) - Date.parse(b.windowEnd))
}

export const isRare = (rarity: string | null | undefined) => Boolean(rarity && RARE_RARITIES.has(rarity))

/**
 * The reports of a history page and the ones the live stock brought since (a new restock, a
 * correction), newest first, one per shop and window (a correction replaces what it corrected).
 */
export function mergeReports(
  history: readonly StockReport[],
  live: readonly (StockReport | null)[],
): StockReport[] {
  const byWindow = new Map<string, StockReport>()
  for (const report of [...history, ...live]) {
    if (!report) continue
    const key = `${report.shop}@${report.windowStart}`
    const known = byWindow.get(key)
    if (!known || report.id > known.id) byWindow.set(key, report)
  }
  return [...byWindow.values()].sort((a, b) => b.id - a.id)
}

/** Reports grouped by shop, newest first, leaving out each shop's report on show (`shown`). */
export function groupByShop(
  reports: readonly StockReport[],
  shown: ReadonlySet<number> = new Set(),
): Map<string, StockReport[]> {
  const groups = new Map<string, StockReport[]>()
  for (const report of [...reports].sort((a, b) => b.id - a.id)) {
    if (shown.has(report.id)) continue
    const group = groups.get(report.shop)
    if (group) group.push(report)
    else groups.set(report.shop, [report])
  }
  return groups
}

/** "Carrot ×12, Strawberry ×3" for a history line. */
export function summarizeItems(
  report: StockReport,
  items: StockResponse['items'],
  { quantities = true } = {},
): string {
  if (report.items.length === 0) return 'nothing in stock'
  return report.items
    .map(
      (i) =>
        `${ownValue(items, i.item)?.name ?? i.item}${quantities && i.quantity !== null ? ` ×${i.quantity}` : ''}`,
    )
    .join(', ')
}

/** Colour classes of a rarity (readable on the dark surfaces). */
export const RARITY_CLASS: Record<string, string> = {
  Common: 'text-slate-300',
  Uncommon: 'text-lime-300',
  Rare: 'text-sky-300',
  Legendary: 'text-amber-300',
  Mythical: 'text-fuchsia-300',
  Divine: 'text-orange-300',
  Prismatic: 'text-pink-300',
  Transcendent: 'text-cyan-200',
}

export const rarityClass = (rarity: string | null | undefined) =>
  (rarity && ownValue(RARITY_CLASS, rarity)) || 'text-muted'
