import unhomoglyph from 'unhomoglyph'

/** One pass: Unicode's confusables map (UTS #39's skeleton: decomposed, mapped, decomposed), then lower case. */
const fold = (name: string) => unhomoglyph(name.normalize('NFD')).normalize('NFD').toLowerCase()

/**
 * What a display name looks like, for the uniqueness rule: two names that read alike on a page share it
 * ('P_BOB', 'p_bоb' with a Cyrillic о, 'P_B0B', fullwidth 'Ｐ_ＢＯＢ'), so nobody can pass for another
 * trader next to their offers. Compatibility forms are folded first (NFKC); then the confusables map of
 * Unicode's TR39 (the `unhomoglyph` package ships its data) runs on the name as written (a capital I reads
 * as a small l) and again on its lower case (the map gives 'O' for '0', read as 'o'). Case alone is the
 * other half of the rule (the lower-case index). Not for showing: 'm' becomes 'rn'.
 */
export function nameSkeleton(name: string): string {
  return fold(fold(name.normalize('NFKC')))
}

/**
 * What a name is compared by where it must not pass for another: its skeleton as written and in lower
 * case. The skeleton reads a capital I as a small l, so 'Ivan' meets 'lvan' by the first and 'ivan' by
 * the second.
 */
export const nameKeys = (name: string): string[] => [
  ...new Set([nameSkeleton(name), nameSkeleton(name.toLowerCase())]),
]

/** Whether two names read alike: in any case, in look-alike letters (they share a key). */
export function looksAlike(a: string, b: string): boolean {
  const keys = nameKeys(b)
  return nameKeys(a).some((key) => keys.includes(key))
}
