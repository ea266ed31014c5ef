/**
 * Grow a Garden crops are traded by variant, mutations and weight. This module is the one rule for what
 * they do to a crop's value (item page, calculator, share-link image), with the game's tables. Facts and
 * their sources: catalog/README.md ("Grow a Garden modifiers"); choices: docs/decisions/025.
 * Pure data and functions with no package imports: it ships in the browser bundle.
 */

export { isGagCrop, isGagPet } from './gag-kinds'

/** A crop's variant: one per fruit; it multiplies the whole value. `normal` is the crop without one. */
export const GAG_VARIANTS = {
  normal: { label: 'Normal', multiplier: 1 },
  silver: { label: 'Silver', multiplier: 5 },
  gold: { label: 'Gold', multiplier: 20 },
  rainbow: { label: 'Rainbow', multiplier: 50 },
  diamond: { label: 'Diamond', multiplier: 50 },
} as const satisfies Record<string, { label: string; multiplier: number }>
export type GagVariant = keyof typeof GAG_VARIANTS

/** Environmental mutations by multiplier, in the game's spelling (keys are the lower-cased names). */
const MUTATIONS_BY_MULTIPLIER: Record<number, string> = {
  2: 'Wet Chilled Moonlit Windstruck Choc Glimmering Arid Glossy Nocturnal',
  3: 'Pollinated Sandy Sauce Meatball Pasta Aromatic Moist Vamp',
  4: 'Bloodlit Burnt Cracked Verdant Wiltproof Fall',
  5: 'Clay Cloudtouched Drenched Heavenly HoneyGlazed Plasma Twisted',
  6: 'Lush Wildfast',
  7: 'Brewed',
  8: 'Bloom Fried Rot Static Spooky Wilt',
  10: 'Amber Cooked Frozen',
  12: 'Tempestuous',
  13: 'Mirage',
  15: 'Acidic Boil Chakra CorruptChakra Gnomed Jackpot Oil Spaghetti Toxic Gilded Gourmet',
  20: 'Corrupt Eclipsed OldAmber Tranquil',
  23: 'Monsoon',
  25: 'Flaming Molten Zombified Crystalized Ghostly Moonbled',
  30: 'Gloom OilBoil',
  32: 'Ceramic',
  35: 'Enlightened HarmonisedChakra',
  40: 'Corrosive Subzero',
  45: 'Junkshock',
  50: 'AncientAmber Blitzshock Cyclonic Enchanted Fortune Lightcycle Luminous Sliced Stampede',
  52: 'Blazing',
  55: 'Radioactive',
  70: 'Friendbound',
  75: 'Infected Warped',
  77: 'Graceful',
  85: 'Glitched Sundried',
  90: 'Aurora FoxfireChakra CorruptFoxfireChakra',
  92: 'Leeched',
  95: 'Blackout Slashbound',
  100: 'Shocked Alienlike Beanbound Brainrot Maelstrom Paradisal',
  102: 'Plagued',
  105: 'Touchdown',
  120: 'Celestial Galactic',
  125: 'Disco Meteoric',
  135: 'Voidtouched',
  150: 'Dawnbound',
  157: 'Biohazard',
  180: 'Infernal Stormcharged',
  190: 'HarmonisedFoxfireChakra',
  205: 'Contagion',
  230: 'AscendedChakra',
  240: 'Abyssal Cosmic',
  365: 'Astral',
}

export interface GagMutation {
  key: string
  label: string
  multiplier: number
}

/**
 * Every mutation with a known multiplier, by key (`honeyglazed`), in alphabetical order: ordered by the
 * lower-case key, not `localeCompare` (whose first call loads the browser's collation data in the
 * pages' start, ~10 ms on a phone; the order is the same, a test checks it).
 */
export const GAG_MUTATIONS: ReadonlyMap<string, GagMutation> = new Map(
  Object.entries(MUTATIONS_BY_MULTIPLIER)
    .flatMap(([multiplier, names]) =>
      names.split(' ').map((label) => ({ key: label.toLowerCase(), label, multiplier: Number(multiplier) })),
    )
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((m) => [m.key, m] as const),
)

/** Mutations a fruit cannot hold together: the game (and traders) keep the one worth most. */
const EXCLUSIVE_GROUPS: readonly (readonly string[])[] = [
  ['chilled', 'wet', 'frozen', 'drenched'],
  ['cooked', 'burnt'],
  ['amber', 'oldamber', 'ancientamber'],
  ['sandy', 'clay'],
  ['clay', 'ceramic'],
  ['tempestuous', 'windstruck', 'twisted'],
  ['paradisal', 'verdant', 'sundried'],
]

/** Fusions: when a fruit holds one of each group's mutations, they become the fused mutation. */
const FUSIONS: readonly { key: string; from: readonly (readonly string[])[] }[] = [
  { key: 'frozen', from: [['wet', 'drenched'], ['chilled']] },
  { key: 'clay', from: [['wet'], ['sandy']] },
  { key: 'ceramic', from: [['clay'], ['sundried']] },
  { key: 'tempestuous', from: [['windstruck'], ['twisted']] },
  { key: 'paradisal', from: [['verdant'], ['sundried']] },
  { key: 'gloom', from: [['bloom'], ['rot']] },
  { key: 'oilboil', from: [['oil'], ['boil']] },
  { key: 'blazing', from: [['molten'], ['flaming']] },
  { key: 'infernal', from: [['meteoric'], ['blazing']] },
  { key: 'maelstrom', from: [['tempestuous'], ['cyclonic']] },
  { key: 'stormcharged', from: [['static'], ['shocked'], ['tempestuous']] },
  { key: 'cosmic', from: [['celestial'], ['aurora']] },
  { key: 'astral', from: [['cosmic'], ['galactic']] },
  { key: 'abyssal', from: [['eclipsed'], ['voidtouched']] },
  { key: 'corrosive', from: [['acidic'], ['toxic']] },
  { key: 'plagued', from: [['infected'], ['zombified']] },
  { key: 'biohazard', from: [['radioactive'], ['plagued']] },
  { key: 'contagion', from: [['corrosive'], ['biohazard']] },
  { key: 'harmonisedchakra', from: [['chakra'], ['corruptchakra']] },
  { key: 'harmonisedfoxfirechakra', from: [['foxfirechakra'], ['corruptfoxfirechakra']] },
  { key: 'ascendedchakra', from: [['harmonisedchakra'], ['harmonisedfoxfirechakra']] },
]

/** A crop's game data: base weight in kg and base sell value in Sheckles (only crops the sources give). */
export const GAG_CROPS: Readonly<Record<string, { baseWeight: number; baseValue: number }>> = {
  carrot: { baseWeight: 0.275, baseValue: 20 },
  strawberry: { baseWeight: 0.3, baseValue: 15 },
  tomato: { baseWeight: 0.5, baseValue: 30 },
  watermelon: { baseWeight: 7, baseValue: 3_000 },
  mushroom: { baseWeight: 25, baseValue: 151_000 },
  beanstalk: { baseWeight: 10, baseValue: 28_000 },
  'sugar-apple': { baseWeight: 9, baseValue: 48_000 },
  'candy-blossom': { baseWeight: 3, baseValue: 100_000 },
  'bone-blossom': { baseWeight: 3, baseValue: 200_000 },
  sunflower: { baseWeight: 9, baseValue: 55_555 },
}

/** The lightest and heaviest weight a trader can enter, in kg (two decimals, as the game shows it). */
export const MIN_KG = 0.01
export const MAX_KG = 99_999

/**
 * What a slot says of a crop: its variant, its mutations and its weight (kg), all optional. A pet holds
 * at most one pet mutation (in `mutations`, or Rainbow as `variant`, as a share link reads it) and its age.
 */
export interface CropModifiers {
  variant?: GagVariant
  mutations?: string[]
  kg?: number
  /** A pet's age, MIN_AGE..MAX_AGE. */
  age?: number
}

export const isGagVariant = (key: string): key is GagVariant => Object.hasOwn(GAG_VARIANTS, key)

/**
 * Modifier keys as the game would hold them: one variant (the last named), known mutations only,
 * fusions made (Wet + Chilled = Frozen), then the best of each exclusive group; mutations sorted.
 * `unknown` lists the keys that name nothing.
 */
export function normalizeModifiers(keys: readonly string[]): {
  variant?: GagVariant
  mutations: string[]
  unknown: string[]
} {
  let variant: GagVariant | undefined
  const unknown: string[] = []
  const held = new Set<string>()
  for (const key of keys) {
    if (isGagVariant(key)) variant = key === 'normal' ? undefined : key
    else if (GAG_MUTATIONS.has(key)) held.add(key)
    else unknown.push(key)
  }
  for (let changed = true; changed; ) {
    changed = false
    for (const fusion of FUSIONS) {
      const parts = fusion.from.map((group) => group.find((k) => held.has(k)))
      if (parts.some((k) => k === undefined)) continue
      for (const k of parts) held.delete(k as string)
      held.add(fusion.key)
      changed = true
    }
  }
  for (const group of EXCLUSIVE_GROUPS) {
    const present = group.filter((k) => held.has(k))
    if (present.length < 2) continue
    const best = present.reduce((a, b) => (multiplierOf(b) > multiplierOf(a) ? b : a))
    for (const k of present) if (k !== best) held.delete(k)
  }
  const mutations = [...held].sort()
  return variant ? { variant, mutations, unknown } : { mutations, unknown }
}

const multiplierOf = (key: string) => GAG_MUTATIONS.get(key)?.multiplier ?? 1

/** The environmental mutations' multiplier: they add up, `max(1, 1 + Σ(m − 1))`. */
export function mutationMultiplier(mutations: readonly string[]): number {
  return Math.max(1, 1 + mutations.reduce((sum, key) => sum + multiplierOf(key) - 1, 0))
}

/** The weight factor `max(W / BW, 0.95)²`: value grows with the square of the weight, floored at 95%. */
export function weightFactor(kg: number | undefined, baseWeight: number | undefined): number {
  if (kg === undefined || baseWeight === undefined) return 1
  const ratio = Math.max(kg / baseWeight, 0.95)
  return ratio * ratio
}

/** The game's high-value compression (Oct 2025): piecewise linear above 1T, past the last point at its slope. */
const COMPRESSION: readonly (readonly [number, number])[] = [
  [0, 0],
  [1e12, 1e12],
  [20e12, 10e12],
  [50e12, 25e12],
  [100e12, 40e12],
  [750e12, 280e12],
]
export function compressValue(value: number): number {
  if (value <= 1e12) return value
  for (let i = 1; i < COMPRESSION.length; i++) {
    const [x0, y0] = COMPRESSION[i - 1] as readonly [number, number]
    const [x1, y1] = COMPRESSION[i] as readonly [number, number]
    if (value <= x1 || i === COMPRESSION.length - 1) return y0 + ((value - x0) * (y1 - y0)) / (x1 - x0)
  }
  return value
}

/**
 * A crop's in-game sell value in Sheckles, as the game computes it:
 * `round(BaseValue × Variant × (1 + Σm − N) × max(W/BW, 0.95)²)`, compressed above 1T.
 * Without a weight the crop is at its base weight.
 */
export function cropSellValue(crop: { baseWeight: number; baseValue: number }, mods: CropModifiers): number {
  const variant = GAG_VARIANTS[mods.variant ?? 'normal'].multiplier
  const raw =
    crop.baseValue *
    variant *
    mutationMultiplier(mods.mutations ?? []) *
    weightFactor(mods.kg, crop.baseWeight)
  return Math.round(compressValue(raw))
}

/**
 * How many times a Normal crop at its base weight the modified crop is worth: the same ratio the game
 * applies to its sell value (the weight counts only where the crop's base weight is known).
 */
export function modifierRatio(itemId: string, mods: CropModifiers): number {
  const crop = GAG_CROPS[itemId]
  if (crop) return cropSellValue(crop, mods) / cropSellValue(crop, {})
  return GAG_VARIANTS[mods.variant ?? 'normal'].multiplier * mutationMultiplier(mods.mutations ?? [])
}

/**
 * A crop's value with its modifiers: its community trade value times {@link modifierRatio}; a crop
 * with no trade value counts at its in-game sell value where the game data is known; else null.
 */
export function cropValue(itemId: string, tradeValue: number | null, mods: CropModifiers): number | null {
  if (tradeValue !== null) return tradeValue * modifierRatio(itemId, mods)
  const crop = GAG_CROPS[itemId]
  return crop ? cropSellValue(crop, mods) : null
}

/** `0.55 kg · Gold · Shocked · Wet`: a slot's modifiers in the game's words (weight first, as traders say it), or '' without any. */
export function describeModifiers(mods: CropModifiers): string {
  return [
    mods.kg === undefined ? null : `${formatKg(mods.kg)} kg`,
    mods.age === undefined ? null : `Age ${mods.age}`,
    mods.variant ? GAG_VARIANTS[mods.variant].label : null,
    ...(mods.mutations ?? []).map(
      (k) => GAG_MUTATIONS.get(k)?.label ?? (isGagPetMutation(k) ? GAG_PET_MUTATIONS[k].label : k),
    ),
  ]
    .filter(Boolean)
    .join(' · ')
}

/** A weight as the game shows it: at most two decimals (`0.55`, `12`). */
export const formatKg = (kg: number) => String(Math.round(kg * 100) / 100)

/**
 * Pet mutations (one per pet) and their trade multipliers. The game's pet mutations do not change a
 * pet's sell price and no source gives trade multipliers between 1× (none) and 5× (Ascended), so these
 * are TradeHub's defaults pending the value team: ranked by rarity, from the mutation machine's weights
 * (Shiny 100, Inverted 50, Windy/Frozen 30, Golden/Mega/Tiny 20, Shocked/Rainbow/IronSkin/Radiant 10,
 * Ascended 1): the rarer, the higher. Choice recorded in docs/decisions/030.
 */
export const GAG_PET_MUTATIONS = {
  shiny: { label: 'Shiny', multiplier: 1.1 },
  inverted: { label: 'Inverted', multiplier: 1.2 },
  windy: { label: 'Windy', multiplier: 1.3 },
  frozen: { label: 'Frozen', multiplier: 1.3 },
  golden: { label: 'Golden', multiplier: 1.5 },
  mega: { label: 'Mega', multiplier: 1.5 },
  tiny: { label: 'Tiny', multiplier: 1.5 },
  shocked: { label: 'Shocked', multiplier: 2 },
  rainbow: { label: 'Rainbow', multiplier: 2 },
  ironskin: { label: 'IronSkin', multiplier: 2 },
  radiant: { label: 'Radiant', multiplier: 2 },
  ascended: { label: 'Ascended', multiplier: 5 },
} as const satisfies Record<string, { label: string; multiplier: number }>
export type GagPetMutation = keyof typeof GAG_PET_MUTATIONS

export const isGagPetMutation = (key: string): key is GagPetMutation => Object.hasOwn(GAG_PET_MUTATIONS, key)

/** A pet's age range; its weight stops growing at age 100. */
export const MIN_AGE = 1
export const MAX_AGE = 100

/** A pet's weight at an age from its age-1 weight: `W1 × (age + 10) / 11` (age 100 = 10× the age-1 weight). */
export const petWeightAtAge = (ageOneKg: number, age: number) =>
  (ageOneKg * (Math.min(age, MAX_AGE) + 10)) / 11

/** The inverse: the age at which a pet of age-1 weight `ageOneKg` weighs `kg`, `11 × kg / W1 − 10`. */
export const petAgeAtWeight = (ageOneKg: number, kg: number) => (11 * kg) / ageOneKg - 10

/** A pet's age-1 weight from what the game shows (its weight at an age). */
export const petAgeOneWeight = (kg: number, age: number) => (11 * kg) / (Math.min(age, MAX_AGE) + 10)

/**
 * A pet's mutation as its modifiers hold it: null without one, undefined when they hold something a pet
 * cannot (a crop mutation, several mutations, a weight).
 */
export function petMutationOf(mods: CropModifiers): GagPetMutation | null | undefined {
  if (mods.kg !== undefined) return undefined
  const keys = [...(mods.variant ? [mods.variant] : []), ...(mods.mutations ?? [])]
  if (keys.length === 0) return null
  const [key] = keys
  return keys.length === 1 && key !== undefined && isGagPetMutation(key) ? key : undefined
}

/** A pet's modifiers from its mutation and age, in the form a share link reads back (Rainbow as the variant). */
export function petModifiers(mutation: GagPetMutation | null, age: number | undefined): CropModifiers {
  const mods: CropModifiers =
    mutation === 'rainbow' ? { variant: 'rainbow' } : mutation ? { mutations: [mutation] } : {}
  if (age !== undefined) mods.age = age
  return mods
}

/**
 * How many times its plain value a pet is worth: its mutation's multiplier times its weight relative to
 * its age-1 weight, `(age + 10) / 11`, capped at age 100 (10×). Without a mutation or an age: 1.
 */
export function petRatio(mods: CropModifiers): number {
  const mutation = petMutationOf(mods)
  const m = mutation ? GAG_PET_MUTATIONS[mutation].multiplier : 1
  return m * (mods.age === undefined ? 1 : petWeightAtAge(1, mods.age))
}

/** A pet's value with its mutation and age: its trade value × {@link petRatio}; null without a trade value. */
export const petValue = (tradeValue: number | null, mods: CropModifiers) =>
  tradeValue === null ? null : tradeValue * petRatio(mods)
