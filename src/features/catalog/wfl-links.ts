/**
 * A trade in an address and in words: the share link's `give=`/`get=` (slots, variants, a crop's or a
 * pet's modifiers, typed amounts) and a trade's title for pages and previews. The evaluation itself is
 * wfl.ts.
 */
import { amountLabel, amountLinkText, readAmount } from './amounts'
import {
  type CropModifiers,
  describeModifiers,
  formatKg,
  isGagPetMutation,
  MAX_AGE,
  MAX_KG,
  MIN_AGE,
  MIN_KG,
  normalizeModifiers,
} from './gag-modifiers'
import {
  amountSlot,
  isAmountSlot,
  MAX_QUANTITY,
  MAX_SLOTS_PER_SIDE,
  type Trade,
  type TradeResult,
  type TradeSlot,
  type Verdict,
} from './wfl'

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

/** An amount slot in a share link: `$` and the amount (`$700M`, `$1.5K`, `$1234567`). */
const AMOUNT_PATTERN = /^\$([0-9.]{1,30}[a-zA-Z]{0,2})$/

/**
 * Reads one side of a share link: comma-separated slots `itemId[~variant][!modifiers][_kg][@age][*quantity]`
 * or typed amounts `$700M` (read by `readAmount`: no quantity, and what it refuses is dropped), e.g.
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
    if (part.startsWith('$')) {
      const amountText = AMOUNT_PATTERN.exec(part)?.[1]
      const read = amountText === undefined ? null : readAmount(amountText)
      if (read?.ok && slots.length < MAX_SLOTS_PER_SIDE) slots.push(amountSlot(read.amount))
      else dropped.push(part)
      continue
    }
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

/**
 * Writes one side of a share link in the canonical form `itemId[~variant][!modifiers][_kg][@age][*quantity]`,
 * quantity 1 omitted, and typed amounts as `$700M`.
 */
export function formatTradeParam(slots: readonly TradeSlot[]): string {
  return slots
    .map((s) =>
      isAmountSlot(s)
        ? `$${amountLinkText(s.amount)}`
        : `${s.itemId}${s.variant ? `~${s.variant}` : ''}${formatModifiers(s.modifiers)}${s.quantity === 1 ? '' : `*${s.quantity}`}`,
    )
    .join(',')
}

const VERDICT_LABEL: Record<Verdict, string> = { win: 'Win', fair: 'Fair', loss: 'Loss' }

function unitCount(slots: readonly TradeSlot[]): number {
  return slots.reduce((n, s) => n + s.quantity, 0)
}

function sideNames(slots: readonly TradeSlot[], names: ReadonlyMap<string, string>, game: string): string {
  if (slots.length === 0) return 'nothing'
  return slots
    .map((s) => {
      if (isAmountSlot(s)) return amountLabel(game, s.amount)
      const mods = s.modifiers ? describeModifiers(s.modifiers) : ''
      const name = `${names.get(s.itemId) ?? s.itemId}${mods ? ` (${mods})` : ''}`
      return s.quantity > 1 ? `${name} ×${s.quantity}` : name
    })
    .join(' + ')
}

/**
 * A share-preview title, e.g. `Win: 2 items for 1 — Kitsune + Dough for Dragon` (`Trade:` when there is no
 * verdict); a typed amount reads with its game's unit (`Kitsune for 700M Beli`). Names missing from
 * `names` fall back to the item id.
 */
export function tradeTitle(
  result: TradeResult,
  trade: Trade,
  names: ReadonlyMap<string, string>,
  game = '',
): string {
  const label = result.verdict ? VERDICT_LABEL[result.verdict] : 'Trade'
  const giveCount = unitCount(trade.give)
  const getCount = unitCount(trade.get)
  const noun = giveCount === 1 ? 'item' : 'items'
  return `${label}: ${giveCount} ${noun} for ${getCount} — ${sideNames(trade.give, names, game)} for ${sideNames(trade.get, names, game)}`
}
