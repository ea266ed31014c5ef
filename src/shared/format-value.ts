/** Number formats for item values, shared by the pages and the server-rendered previews. */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 })
const scientific = new Intl.NumberFormat('en', { notation: 'scientific', maximumFractionDigits: 2 })
const full = new Intl.NumberFormat('en', { maximumFractionDigits: 0 })

/** Values span 1 to 1e24: compact notation, scientific past a quadrillion; null says so, never 0. */
export function formatValue(value: number | null): string {
  if (value === null) return 'no value yet'
  return Math.abs(value) >= 1e15 ? scientific.format(value) : compact.format(value)
}

/** The exact figure, for titles and screen readers. */
export function formatValueFull(value: number | null): string {
  if (value === null) return 'no value yet'
  return Math.abs(value) >= 1e15 ? scientific.format(value) : full.format(value)
}
