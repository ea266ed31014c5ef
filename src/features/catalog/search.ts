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
