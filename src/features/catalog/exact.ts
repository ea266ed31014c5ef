/**
 * Exact decimal arithmetic for the calculator's totals: a value is held as a BigInt of millionths
 * ("scaled"), so sums, differences and the verdict's comparison carry no float noise (3 × 1.9e22 is
 * 57,000,000,000,000,000,000,000, never 57,000,000,000,000,010,000,000). A value given as a JS number
 * is read as the shortest decimal that reads back as that number (what the catalog wrote: 3.675, 1e24).
 * Pure functions with no package imports: this module ships in the browser bundle.
 */

/** Decimals kept: values are whole millionths. */
export const SCALE_DIGITS = 6
/** 10^SCALE_DIGITS: one unit, scaled. */
export const SCALE = 10n ** BigInt(SCALE_DIGITS)

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i

/** `numerator / denominator` rounded half away from zero (denominator > 0). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n
  const n = negative ? -numerator : numerator
  const q = (n * 2n + denominator) / (denominator * 2n)
  return negative ? -q : q
}

/**
 * A decimal text (`3.675`, `1e+24`, `-0.5`, `57000000000000000000000`) scaled to millionths, rounded
 * half away from zero past the sixth decimal; null when it is not a decimal.
 */
export function scaleDecimal(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim())
  if (!match) return null
  const [, sign, whole = '0', fraction = '', exponentText] = match
  const digits = BigInt(`${whole}${fraction}`)
  // digits × 10^(exponent − fraction digits + SCALE_DIGITS)
  const shift = Number(exponentText ?? 0) - fraction.length + SCALE_DIGITS
  if (!Number.isSafeInteger(shift) || shift > 400) return null
  const scaled = shift >= 0 ? digits * 10n ** BigInt(shift) : divRound(digits, 10n ** BigInt(-shift))
  return sign === '-' ? -scaled : scaled
}

/** A finite JS number scaled to millionths, read as its shortest decimal (1.7 is exactly 1.7). */
export function toScaled(value: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite value: ${String(value)}`)
  return scaleDecimal(String(value)) ?? 0n
}

/** `a × b` of two scaled values, scaled, rounded half away from zero. */
export const mulScaled = (a: bigint, b: bigint): bigint => divRound(a * b, SCALE)

/** A scaled value as a plain decimal text, every digit, no grouping: `57000000000000000000000`, `3.675`, `-0.5`. */
export function scaledText(value: bigint): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(SCALE_DIGITS + 1, '0')
  const whole = digits.slice(0, -SCALE_DIGITS)
  const fraction = digits.slice(-SCALE_DIGITS).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** The JS number nearest a scaled value (for sorting, charts and the short notation: 57Sx). */
export const scaledNumber = (value: bigint): number => Number(scaledText(value))

/** Decimals a unit needs, as formatValueFull writes them: three under 1, else two. */
const decimalsFor = (value: bigint) => (value > -SCALE && value < SCALE ? 3 : 2)

/**
 * A scaled value with every digit, grouped, at the unit's decimals (formatValueFull's form, exactly):
 * `57,000,000,000,000,000,000,000`, `3.68`, `0.032`, `-1,234.5`.
 */
export function formatScaledFull(value: bigint): string {
  const keep = decimalsFor(value)
  const rounded = divRound(value, 10n ** BigInt(SCALE_DIGITS - keep))
  const negative = rounded < 0n
  const digits = (negative ? -rounded : rounded).toString().padStart(keep + 1, '0')
  const whole = digits.slice(0, -keep).replace(/\B(?=(\d{3})+$)/g, ',')
  const fraction = digits.slice(-keep).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * `numerator / denominator × 100` as a number (a percent), from exact values: exact to a millionth of
 * a percent, then read as a number. 0 when the denominator is 0.
 */
export function percentOf(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0
  return Number(divRound(numerator * 100n * SCALE, denominator)) / Number(SCALE)
}
