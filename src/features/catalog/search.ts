/**
 * Normalises text for search: accents removed, lowercase, punctuation folded to single spaces.
 * Item names are stored in this form, and queries are normalised the same way before matching.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * Edits (a letter added, dropped, changed, or two neighbours swapped) between two words, stopping once
 * more than `max` are needed (then `max + 1`).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1)
      current.push(d)
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/** How many typing mistakes a word of the query may hold: none in short words, one, two in long ones. */
const typosAllowed = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2)

/** A word of the query is a word of the name, or its start, give or take a typo. */
function nearWord(nameWords: string[], word: string): boolean {
  const max = typosAllowed(word)
  if (max === 0) return false
  return nameWords.some(
    (w) =>
      editDistance(word, w, max) <= max ||
      (w.length > word.length && editDistance(word, w.slice(0, word.length), max) <= max),
  )
}

/**
 * How well names (an item's name and other names, normalised) match a normalised query: 0 a name is the
 * query, 1 a name starts with it, 2 a name holds every word of it; then typos ("drgon" finds Dragon,
 * "kitsnue" Kitsune): 3 a name is the query give or take a typo, 4 every word is near a word of one
 * name; null: no match.
 */
export function matchRank(names: readonly string[], query: string): 0 | 1 | 2 | 3 | 4 | null {
  if (names.includes(query)) return 0
  if (names.some((name) => name.startsWith(query))) return 1
  const words = query.split(' ')
  if (names.some((name) => words.every((w) => name.includes(w)))) return 2
  const max = typosAllowed(query)
  if (max > 0 && names.some((name) => editDistance(query, name, max) <= max)) return 3
  if (names.some((name) => words.every((w) => name.includes(w) || nearWord(name.split(' '), w)))) return 4
  return null
}

/**
 * What traders type for a game's variants (the catalog's variant keys), normalised, longest first:
 * Adopt Me's potions (`nfr frost` is a Neon Fly Ride Frost Dragon), Blox Fruits' permanent fruits, Pet
 * Simulator's and PETS GO!'s golden, rainbow and shiny pets. A word of an item's own name is never read
 * as a variant (`rainbow slime` still finds Huge Rainbow Slime).
 */
const PET_SIM_VARIANT_WORDS: readonly (readonly [string, string])[] = [
  ['golden shiny', 'golden-shiny'],
  ['shiny golden', 'golden-shiny'],
  ['rainbow shiny', 'rainbow-shiny'],
  ['shiny rainbow', 'rainbow-shiny'],
  ['golden', 'golden'],
  ['gold', 'golden'],
  ['rainbow', 'rainbow'],
  ['rb', 'rainbow'],
  ['shiny', 'shiny'],
]
export const VARIANT_WORDS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  'adopt-me': [
    ['mega neon fly ride', 'mega-neon-fly-ride'],
    ['mega neon', 'mega-neon-fly-ride'],
    ['mfr', 'mega-neon-fly-ride'],
    ['mega', 'mega-neon-fly-ride'],
    ['neon fly ride', 'neon-fly-ride'],
    ['nfr', 'neon-fly-ride'],
    ['neon', 'neon-fly-ride'],
    ['fly ride', 'fly-ride'],
    ['fr', 'fly-ride'],
    ['no potion', 'normal'],
    ['np', 'normal'],
  ],
  'blox-fruits': [
    ['permanent', 'permanent'],
    ['perm', 'permanent'],
    ['physical', 'physical'],
  ],
  'pet-simulator-99': PET_SIM_VARIANT_WORDS,
  'pets-go': PET_SIM_VARIANT_WORDS,
}

/**
 * Former names of renamed items, per game and item id, that search knows besides the aliases an item
 * holds in the catalog (which editors extend): Blox Fruits' renamed fruits.
 */
export const RENAMED_ITEMS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'blox-fruits': {
    tiger: ['Leopard'],
    lightning: ['Rumble'],
    eagle: ['Falcon'],
    blade: ['Chop'],
    spirit: ['Soul'],
    portal: ['Door'],
  },
}

/** Every other name search knows for an item: its catalog aliases and its former names, normalised, once each. */
export function searchAliases(game: string, itemId: string, aliases: readonly string[]): string[] {
  const renamed = Object.hasOwn(RENAMED_ITEMS, game) ? RENAMED_ITEMS[game]! : {}
  const former = Object.hasOwn(renamed, itemId) ? renamed[itemId]! : []
  return [...new Set([...aliases, ...former].map(normalizeSearch).filter(Boolean))]
}

/**
 * The variant a normalised query names for a game, and the rest of the query: `nfr frost` in Adopt Me
 * is `{ variant: 'neon-fly-ride', phrase: 'nfr', rest: 'frost' }`; null when it names none. The first variant words
 * (whole words, longest first) count; the rest keeps its order.
 */
export function readVariantWords(
  game: string,
  query: string,
): { variant: string; phrase: string; rest: string } | null {
  const words = Object.hasOwn(VARIANT_WORDS, game) ? VARIANT_WORDS[game]! : []
  const padded = ` ${query} `
  for (const [phrase, variant] of words) {
    const at = padded.indexOf(` ${phrase} `)
    if (at === -1) continue
    const rest = `${padded.slice(0, at)} ${padded.slice(at + phrase.length + 2)}`.replace(/\s+/g, ' ').trim()
    return { variant, phrase, rest }
  }
  return null
}

/** Whether an item's normalised names hold the words as whole words (then they name the item, not a variant). */
const holdsWords = (names: readonly string[], phrase: string) =>
  names.some((name) => ` ${name} `.includes(` ${phrase} `))

/**
 * How well an item matches a normalised query in its game, variant words included, and the variant the
 * query names for it: `nfr frost` finds Frost Dragon (its rest, `frost`, starts the name) as a Neon Fly
 * Ride; `neon` alone finds every item with a Neon Fly Ride (rank 2, as a word found). `variants`: the
 * item's variant keys with the game's default variant. The better of the plain match and the variant
 * match counts; the variant is given only when the item has it and its names do not hold the words.
 */
export function matchItem(
  game: string,
  names: readonly string[],
  variants: readonly string[],
  query: string,
): { rank: 0 | 1 | 2 | 3 | 4; variant?: string } | null {
  const plain = matchRank(names, query)
  const named = readVariantWords(game, query)
  if (!named || !variants.includes(named.variant)) return plain === null ? null : { rank: plain }
  if (holdsWords(names, named.phrase)) return plain === null ? null : { rank: plain }
  const rest = named.rest === '' ? 2 : matchRank(names, named.rest)
  if (rest === null) return plain === null ? null : { rank: plain }
  if (plain !== null && plain <= rest) return { rank: plain }
  return { rank: rest, variant: named.variant }
}
