import type { GameId } from '@/shared/games'
import {
  type CropModifiers,
  cropValue,
  describeModifiers,
  formatKg,
  GAG_CROPS,
  isGagCrop,
  isGagPet,
  isGagPetMutation,
  MAX_AGE,
  MAX_KG,
  MIN_AGE,
  MIN_KG,
  normalizeModifiers,
  petMutationOf,
  petValue,
} from './gag-modifiers'

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
 * The value of one unit of `item` in a slot: with a variant, that variant's value (null when the variant
 * has no value or the item does not know the variant); a Grow a Garden crop by its modifiers
 * (`cropValue`); else the item's own value.
 */
export function unitValue(item: WflItem, slot: Pick<TradeSlot, 'variant' | 'modifiers'> = {}): number | null {
  const variant = slot.variant
  const takes = variant === undefined ? takesModifiers(item) : null
  if (takes?.pet) {
    const value = petValue(isNumber(item.value) ? item.value : null, slot.modifiers ?? {})
    return isNumber(value) ? value : null
  }
  if (takes?.modifiers) {
    const value = cropValue(item.id, isNumber(item.value) ? item.value : null, slot.modifiers ?? {})
    return isNumber(value) ? value : null
  }
  if (variant === undefined) return isNumber(item.value) ? item.value : null
  if (item.variants === null || !Object.hasOwn(item.variants, variant)) return null
  const v = item.variants[variant]
  return isNumber(v) ? v : null
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
    const item = items.get(slot.itemId)
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
  counted: WflItem[]
}

function tallySide(slots: readonly TradeSlot[], items: ReadonlyMap<string, WflItem>): SideTally {
  const result: SideResult = { total: 0, valuedCount: 0, unvalued: [] }
  const counted: WflItem[] = []
  for (const slot of slots) {
    const item = items.get(slot.itemId)
    const value = item ? unitValue(item, slot) : null
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

const SLOT_PATTERN =
  /^([a-z0-9-]{1,120})(?:~([a-z0-9-]{1,120}))?(?:!([a-z]{1,40}(?:\.[a-z]{1,40}){0,15}))?(?:_(\d{1,5}(?:\.\d{1,2})?))?(?:@(\d{1,3}))?(?:\*([^*~]*))?$/

/** A crop's modifiers from a share link's `!gold.wet.shocked` and `_0.55`; null when a key names nothing or the weight is out of range. */
function readModifiers(
  keys: string | undefined,
  kgText: string | undefined,
  ageText: string | undefined,
): CropModifiers | null | undefined {
  if (keys === undefined && kgText === undefined && ageText === undefined) return undefined
  const modifiers: CropModifiers = {}
  if (ageText !== undefined) {
    const age = Number(ageText)
    if (age < MIN_AGE || age > MAX_AGE) return null
    modifiers.age = age
  }
  const list = keys?.split('.') ?? []
  const { variant, mutations, unknown } = normalizeModifiers(list)
  // A pet's one mutation that no crop holds (Golden, Shiny, Ascended, …): kept as it is.
  const [only] = list
  if (unknown.length > 0 && list.length === 1 && only !== undefined && isGagPetMutation(only)) {
    modifiers.mutations = [only]
    return kgText === undefined ? modifiers : null
  }
  if (unknown.length > 0) return null
  if (variant) modifiers.variant = variant
  if (mutations.length > 0) modifiers.mutations = mutations
  if (kgText !== undefined) {
    const kg = Number(kgText)
    if (kg < MIN_KG || kg > MAX_KG) return null
    modifiers.kg = kg
  }
  return modifiers
}

/**
 * Reads one side of a share link: comma-separated slots `itemId[~variant][!modifiers][_kg][@age][*quantity]`, e.g.
 * `kitsune,dough*2,dragon~permanent` or `carrot!gold.shocked.wet_0.55*2` (a Grow a Garden crop: variant and
 * mutations joined by dots, then its weight in kg) or `raccoon!golden@45` (a pet: its mutation and age). Parts that do not match, name an unknown modifier or a
 * weight out of range, have a quantity that is not a whole number from 1 to MAX_QUANTITY, or come after
 * MAX_SLOTS_PER_SIDE valid slots are returned in `dropped` (raw, for telling the user). Empty parts (e.g.
 * from a trailing comma) are ignored.
 */
export function parseTradeParam(param: string | null): { slots: TradeSlot[]; dropped: string[] } {
  const slots: TradeSlot[] = []
  const dropped: string[] = []
  if (!param) return { slots, dropped }
  for (const raw of param.split(',')) {
    const part = raw.trim()
    if (part === '') continue
    const match = SLOT_PATTERN.exec(part)
    const qText = match?.[6]
    const quantity = qText === undefined ? 1 : /^\d{1,4}$/.test(qText) ? Number(qText) : Number.NaN
    const modifiers = match ? readModifiers(match[3], match[4], match[5]) : null
    if (
      !match?.[1] ||
      modifiers === null ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > MAX_QUANTITY
    ) {
      dropped.push(part)
      continue
    }
    if (slots.length >= MAX_SLOTS_PER_SIDE) {
      dropped.push(part)
      continue
    }
    const slot: TradeSlot = { itemId: match[1], quantity }
    if (match[2] !== undefined) slot.variant = match[2]
    if (modifiers && Object.keys(modifiers).length > 0) slot.modifiers = modifiers
    slots.push(slot)
  }
  return { slots, dropped }
}

/** A slot's modifiers in a share link: `!gold.shocked.wet_0.55`, a pet's `!golden@45` ('' without any). */
function formatModifiers(modifiers: CropModifiers | undefined): string {
  if (!modifiers) return ''
  const keys = [...(modifiers.variant ? [modifiers.variant] : []), ...(modifiers.mutations ?? [])]
  return `${keys.length > 0 ? `!${keys.join('.')}` : ''}${modifiers.kg === undefined ? '' : `_${formatKg(modifiers.kg)}`}${modifiers.age === undefined ? '' : `@${modifiers.age}`}`
}

/** Writes one side of a share link in the canonical form `itemId[~variant][!modifiers][_kg][@age][*quantity]`, quantity 1 omitted. */
export function formatTradeParam(slots: TradeSlot[]): string {
  return slots
    .map(
      (s) =>
        `${s.itemId}${s.variant ? `~${s.variant}` : ''}${formatModifiers(s.modifiers)}${s.quantity === 1 ? '' : `*${s.quantity}`}`,
    )
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
      const mods = s.modifiers ? describeModifiers(s.modifiers) : ''
      const name = `${names.get(s.itemId) ?? s.itemId}${mods ? ` (${mods})` : ''}`
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
