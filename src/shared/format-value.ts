/** Number formats for item values, shared by the pages and the server-rendered previews. */

/** The suffixes traders use, one per power of a thousand: K = 1e3 … Dc = 1e33. */
export const VALUE_SUFFIXES = ['', 'K', 'M', 'B', 'T', 'Qa', 'Qi', 'Sx', 'Sp', 'Oc', 'No', 'Dc'] as const

const upTo2 = new Intl.NumberFormat('en', { maximumFractionDigits: 2 })
const upTo3 = new Intl.NumberFormat('en', { maximumFractionDigits: 3 })

/**
 * Decimals a unit needs: values under 1 (Adopt Me's 0.032) keep three, the rest two (Shadow Dragon
 * 3.675 reads 3.68); whole figures never show decimals.
 */
const plain = (value: number) => (Math.abs(value) < 1 ? upTo3 : upTo2).format(value)

/**
 * A value as traders write it: 3.68, 950, 640M, 3.91B, 1Sp (Grow a Garden reaches 1e24); never
 * scientific notation. Past Dc the number of Dc grows (1,000Dc). Null says so, never 0.
 */
export function formatValue(value: number | null): string {
  if (value === null) return 'no value yet'
  if (!Number.isFinite(value)) return String(value)
  const abs = Math.abs(value)
  if (abs < 1000) return plain(value)
  let tier = Math.min(Math.floor(Math.log10(abs) / 3), VALUE_SUFFIXES.length - 1)
  let scaled = Math.round((abs / 10 ** (tier * 3)) * 100) / 100
  // 999,999 rounds to 1000K: it reads 1M.
  if (scaled >= 1000 && tier < VALUE_SUFFIXES.length - 1) {
    tier += 1
    scaled = Math.round((abs / 10 ** (tier * 3)) * 100) / 100
  }
  return `${value < 0 ? '-' : ''}${upTo2.format(scaled)}${VALUE_SUFFIXES[tier]}`
}

/** The exact figure (grouped digits, the unit's decimals), for titles, the item page and screen readers. */
export function formatValueFull(value: number | null): string {
  if (value === null) return 'no value yet'
  return plain(value)
}
