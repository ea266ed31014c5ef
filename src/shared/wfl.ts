import type { GameId } from './games'

/**
 * The WFL (win / fair / loss) trade calculator. A trade has two sides: "give" (what you give) and
 * "get" (what you receive); each side is a list of slots (an item, a quantity and optionally a variant).
 * Pure functions with no package imports: this module ships in the browser bundle.
 */

/** The Fair bands a user can choose, in percent of the larger side's total. */
export const FAIR_BANDS = [2, 5, 10, 25] as const
/** One of {@link FAIR_BANDS}. */
export type FairBand = (typeof FAIR_BANDS)[number]
/** The Fair band used when the user has not chosen one. */
export const DEFAULT_FAIR_BAND: FairBand = 10

/** The Fair band a text names (`'5'`, from an address or storage), or null when it names none. */
export function parseFairBand(value: string | null | undefined): FairBand | null {
  const band = FAIR_BANDS.find((b) => String(b) === value)
  return band ?? null
}
/** The largest quantity of one slot. */
export const MAX_QUANTITY = 999
/** The most slots one side of a trade may hold. */
export const MAX_SLOTS_PER_SIDE = 12
/** Blox Fruits refuses a trade when the sides' in-game Beli prices differ by more than this share of the larger side. */
export const BLOX_FRUITS_BELI_LIMIT = 0.4

/** Tolerance (in percent points) for comparing a percent with a band edge, so that exactly 10 % is Fair. */
const EDGE_EPSILON = 1e-9

/** An item as the calculator needs it. */
export interface WflItem {
  id: string
  name: string
  /** null = the item has no value yet */
  value: number | null
  /** per-variant values, e.g. {physical: 1, permanent: 2}; null entries = no value for that variant */
  variants: Record<string, number | null> | null
  /** 0..10, null = unknown */
  demand: number | null
  /** Blox Fruits: Beli price */
  inGamePrice: number | null
}

/** One slot of a trade side: an item, a quantity (1..MAX_QUANTITY) and optionally a variant. */
export interface TradeSlot {
  itemId: string
  quantity: number
  variant?: string
}

/** A trade: what you give and what you get. */
export interface Trade {
  give: TradeSlot[]
  get: TradeSlot[]
}

/** The outcome of a trade for the user (the "give" side). */
export type Verdict = 'win' | 'fair' | 'loss'
/** How far the verdict can be trusted, from the demand of the counted items. */
export type Confidence = 'high' | 'medium' | 'low'

/** The totals of one side of a trade. */
export interface SideResult {
  /** sum of unit value * quantity of the valued slots */
  total: number
  /** number of item units counted (sum of quantities of valued slots) */
  valuedCount: number
  /** slots left out because the item (or chosen variant) has no value, or the item is unknown */
  unvalued: TradeSlot[]
}

/** The evaluation of a trade. */
export interface TradeResult {
  give: SideResult
  get: SideResult
  /** get.total - give.total */
  difference: number
  /** difference as a percent of the larger side's total; 0 when both totals are 0 */
  percent: number
  /** null when either side has no valued item */
  verdict: Verdict | null
  confidence: Confidence
  /** the items (names, deduplicated) that lowered the confidence */
  lowDemandItems: string[]
  /** Blox Fruits only: true when both sides have Beli prices and they differ by more than 40 % of the larger side */
  beliRefused: boolean
}

/** Options of {@link evaluateTrade}. */
export interface EvaluateOptions {
  band: FairBand
  /** The game of the items: its own trade rules apply (Blox Fruits' Beli limit). */
  game?: GameId
}

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v)

/**
 * The value of one unit of `item`: with a variant, that variant's value (null when the variant has no value
 * or the item does not know the variant); without one, the item's own value.
 */
export function unitValue(item: WflItem, variant?: string): number | null {
  if (variant === undefined) return isNumber(item.value) ? item.value : null
  if (item.variants === null || !Object.hasOwn(item.variants, variant)) return null
  const v = item.variants[variant]
  return isNumber(v) ? v : null
}

/**
 * What a typed quantity means: a whole number from 1 to MAX_QUANTITY; more reads as MAX_QUANTITY and says
 * so (`capped`), so the box and the totals always agree. Null while it is no such number (empty, 0, 2.5).
 */
export function readQuantity(text: string): { quantity: number; capped: boolean } | null {
  const trimmed = text.trim()
  if (!/^\d{1,12}$/.test(trimmed)) return null
  const n = Number(trimmed)
  if (n < 1) return null
  return n > MAX_QUANTITY ? { quantity: MAX_QUANTITY, capped: true } : { quantity: n, capped: false }
}

/**
 * Slots naming a variant their (known) item does not have, e.g. `west-dragon~bogus` from an old or edited
 * link: the variant is dropped and the item counts at its headline value. Slots of unknown items are kept
 * as they are (they are told apart elsewhere).
 */
export function dropUnknownVariants(
  slots: readonly TradeSlot[],
  items: ReadonlyMap<string, Pick<WflItem, 'variants'>>,
): { slots: TradeSlot[]; dropped: TradeSlot[] } {
  const dropped: TradeSlot[] = []
  const kept = slots.map((slot) => {
    const item = items.get(slot.itemId)
    if (slot.variant === undefined || !item) return slot
    if (item.variants && Object.hasOwn(item.variants, slot.variant)) return slot
    dropped.push(slot)
    return { itemId: slot.itemId, quantity: slot.quantity }
  })
  return { slots: kept, dropped }
}

/**
 * What the calculator can say of a trade: `empty` while a side has no item, `unvalued` when both have
 * items but a side has none with a value (nothing to compare), else the verdict.
 */
export function tradeStatus(trade: Trade, result: TradeResult): Verdict | 'empty' | 'unvalued' {
  if (trade.give.length === 0 || trade.get.length === 0) return 'empty'
  return result.verdict ?? 'unvalued'
}

function assertQuantities(side: 'give' | 'get', slots: readonly TradeSlot[]): void {
  for (const slot of slots) {
    const q = slot.quantity
    if (!Number.isInteger(q) || q < 1 || q > MAX_QUANTITY) {
      throw new RangeError(
        `Invalid quantity ${String(q)} for item "${slot.itemId}" on the ${side} side: ` +
          `must be a whole number from 1 to ${MAX_QUANTITY}`,
      )
    }
  }
}

interface SideTally {
  result: SideResult
  counted: WflItem[]
}

function tallySide(slots: readonly TradeSlot[], items: ReadonlyMap<string, WflItem>): SideTally {
  const result: SideResult = { total: 0, valuedCount: 0, unvalued: [] }
  const counted: WflItem[] = []
  for (const slot of slots) {
    const item = items.get(slot.itemId)
    const value = item ? unitValue(item, slot.variant) : null
    if (!item || value === null) {
      result.unvalued.push(slot)
      continue
    }
    result.total += value * slot.quantity
    result.valuedCount += slot.quantity
    counted.push(item)
  }
  return { result, counted }
}

function beliTotal(slots: readonly TradeSlot[], items: ReadonlyMap<string, WflItem>): number {
  let sum = 0
  for (const slot of slots) {
    const price = items.get(slot.itemId)?.inGamePrice
    if (isNumber(price)) sum += price * slot.quantity
  }
  return sum
}

/**
 * Evaluates a trade: the totals of both sides, the difference (get - give) and its percent of the larger
 * side, the verdict for the chosen Fair band, a confidence from the demand of the counted items and,
 * for Blox Fruits, whether the game would refuse the trade for its Beli limit.
 * @throws RangeError when a slot's quantity is not a whole number from 1 to MAX_QUANTITY.
 */
export function evaluateTrade(
  trade: Trade,
  items: ReadonlyMap<string, WflItem>,
  options: EvaluateOptions,
): TradeResult {
  assertQuantities('give', trade.give)
  assertQuantities('get', trade.get)
  const give = tallySide(trade.give, items)
  const get = tallySide(trade.get, items)

  const difference = get.result.total - give.result.total
  const larger = Math.max(give.result.total, get.result.total)
  const percent = larger > 0 ? (difference / larger) * 100 : 0

  let verdict: Verdict | null = null
  if (give.result.valuedCount > 0 && get.result.valuedCount > 0) {
    if (percent > options.band + EDGE_EPSILON) verdict = 'win'
    else if (percent < -options.band - EDGE_EPSILON) verdict = 'loss'
    else verdict = 'fair'
  }

  const counted = [...give.counted, ...get.counted]
  let confidence: Confidence = counted.length === 0 ? 'low' : 'high'
  const lowDemand = new Set<string>()
  for (const item of counted) {
    const d = item.demand
    if (d !== null && d <= 2) confidence = 'low'
    else if ((d === null || d <= 4) && confidence === 'high') confidence = 'medium'
    if (d === null || d <= 4) lowDemand.add(item.name)
  }

  let beliRefused = false
  if (options.game === 'blox-fruits') {
    const a = beliTotal(trade.give, items)
    const b = beliTotal(trade.get, items)
    beliRefused = a > 0 && b > 0 && Math.abs(a - b) / Math.max(a, b) > BLOX_FRUITS_BELI_LIMIT
  }

  return {
    give: give.result,
    get: get.result,
    difference,
    percent,
    verdict,
    confidence,
    lowDemandItems: [...lowDemand],
    beliRefused,
  }
}

/** One line a user can trust, e.g. 'Fair when the two sides are within ±10% of the larger side; more is a Win, less is a Loss.' */
export function describeRule(band: FairBand): string {
  return `Fair when the two sides are within ±${band}% of the larger side; more is a Win, less is a Loss.`
}

const SLOT_PATTERN = /^([a-z0-9-]{1,120})(?:~([a-z0-9-]{1,120}))?(?:\*([^*~]*))?$/

/**
 * Reads one side of a share link: comma-separated slots `itemId[~variant][*quantity]`, e.g.
 * `kitsune,dough*2,dragon~permanent`. Parts that do not match, have a quantity that is not a whole number
 * from 1 to MAX_QUANTITY, or come after MAX_SLOTS_PER_SIDE valid slots are returned in `dropped` (raw, for
 * telling the user). Empty parts (e.g. from a trailing comma) are ignored.
 */
export function parseTradeParam(param: string | null): { slots: TradeSlot[]; dropped: string[] } {
  const slots: TradeSlot[] = []
  const dropped: string[] = []
  if (!param) return { slots, dropped }
  for (const raw of param.split(',')) {
    const part = raw.trim()
    if (part === '') continue
    const match = SLOT_PATTERN.exec(part)
    const qText = match?.[3]
    const quantity = qText === undefined ? 1 : /^\d{1,4}$/.test(qText) ? Number(qText) : Number.NaN
    if (!match?.[1] || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      dropped.push(part)
      continue
    }
    if (slots.length >= MAX_SLOTS_PER_SIDE) {
      dropped.push(part)
      continue
    }
    const slot: TradeSlot = { itemId: match[1], quantity }
    if (match[2] !== undefined) slot.variant = match[2]
    slots.push(slot)
  }
  return { slots, dropped }
}

/** Writes one side of a share link in the canonical form `itemId[~variant][*quantity]`, quantity 1 omitted. */
export function formatTradeParam(slots: TradeSlot[]): string {
  return slots
    .map((s) => `${s.itemId}${s.variant ? `~${s.variant}` : ''}${s.quantity === 1 ? '' : `*${s.quantity}`}`)
    .join(',')
}

const VERDICT_LABEL: Record<Verdict, string> = { win: 'Win', fair: 'Fair', loss: 'Loss' }

function unitCount(slots: readonly TradeSlot[]): number {
  return slots.reduce((n, s) => n + s.quantity, 0)
}

function sideNames(slots: readonly TradeSlot[], names: ReadonlyMap<string, string>): string {
  if (slots.length === 0) return 'nothing'
  return slots
    .map((s) => {
      const name = names.get(s.itemId) ?? s.itemId
      return s.quantity > 1 ? `${name} ×${s.quantity}` : name
    })
    .join(' + ')
}

/**
 * A share-preview title, e.g. `Win: 2 items for 1 — Kitsune + Dough for Dragon` (`Trade:` when there is no
 * verdict). Names missing from `names` fall back to the item id.
 */
export function tradeTitle(result: TradeResult, trade: Trade, names: ReadonlyMap<string, string>): string {
  const label = result.verdict ? VERDICT_LABEL[result.verdict] : 'Trade'
  const giveCount = unitCount(trade.give)
  const getCount = unitCount(trade.get)
  const noun = giveCount === 1 ? 'item' : 'items'
  return `${label}: ${giveCount} ${noun} for ${getCount} — ${sideNames(trade.give, names)} for ${sideNames(trade.get, names)}`
}
