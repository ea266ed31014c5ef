import type { GameId } from '@/shared/games'
import { divRound, mulScaled, percentOf, SCALE, scaledNumber, scaledText, toScaled } from './exact'
import {
  type CropModifiers,
  cropSellValue,
  GAG_CROPS,
  GAG_PET_MUTATIONS,
  GAG_VARIANTS,
  isGagCrop,
  isGagPet,
  MAX_AGE,
  mutationMultiplier,
  petMutationOf,
} from './gag-modifiers'

/**
 * The WFL (win / fair / loss) trade calculator. A trade has two sides: "give" (what you give) and
 * "get" (what you receive); each side is a list of slots (an item, a quantity and optionally a variant,
 * or a typed amount of the game's value units). Totals are exact (./exact: BigInt millionths).
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
  /** The game and category tell which items take modifiers (Grow a Garden crops). */
  gameId?: string
  category?: string | null
}

/**
 * One slot of a trade side: an item, a quantity (1..MAX_QUANTITY), optionally a variant and, for a
 * Grow a Garden crop, its modifiers (variant such as Gold, mutations, weight in kg).
 */
export interface TradeSlot {
  itemId: string
  quantity: number
  variant?: string
  modifiers?: CropModifiers
  /**
   * A typed amount (`700M`): the slot counts as that many of the game's value units (./amounts). Its
   * `itemId` is AMOUNT_ITEM_ID and its quantity 1; a share link writes it `$700M`.
   */
  amount?: number
}

/** The item id of an amount slot: no item has it (item ids are lowercase letters, digits and dashes). */
export const AMOUNT_ITEM_ID = '$'

/** Whether a slot is a typed amount rather than an item. */
export const isAmountSlot = (slot: Pick<TradeSlot, 'amount'>): slot is TradeSlot & { amount: number } =>
  typeof slot.amount === 'number'

/** The slot of a typed amount. */
export const amountSlot = (amount: number): TradeSlot => ({ itemId: AMOUNT_ITEM_ID, quantity: 1, amount })

/** The item ids a trade's slots name (amount slots name none), once each. */
export const slotItemIds = (slots: readonly TradeSlot[]): string[] => [
  ...new Set(slots.filter((s) => !isAmountSlot(s)).map((s) => s.itemId)),
]

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
  /** sum of unit value * quantity of the valued slots: the number nearest {@link SideResult.exactTotal} */
  total: number
  /** the same sum exactly, as a decimal text (`57000000000000000000000`, `12.35`) */
  exactTotal: string
  /** number of units counted (sum of quantities of valued slots; an amount counts 1) */
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
  /** the same difference exactly, as a decimal text */
  exactDifference: string
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
 * Whether an item takes modifiers (a Grow a Garden crop or pet), a weight (a crop whose base weight is
 * known) and whether it is a pet (a pet mutation and an age).
 */
export function takesModifiers(item: Pick<WflItem, 'id' | 'gameId' | 'category'>): {
  modifiers: boolean
  weight: boolean
  pet: boolean
} {
  const crop = isGagCrop(item.gameId, item.category)
  const pet = isGagPet(item.gameId, item.category)
  return { modifiers: crop || pet, weight: crop && Object.hasOwn(GAG_CROPS, item.id), pet }
}

/** Whether modifiers fit an item: a crop's (no age; a weight only where its base weight is known) or a pet's. */
export function modifiersFit(
  item: Pick<WflItem, 'id' | 'gameId' | 'category'>,
  mods: CropModifiers,
): boolean {
  const takes = takesModifiers(item)
  if (takes.pet) return petMutationOf(mods) !== undefined
  return takes.modifiers && mods.age === undefined && (mods.kg === undefined || takes.weight)
}

/**
 * The exact value (BigInt millionths, ./exact) of one unit of `item` in a slot: with a variant, that
 * variant's value (null when the variant has no value or the item does not know the variant); a Grow a
 * Garden pet by its mutation and age (`petValue`), a crop by its modifiers (`cropValue`), computed
 * exactly with one rounding; else the item's own value.
 */
export function exactUnitValue(
  item: WflItem,
  slot: Pick<TradeSlot, 'variant' | 'modifiers'> = {},
): bigint | null {
  const variant = slot.variant
  const takes = variant === undefined ? takesModifiers(item) : null
  const base = isNumber(item.value) ? toScaled(item.value) : null
  const mods = slot.modifiers ?? {}
  if (takes?.pet) {
    if (base === null) return null
    // petValue: value × mutation × (age + 10) / 11.
    const mutation = petMutationOf(mods)
    const value = mutation ? mulScaled(base, toScaled(GAG_PET_MUTATIONS[mutation].multiplier)) : base
    if (mods.age === undefined) return value
    return divRound(value * toScaled(Math.min(mods.age, MAX_AGE) + 10), 11n * SCALE)
  }
  if (takes?.modifiers) {
    // cropValue: the trade value × the game's sell-value ratio; without one, the sell value itself.
    const crop = Object.hasOwn(GAG_CROPS, item.id) ? GAG_CROPS[item.id] : undefined
    if (base === null) return crop ? toScaled(cropSellValue(crop, mods)) : null
    if (crop) return divRound(base * toScaled(cropSellValue(crop, mods)), toScaled(cropSellValue(crop, {})))
    const ratio = GAG_VARIANTS[mods.variant ?? 'normal'].multiplier * mutationMultiplier(mods.mutations ?? [])
    return mulScaled(base, toScaled(ratio))
  }
  if (variant === undefined) return base
  if (item.variants === null || !Object.hasOwn(item.variants, variant)) return null
  const v = item.variants[variant]
  return isNumber(v) ? toScaled(v) : null
}

/** {@link exactUnitValue} as the number nearest it (pages, previews), null as there. */
export function unitValue(item: WflItem, slot: Pick<TradeSlot, 'variant' | 'modifiers'> = {}): number | null {
  const exact = exactUnitValue(item, slot)
  return exact === null ? null : scaledNumber(exact)
}

/**
 * What a typed quantity means: a whole number from 1 to MAX_QUANTITY. Anything else that is a number is
 * corrected to the nearest allowed one and says so: more than the limit reads as MAX_QUANTITY (`capped`),
 * 0 or less as 1 and a fraction as its whole part (`corrected`), so the box and the totals always agree.
 * Null while it is no number at all (empty, a lone minus sign).
 */
export function readQuantity(text: string): { quantity: number; capped: boolean; corrected: boolean } | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const n = Number(trimmed)
  if (!Number.isFinite(n)) return null
  if (n > MAX_QUANTITY) return { quantity: MAX_QUANTITY, capped: true, corrected: false }
  const whole = Math.max(1, Math.trunc(n))
  return { quantity: whole, capped: false, corrected: whole !== n }
}

/**
 * Slots naming a variant their (known) item does not have, e.g. `west-dragon~bogus` from an old or edited
 * link: the variant is dropped and the item counts at its headline value. Modifiers on an item that takes
 * none (only Grow a Garden crops do), or a weight on a crop whose base weight is unknown, are dropped the
 * same way. Slots of unknown items are kept as they are (they are told apart elsewhere).
 */
export function dropUnknownVariants(
  slots: readonly TradeSlot[],
  items: ReadonlyMap<string, Pick<WflItem, 'id' | 'variants' | 'gameId' | 'category'>>,
): { slots: TradeSlot[]; dropped: TradeSlot[] } {
  const dropped: TradeSlot[] = []
  const kept = slots.map((slot) => {
    const item = isAmountSlot(slot) ? undefined : items.get(slot.itemId)
    if (!item) return slot
    const badVariant =
      slot.variant !== undefined && !(item.variants && Object.hasOwn(item.variants, slot.variant))
    const takes = takesModifiers(item)
    const badModifiers = slot.modifiers !== undefined && !modifiersFit(item, slot.modifiers)
    if (!badVariant && !badModifiers) return slot
    dropped.push(slot)
    const next: TradeSlot = { itemId: slot.itemId, quantity: slot.quantity }
    if (slot.variant !== undefined && !badVariant) next.variant = slot.variant
    if (slot.modifiers && takes.pet) {
      // A pet keeps its age; what a pet cannot hold (a weight, crop mutations) is dropped.
      if (slot.modifiers.age !== undefined) next.modifiers = { age: slot.modifiers.age }
    } else if (slot.modifiers && takes.modifiers) {
      const { kg: _kg, age: _age, ...rest } = slot.modifiers
      if (rest.variant || rest.mutations?.length) next.modifiers = rest
    }
    return next
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
  total: bigint
  counted: WflItem[]
  amounts: number
}

function tallySide(slots: readonly TradeSlot[], items: ReadonlyMap<string, WflItem>): SideTally {
  const unvalued: TradeSlot[] = []
  const counted: WflItem[] = []
  let total = 0n
  let valuedCount = 0
  let amounts = 0
  for (const slot of slots) {
    if (isAmountSlot(slot)) {
      total += toScaled(slot.amount)
      valuedCount += 1
      amounts += 1
      continue
    }
    const item = items.get(slot.itemId)
    const value = item ? exactUnitValue(item, slot) : null
    if (!item || value === null) {
      unvalued.push(slot)
      continue
    }
    total += value * BigInt(slot.quantity)
    valuedCount += slot.quantity
    counted.push(item)
  }
  const result: SideResult = {
    total: scaledNumber(total),
    exactTotal: scaledText(total),
    valuedCount,
    unvalued,
  }
  return { result, total, counted, amounts }
}

/** The in-game Beli prices of a side's items, exactly (typed amounts are no fruit: not counted). */
function beliTotal(slots: readonly TradeSlot[], items: ReadonlyMap<string, WflItem>): bigint {
  let sum = 0n
  for (const slot of slots) {
    const price = isAmountSlot(slot) ? null : items.get(slot.itemId)?.inGamePrice
    if (isNumber(price)) sum += toScaled(price) * BigInt(slot.quantity)
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

  // Exact: the difference, its percent and the band's edges compare BigInts (exactly 10% is Fair).
  const difference = get.total - give.total
  const larger = give.total > get.total ? give.total : get.total
  const percent = larger > 0n ? percentOf(difference, larger) : 0

  let verdict: Verdict | null = null
  if (give.result.valuedCount > 0 && get.result.valuedCount > 0) {
    const edge = BigInt(options.band) * larger
    if (difference * 100n > edge) verdict = 'win'
    else if (difference * 100n < -edge) verdict = 'loss'
    else verdict = 'fair'
  }

  // A typed amount is certain; only the counted items' demand lowers the confidence.
  const counted = [...give.counted, ...get.counted]
  let confidence: Confidence = counted.length === 0 && give.amounts + get.amounts === 0 ? 'low' : 'high'
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
    const gap = a > b ? a - b : b - a
    beliRefused = a > 0n && b > 0n && gap * SCALE > toScaled(BLOX_FRUITS_BELI_LIMIT) * (a > b ? a : b)
  }

  return {
    give: give.result,
    get: get.result,
    difference: scaledNumber(difference),
    exactDifference: scaledText(difference),
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
