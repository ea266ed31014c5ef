/** Number formats for item values, shared by the pages and the server-rendered previews. */

/** The suffixes traders use, one per power of a thousand: K = 1e3 … Dc = 1e33. */
export const VALUE_SUFFIXES = ['', 'K', 'M', 'B', 'T', 'Qa', 'Qi', 'Sx', 'Sp', 'Oc', 'No', 'Dc'] as const

/**
 * A number as `Intl.NumberFormat('en', { maximumFractionDigits })` writes it (1,234.5), written here:
 * a browser's first number format loads its locale data in one long task on a phone (decision 016).
 * Like Intl, it rounds the shortest decimal that reads back as the number (1.005 to 1.01), half away
 * from zero.
 */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return String(value)
  // The value is 0.{digits} × 10^point.
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e')
  let digits = mantissa!.replace('.', '')
  let point = Number(exponent) + 1
  const keep = point + maximumFractionDigits
  if (keep < digits.length) {
    const up = keep >= 0 && digits[keep]! >= '5'
    digits = digits.slice(0, Math.max(keep, 0))
    if (up) {
      const next = (BigInt(digits || '0') + 1n).toString()
      if (next.length > digits.length) point += 1
      digits = next
    }
  }
  const whole = point > 0 ? digits.slice(0, point).padEnd(point, '0') : '0'
  const fraction = (point >= 0 ? digits.slice(point) : '0'.repeat(-point) + digits).replace(/0+$/, '')
  const grouped = (whole || '0').replace(/\B(?=(\d{3})+$)/g, ',')
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}

/**
 * Decimals a unit needs: values under 1 (Adopt Me's 0.032) keep three, the rest two (Shadow Dragon
 * 3.675 reads 3.68); whole figures never show decimals.
 */
const plain = (value: number) => formatNumber(value, Math.abs(value) < 1 ? 3 : 2)

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
  return `${value < 0 ? '-' : ''}${formatNumber(scaled, 2)}${VALUE_SUFFIXES[tier]}`
}

/** The exact figure (grouped digits, the unit's decimals), for titles, the item page and screen readers. */
export function formatValueFull(value: number | null): string {
  if (value === null) return 'no value yet'
  return plain(value)
}

/** What a value input says, read: its number, or what is wrong with it (a sentence for under the field). */
export type ParsedValue = { ok: true; value: number } | { ok: false; problem: string }

export const VALUE_NOTATION_HINT = 'A number, or with a suffix as the site writes it: 700M, 80K, 1.5B, 2Sx'

const SUFFIX_TIERS = new Map(VALUE_SUFFIXES.map((suffix, tier) => [suffix.toLowerCase(), tier]))
const SUFFIX_LIST = `${VALUE_SUFFIXES.slice(1, -1).join(', ')} or ${VALUE_SUFFIXES.at(-1)}`
/** Digits grouped by commas (1,234,567) or not (1234567), an optional fraction; or only a fraction (.5). */
const AMOUNT = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?(?:e([+-]?\d{1,3}))?\s*([a-z]*)$/i

/**
 * The inverse of formatValue and formatValueFull: "700M", "80k", "1.5B", "2Sx", "5,000Dc", "640,000,000",
 * "0.032" and "1.2e9" read back as numbers (suffixes in any case, commas between thousands). Whatever
 * else is refused with a sentence saying how to write it.
 */
export function parseValue(input: string): ParsedValue {
  const text = input.trim()
  if (text === '') return { ok: false, problem: 'Enter a value' }
  const match = text.length > 60 ? null : AMOUNT.exec(text)
  if (!match || (match[2] === undefined && match[3] === undefined))
    return { ok: false, problem: `"${text.slice(0, 40)}" is not a value. ${VALUE_NOTATION_HINT}` }
  const [, sign, whole = '0', fraction = '', exponent, suffix = ''] = match
  const tier = SUFFIX_TIERS.get(suffix.toLowerCase())
  if (tier === undefined)
    return { ok: false, problem: `"${suffix.slice(0, 10)}" is not a value suffix: use ${SUFFIX_LIST}` }
  if (exponent !== undefined && tier > 0)
    return { ok: false, problem: `Write "${text.slice(0, 40)}" with a suffix or an exponent, not both` }
  // Read as one decimal literal, so 1.25Sx is exactly the double nearest 1.25e21.
  const value = Number(`${sign}${whole.replaceAll(',', '')}${fraction}e${Number(exponent ?? 0) + tier * 3}`)
  if (!Number.isFinite(value)) return { ok: false, problem: 'That value is too large' }
  return { ok: true, value: value === 0 ? 0 : value }
}

/**
 * A value as an input shows it for editing: the site's notation when it reads back as exactly the
 * same number (640M, 1.5K, 3.68), else every digit (778,890,343,314; 3.675). Empty for none.
 */
export function formatValueInput(value: number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const short = formatValue(value)
  const back = parseValue(short)
  return back.ok && back.value === value ? short : formatNumber(value, 20)
}
