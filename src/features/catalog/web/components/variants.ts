/**
 * An item's variant keys in the order the game lists them (the database keeps object keys in its own
 * order), then any the game does not label.
 */
export function variantKeys(
  variants: Record<string, number | null> | null,
  labels: Record<string, string> | null,
): string[] {
  if (!variants) return []
  const listed = Object.keys(labels ?? {}).filter((key) => Object.hasOwn(variants, key))
  return [...listed, ...Object.keys(variants).filter((key) => !listed.includes(key))]
}
